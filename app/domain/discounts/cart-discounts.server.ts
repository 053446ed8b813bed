import { asc, eq } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { carts, discounts } from "~/db/schema";
import { pageTags } from "~/lib/page-cache/page-tags";
import { readShared } from "~/lib/page-cache/shared-reads.server";

import { toDiscount } from "./discount-admin.server";
import {
  applyDiscounts,
  checkDiscount,
  type Discount,
  discountLabel,
  type DiscountLine,
  normalizeCouponCode,
  UNKNOWN_COUPON_MESSAGE,
} from "./discount-rules";
import { type DiscountShopper, readShopperHistory } from "./order-discounts.server";

// The cart page's view of its discounts (issue 44): what the automatic ones and the coupon
// kept on the cart take off the products now, whether free delivery applies once a district
// with a fee is chosen, and why a coupon does not apply. The order's transaction decides again
// (order-discounts.server.ts): this is what the shopper reads before sending.

export type CartDiscounts = {
  /** 'Cupón BIENVENIDA20' and what it takes off the products. */
  lines: { label: string; amountCents: number }[];
  /** The coupon kept on the cart ('' when none). */
  couponCode: string;
  /** Why the coupon kept does not apply now; null when it does. */
  couponMessage: string | null;
  /** The name of a free delivery that applies once delivery has a fee; null when none does. */
  freeDelivery: string | null;
};

const NO_CART_DISCOUNTS: CartDiscounts = { lines: [], couponCode: "", couponMessage: null, freeDelivery: null };

/** The discount a code names, active or not (null: no such code). */
export async function findDiscountByCode(code: string) {
  const [row] = await getDb()
    .select()
    .from(discounts)
    .where(eq(discounts.code, normalizeCouponCode(code)));
  return row ? toDiscount(row) : null;
}

/**
 * Every active discount, automatic or coupon, kept in memory (ADR 043) until a committed change
 * to one of them or to their uses drops it (`dropKeptDiscounts`): every cart page previews them,
 * and a shop has a few dozen. The order's transaction reads and locks them again.
 */
async function readLiveDiscounts(): Promise<readonly Discount[]> {
  const db = getDb();
  const live = await readShared(db, "live-discounts", [pageTags.discounts], async () =>
    (await db.select().from(discounts).where(eq(discounts.isActive, true)).orderBy(asc(discounts.id))).map(toDiscount),
  );
  // Frozen (readShared): the discount rules only read a discount, though their type has
  // mutable target lists (the back office's editor builds them).
  return live as readonly Discount[];
}

/** Keeps a coupon on the cart (null takes it off). */
export async function setCartCoupon(cartId: string, code: string | null): Promise<void> {
  await getDb().update(carts).set({ couponCode: code, updatedAt: new Date() }).where(eq(carts.id, cartId));
}

/**
 * What the cart's discounts take off now, for its summary: from its lines as the discounts see
 * them and the coupon kept on it, both read with the cart (cart.server.ts, checkout-draft.server.ts).
 */
export async function previewCartDiscounts({
  lines,
  couponCode,
  shopper,
  now = new Date(),
}: {
  lines: DiscountLine[];
  couponCode: string;
  shopper: DiscountShopper;
  now?: Date;
}): Promise<CartDiscounts> {
  if (lines.length === 0) return NO_CART_DISCOUNTS;
  const live = await readLiveDiscounts();
  const coupon = (couponCode && live.find((discount) => discount.code === couponCode)) || null;
  const automatic = live.filter((discount) => discount.code === null);
  const history = await readShopperHistory(getDb(), shopper, coupon ? [coupon, ...automatic] : automatic);
  const facts = { lines, now, shopper: history };
  const products = applyDiscounts({ ...facts, deliveryFeeCents: 0, coupon, automatic });
  // Free delivery is told apart: its amount is the fee of the district the shopper picks.
  const freeDelivery = [...(coupon ? [coupon] : []), ...automatic].find(
    (discount) => discount.kind === "free_delivery" && checkDiscount(discount, { ...facts, deliveryFeeCents: 1 }).ok,
  );
  const isCouponFreeDelivery = coupon !== null && freeDelivery === coupon;
  return {
    lines: products.applied.map((applied) => ({ label: discountLabel(applied), amountCents: applied.amountCents })),
    couponCode,
    couponMessage:
      couponCode && !coupon ? UNKNOWN_COUPON_MESSAGE : isCouponFreeDelivery ? null : products.couponRefusal,
    freeDelivery: freeDelivery ? discountLabel(freeDelivery) : null,
  };
}
