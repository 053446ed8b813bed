import { and, desc, eq, gt, sql } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { products } from "~/db/schema";

import { MAX_FEATURED_OFFERS, type Priced } from "./pricing";

export type FeaturedProduct = Priced & {
  id: number;
  title: string;
  description: string;
  image: string | null;
  imageAlt: string;
  stock: number;
};

/**
 * The home page's 'Productos Destacados': live products whose offer applies (the same
 * rule as hasActiveOffer), at most MAX_FEATURED_OFFERS. Products in stock come first,
 * then the deepest discount, so a sold-out offer never pushes out one a shopper can buy.
 */
export async function listFeaturedOffers(): Promise<FeaturedProduct[]> {
  return getDb()
    .select({
      id: products.id,
      title: products.title,
      description: products.description,
      image: products.image,
      imageAlt: products.imageAlt,
      stock: products.stock,
      priceCents: products.priceCents,
      isOfferActive: products.isOfferActive,
      offerPriceCents: products.offerPriceCents,
    })
    .from(products)
    .where(and(eq(products.isArchived, false), eq(products.isOfferActive, true), gt(products.offerPriceCents, 0)))
    .orderBy(
      desc(sql`${products.stock} > 0`),
      desc(sql`(${products.priceCents} - ${products.offerPriceCents})::float8 / greatest(${products.priceCents}, 1)`),
      desc(products.id),
    )
    .limit(MAX_FEATURED_OFFERS);
}
