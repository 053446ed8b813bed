import { and, desc, eq, sql } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { products } from "~/db/schema";

import type { ProductCardData } from "./catalog";
import { MAX_FEATURED_OFFERS } from "./pricing";

export type FeaturedProduct = ProductCardData;

/**
 * The home page's 'Productos Destacados': live products with a presentación whose offer
 * applies (hasAnyOffer: the rule of hasActiveOffer, kept by the summary trigger of migration
 * 0009), at most MAX_FEATURED_OFFERS. Products in stock come first, then the deepest discount
 * of the price shown (none when the cheapest presentación is not the one on offer), so a
 * sold-out offer never pushes out one a shopper can buy.
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
      priceVaries: products.priceVaries,
      hasAnyOffer: products.hasAnyOffer,
    })
    .from(products)
    .where(and(eq(products.isArchived, false), eq(products.hasAnyOffer, true)))
    .orderBy(
      desc(sql`${products.stock} > 0`),
      desc(
        sql`case when ${products.isOfferActive} and ${products.offerPriceCents} > 0
          then (${products.priceCents} - ${products.offerPriceCents})::float8 / greatest(${products.priceCents}, 1)
          else 0 end`,
      ),
      desc(products.id),
    )
    .limit(MAX_FEATURED_OFFERS);
}
