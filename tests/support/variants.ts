// Setting a product's price, offer or stock in a test. They belong to its presentaciones
// (product_variants) now: the product's own columns only sum them up, and a trigger rewrites
// them after every write to a presentación, so a test that wrote them on `products` would
// see them undone by the next one. These write the product's live presentaciones instead.
import { and, asc, eq, inArray } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { products, productVariants } from "~/db/schema";

type Variant = typeof productVariants.$inferSelect;
export type VariantPrice = Partial<Pick<Variant, "priceCents" | "isOfferActive" | "offerPriceCents">>;

/**
 * Writes `values` on the live presentaciones of the product (or products): the products are
 * locked first, in id order, as the app does, so a test that runs orders alongside cannot
 * deadlock. Throws when a product has no live presentación, so a fixture never misses.
 */
export async function setVariantValues(
  db: Database,
  productId: number | readonly number[],
  values: Partial<Pick<Variant, "priceCents" | "isOfferActive" | "offerPriceCents" | "stock">>,
): Promise<void> {
  const ids = [...new Set(typeof productId === "number" ? [productId] : productId)];
  if (ids.length === 0) return;
  await db.transaction(async (tx) => {
    await tx
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, ids))
      .orderBy(asc(products.id))
      .for("update");
    const written = await tx
      .update(productVariants)
      .set(values)
      .where(and(inArray(productVariants.productId, ids), eq(productVariants.isArchived, false)))
      .returning({ productId: productVariants.productId });
    const missing = ids.filter((id) => !written.some((row) => row.productId === id));
    if (missing.length > 0) throw new Error(`No live presentación for product(s) ${missing.join(", ")}`);
  });
}

/** Sets the stock of the product's presentación (of each product's, given several). */
export function setProductStock(db: Database, productId: number | readonly number[], stock: number): Promise<void> {
  return setVariantValues(db, productId, { stock });
}

/** Sets the price and/or offer of the product's presentación (of each product's, given several). */
export function setProductPrice(
  db: Database,
  productId: number | readonly number[],
  price: VariantPrice,
): Promise<void> {
  return setVariantValues(db, productId, price);
}

/** The product's live presentación (its first, by sort order, if it has several); throws if none. */
export async function findVariant(db: Database, productId: number): Promise<Variant> {
  const [variant] = await db
    .select()
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), eq(productVariants.isArchived, false)))
    .orderBy(asc(productVariants.sortOrder), asc(productVariants.id))
    .limit(1);
  if (!variant) throw new Error(`No live presentación for product ${productId}`);
  return variant;
}

/** A product found by its title, and its live presentaciones' ids in the order the shopper sees them. */
export async function findSizes(db: Database, title: string): Promise<{ id: number; ids: number[] }> {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.title, title));
  if (!product) throw new Error(`No product titled ${title}`);
  const rows = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(and(eq(productVariants.productId, product.id), eq(productVariants.isArchived, false)))
    .orderBy(asc(productVariants.sortOrder), asc(productVariants.id));
  return { id: product.id, ids: rows.map((row) => row.id) };
}
