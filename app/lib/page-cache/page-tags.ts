// The names that tie a stored page to what it shows (ADR 024): a page carries the tags of
// the data its loaders read, and a write drops the pages carrying the tags it names. One
// vocabulary for both sides, so that a mistyped tag cannot leave a page no write ever drops.
/** The catalogue's two kinds (domain/catalog/kinds.ts; lib/ imports no layer above it). */
type CatalogKind = "products" | "services";

export const pageTags = {
  /** The shop's settings: name, logo, colours, contact, hours. Every page shows them. */
  settings: "settings",
  /** The home's promotions carousel. */
  promotions: "promotions",
  /** Which products are listed where: a product created, moved, removed, or sold out/back. */
  productListings: "listings:products",
  /** A catalogue's taxonomy and its items' names: every page of that catalogue shows them. */
  catalog: (kind: CatalogKind) => `catalog:${kind}`,
  /** One product: its page, its share image, and every listing showing its card. */
  product: (id: number) => `product:${id}`,
  /** An editable page text (home, about, faq, privacy, the catalogue pages' texts). */
  pageContent: (key: string) => `page:${key}`,
  /** The delivery districts, their fees and the pickup option. */
  delivery: "delivery",
  /**
   * The live discounts and their uses, as a cart's summary previews them: no page is stored with
   * them (a cart is personal), but the values kept in memory are (ADR 043).
   */
  discounts: "discounts",
  /** The payment methods shown to shoppers. */
  paymentMethods: "payment-methods",
} as const;
