// Instant results under the header's search box (issue 27 item 6): up to six products and
// services as the shopper types, the last word read as the start of a word.
import { MIN_INSTANT_LENGTH, readSearchTerms } from "./catalog-search";
import { prepareSearchQuery } from "./catalog-search.server";
import { findProductsAndServices, withIndexPlan } from "./catalog-search-sql.server";

const MAX_INSTANT_RESULTS = 6;

export type InstantResult = {
  kind: "product" | "service";
  id: number;
  title: string;
  image: string | null;
  imageAlt: string;
  priceCents: number;
  isOfferActive: boolean;
  offerPriceCents: number | null;
  /** Products: 'Desde' the cheapest presentación. Services: false. */
  priceVaries: boolean;
  /** Services may hide their price ('Consultar'); products always show it. */
  showPrice: boolean;
  isSoldOut: boolean;
};

/**
 * The best products, then services, for what has been typed so far (from two letters). Matching
 * services take up to two places, more when fewer products match, so that 'baño' lists the
 * grooming service beside the shampoos.
 */
export async function instantResults(raw: string): Promise<{ query: string; items: InstantResult[] }> {
  const { phrase } = readSearchTerms(raw);
  if (phrase.replace(/ /g, "").length < MIN_INSTANT_LENGTH) return { query: phrase, items: [] };
  const prepared = await prepareSearchQuery(raw);
  if (!prepared) return { query: phrase, items: [] };
  // Products and services in one statement, after the typo forms' one (ADR 067).
  const { products, services } = await withIndexPlan((executor) =>
    findProductsAndServices(executor, prepared, {
      limit: MAX_INSTANT_RESULTS,
      offset: 0,
      withFacets: false,
      services: { limit: MAX_INSTANT_RESULTS },
    }),
  );
  const serviceSlots = Math.max(Math.min(2, services.items.length), MAX_INSTANT_RESULTS - products.items.length);
  const items: InstantResult[] = [
    ...products.items
      .slice(0, MAX_INSTANT_RESULTS - Math.min(serviceSlots, services.items.length))
      .map((product): InstantResult => ({
        kind: "product",
        id: product.id,
        title: product.title,
        image: product.image,
        imageAlt: product.imageAlt,
        priceCents: product.priceCents,
        isOfferActive: product.isOfferActive,
        offerPriceCents: product.offerPriceCents,
        priceVaries: product.priceVaries,
        showPrice: true,
        isSoldOut: product.stock <= 0,
      })),
    ...services.items.slice(0, serviceSlots).map((service): InstantResult => ({
      kind: "service",
      id: service.id,
      title: service.title,
      image: service.image,
      imageAlt: service.imageAlt,
      priceCents: service.priceCents,
      isOfferActive: service.isOfferActive,
      offerPriceCents: service.offerPriceCents,
      priceVaries: false,
      showPrice: service.showPrice,
      isSoldOut: false,
    })),
  ];
  return { query: prepared.phrase, items: items.slice(0, MAX_INSTANT_RESULTS) };
}
