import { eq, inArray, sql } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { preparedPerDatabase } from "~/db/prepared.server";
import { carts, discounts, products } from "~/db/schema";

import { toDiscount } from "./discount-admin.server";
import {
  applyDiscounts,
  checkDiscount,
  discountLabel,
  type DiscountLine,
  normalizeCouponCode,
  UNKNOWN_COUPON_MESSAGE,
} from "./discount-rules";
import { type DiscountShopper, readCandidates, readShopperHistory } from "./order-discounts.server";

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

type CartLines = { productId: number; lineTotalCents: number }[];

async function toDiscountLines(lines: CartLines): Promise<DiscountLine[]> {
  if (lines.length === 0) return [];
  const rows = await getDb()
    .select({
      id: products.id,
      familyId: products.familyId,
      categoryId: products.categoryId,
      brandId: products.brandId,
    })
    .from(products)
    .where(inArray(products.id, [...new Set(lines.map((line) => line.productId))]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return lines.map((line) => {
    const product = byId.get(line.productId);
    return {
      productId: line.productId,
      familyId: product?.familyId ?? null,
      categoryId: product?.categoryId ?? null,
      brandId: product?.brandId ?? null,
      lineTotalCents: line.lineTotalCents,
    };
  });
}

/** The discount a code names, active or not (null: no such code). */
export async function findDiscountByCode(code: string) {
  const [row] = await getDb()
    .select()
    .from(discounts)
    .where(eq(discounts.code, normalizeCouponCode(code)));
  return row ? toDiscount(row) : null;
}

/** Keeps a coupon on the cart (null takes it off). */
export async function setCartCoupon(cartId: string, code: string | null): Promise<void> {
  await getDb().update(carts).set({ couponCode: code, updatedAt: new Date() }).where(eq(carts.id, cartId));
}

// Every cart page with lines reads it: built once.
const cartCoupon = preparedPerDatabase((db) =>
  db
    .select({ couponCode: carts.couponCode })
    .from(carts)
    .where(eq(carts.id, sql.placeholder("cartId")))
    .prepare("cart_coupon_code"),
);

/** What the cart's discounts take off now, for its summary. */
export async function previewCartDiscounts(
  cartId: string | null,
  cartLines: CartLines,
  shopper: DiscountShopper,
  now = new Date(),
): Promise<CartDiscounts> {
  if (!cartId || cartLines.length === 0) return NO_CART_DISCOUNTS;
  const db = getDb();
  const [cart] = await cartCoupon().execute({ cartId });
  const couponCode = cart?.couponCode ?? "";
  const { coupon, automatic } = await readCandidates(db, couponCode || null);
  const facts = { lines: await toDiscountLines(cartLines), now, shopper: await readShopperHistory(db, shopper) };
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
