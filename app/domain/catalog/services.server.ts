import { and, asc, count, eq, isNotNull, isNull, like, type SQL, sql } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { services } from "~/db/schema";
import { normalizeForSearch } from "~/lib/text";

import { type TaxonomyPath, toContainsPattern } from "./catalog";

/** What a service costs without sizes: its offer price while the offer applies (pricing.ts). */
const ownPrice = sql`CASE WHEN ${services.isOfferActive} AND coalesce(${services.offerPriceCents}, 0) > 0 THEN ${services.offerPriceCents} ELSE ${services.priceCents} END`;

/**
 * Services under a level (all of them at the top), optionally matching a search. With
 * `isDirectOnly`, only those saved without the next level down (a service's family,
 * category and subcategory are all optional), which a level with children lists under
 * their cards.
 */
export async function listServices(options: {
  path: TaxonomyPath;
  query?: string | undefined;
  isDirectOnly?: boolean | undefined;
}) {
  const conditions: SQL[] = [];
  const { path } = options;
  if (path.subcategory) conditions.push(eq(services.subcategoryId, path.subcategory.id));
  else if (path.category) conditions.push(eq(services.categoryId, path.category.id));
  else if (path.family) conditions.push(eq(services.familyId, path.family.id));
  if (options.isDirectOnly && !path.subcategory) {
    conditions.push(
      isNull(path.category ? services.subcategoryId : path.family ? services.categoryId : services.familyId),
    );
  }
  const needle = options.query ? normalizeForSearch(options.query) : "";
  if (needle) conditions.push(like(services.searchText, toContainsPattern(needle)));
  return getDb()
    .select({
      id: services.id,
      title: services.title,
      description: services.description,
      image: services.image,
      imageAlt: services.imageAlt,
      priceCents: services.priceCents,
      showPrice: services.showPrice,
      isOfferActive: services.isOfferActive,
      offerPriceCents: services.offerPriceCents,
      isBookable: services.isBookable,
      bookingFromCents: sql<
        number | null
      >`(SELECT min(coalesce(z.price_cents, ${ownPrice})) FROM service_booking_sizes z WHERE z.service_id = ${services.id})`,
      bookingToCents: sql<
        number | null
      >`(SELECT max(coalesce(z.price_cents, ${ownPrice})) FROM service_booking_sizes z WHERE z.service_id = ${services.id})`,
    })
    .from(services)
    .where(and(...conditions))
    .orderBy(asc(services.title), asc(services.id));
}

export type ServiceCardData = Awaited<ReturnType<typeof listServices>>[number];

/** How many services each child of the level has, keyed by the child's id. */
export async function countServicesByChild(path: TaxonomyPath): Promise<Map<number, number>> {
  const column = path.category ? services.subcategoryId : path.family ? services.categoryId : services.familyId;
  const rows = await getDb()
    .select({ childId: column, total: count() })
    .from(services)
    .where(isNotNull(column))
    .groupBy(column);
  return new Map(rows.map((row) => [row.childId!, row.total]));
}
