import { and, asc, eq, gt, isNotNull, isNull, lte, or, type SQL, sql } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { discounts, promotions } from "~/db/schema";

export type CarouselPromotion = {
  id: number;
  title: string;
  description: string;
  image: string | null;
  imageAlt: string;
  link: string;
  buttonText: string;
  /** The coupon its 'Usar cupón' button keeps on the cart; null when it has none valid now. */
  couponCode: string | null;
};

/** A coupon a slide may offer now: active, with a code, started and not ended (its use count aside). */
function isLiveCoupon(now: Date): SQL {
  return and(
    eq(discounts.isActive, true),
    isNotNull(discounts.code),
    or(isNull(discounts.startsAt), lte(discounts.startsAt, now)),
    or(isNull(discounts.endsAt), gt(discounts.endsAt, now)),
  )!;
}

/** The promotions the home carousel shows: active ones only, in the owner's order. */
export async function listActivePromotions(now = new Date()): Promise<CarouselPromotion[]> {
  return getDb()
    .select({
      id: promotions.id,
      title: promotions.title,
      description: promotions.description,
      image: promotions.image,
      imageAlt: promotions.imageAlt,
      link: promotions.link,
      buttonText: promotions.buttonText,
      couponCode: sql<string | null>`case when ${isLiveCoupon(now)} then ${discounts.code} end`,
    })
    .from(promotions)
    .leftJoin(discounts, eq(discounts.id, promotions.discountId))
    .where(eq(promotions.isActive, true))
    .orderBy(asc(promotions.sortOrder), asc(promotions.id));
}

/**
 * How long the carousel stays right without a write: until the next start or end of an active
 * coupon a shown slide offers (the cached home page is kept no longer). Undefined: no such instant.
 */
export async function msUntilCarouselChanges(now = new Date()): Promise<number | undefined> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await getDb()
    .select({
      next: sql<
        Date | string | null
      >`min(case when ${discounts.startsAt} > ${at} then ${discounts.startsAt} when ${discounts.endsAt} > ${at} then ${discounts.endsAt} end)`,
    })
    .from(promotions)
    .innerJoin(discounts, eq(discounts.id, promotions.discountId))
    .where(and(eq(promotions.isActive, true), eq(discounts.isActive, true), isNotNull(discounts.code)));
  if (!row?.next) return undefined;
  return Math.max(0, new Date(row.next).getTime() - now.getTime());
}
