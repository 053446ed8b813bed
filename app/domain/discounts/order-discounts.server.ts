import { and, asc, eq, inArray, isNull, ne, or, type SQL, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { carts, discounts, orderDiscounts, orders } from "~/db/schema";
import { orderEmailKey, orderPhoneKey } from "~/domain/orders/order-customer-keys.server";
import { pageTags } from "~/lib/page-cache/page-tags";
import { invalidatePages } from "~/lib/page-cache/shop-page-cache.server";

import { toDiscount } from "./discount-admin.server";
import {
  applyDiscounts,
  type Discount,
  discountLabel,
  type DiscountLine,
  type DiscountOutcome,
  normalizeCouponCode,
  type ShopperHistory,
  UNKNOWN_COUPON_MESSAGE,
} from "./discount-rules";

// The discounts of an order, inside the order's transaction (issue 44, ADR 036): the cart's
// coupon and the automatic discounts locked (after the products and presentaciones, by id),
// checked against the shopper's history, their uses taken; and given back on a cancellation.

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Who orders: the account, the phone's last nine digits and the e-mail, each counting alone. */
export type DiscountShopper = { userId: string | null; phoneKey: string; email: string };

/** The shopper's earlier orders, by any of the three; undefined when nothing names the shopper yet. */
function sameCustomer(shopper: DiscountShopper): SQL | undefined {
  const byPhone = sql`${orderPhoneKey} = ${shopper.phoneKey}`;
  const email = shopper.email.trim().toLowerCase();
  return or(
    shopper.userId ? eq(orders.userId, shopper.userId) : undefined,
    shopper.phoneKey ? byPhone : undefined,
    email ? sql`${orderEmailKey} = ${email}` : undefined,
  );
}

/**
 * Whether the shopper ever placed an order that stands, and how many of those carry each
 * discount: each read only when one of `candidates` asks it (a first-purchase discount, a
 * limit of uses per customer). What is not read cannot change any candidate's answer.
 */
export async function readShopperHistory(
  db: Transaction | Database,
  shopper: DiscountShopper,
  candidates: readonly Pick<Discount, "isFirstPurchaseOnly" | "maxUsesPerCustomer">[],
): Promise<ShopperHistory> {
  const customer = sameCustomer(shopper);
  const asksFirstPurchase = candidates.some((discount) => discount.isFirstPurchaseOnly);
  const asksUses = candidates.some((discount) => discount.maxUsesPerCustomer !== null);
  // A cart before its phone is typed: the order, which always has one, decides.
  if (!customer || (!asksFirstPurchase && !asksUses)) return { isFirstPurchase: true, usesByDiscount: new Map() };
  const live = and(ne(orders.status, "cancelado"), customer);
  const [earlier] = asksFirstPurchase ? await db.select({ id: orders.id }).from(orders).where(live).limit(1) : [];
  const uses = asksUses
    ? await db
        .select({ discountId: orderDiscounts.discountId, n: sql<number>`count(distinct ${orders.id})::integer` })
        .from(orderDiscounts)
        .innerJoin(orders, eq(orders.id, orderDiscounts.orderId))
        .where(live)
        .groupBy(orderDiscounts.discountId)
    : [];
  return {
    isFirstPurchase: !earlier,
    usesByDiscount: new Map(uses.flatMap((row) => (row.discountId === null ? [] : [[row.discountId, Number(row.n)]]))),
  };
}

/**
 * The live discounts an order may get: the automatic ones and the coupon typed, if it exists,
 * locked by the order's transaction after the products and presentaciones, by id.
 */
async function lockCandidates(tx: Transaction, couponCode: string | null) {
  const all = (
    await tx
      .select()
      .from(discounts)
      .where(
        and(
          eq(discounts.isActive, true),
          couponCode ? or(isNull(discounts.code), eq(discounts.code, couponCode)) : isNull(discounts.code),
        ),
      )
      .orderBy(asc(discounts.id))
      .for("update")
  ).map(toDiscount);
  return {
    coupon: all.find((discount) => discount.code !== null) ?? null,
    automatic: all.filter((discount) => discount.code === null),
  };
}

/**
 * After a committed change to a discount or to its uses (an order placed with it, cancelled,
 * brought back; the owner's edit): the live discounts kept in memory for the carts' summaries
 * (cart-discounts.server.ts) are read again, here and on the other instances.
 */
export function dropKeptDiscounts(): void {
  invalidatePages([pageTags.discounts]);
}

export type OrderDiscounts = { ok: true; outcome: DiscountOutcome } | { ok: false; message: string };

/**
 * The discounts the order gets, their uses taken. A coupon that no longer applies (ran out,
 * expired, the shopper's first purchase was already made) refuses the order with its reason and
 * is taken off the cart, so sending the order again goes without it.
 */
export async function takeOrderDiscounts(
  tx: Transaction,
  order: {
    cartId: string;
    /** The coupon kept on the cart, read with the cart's row lock (so no other request changed it since). */
    keptCouponCode: string | null;
    shopper: DiscountShopper;
    lines: DiscountLine[];
    deliveryFeeCents: number;
    now?: Date;
  },
): Promise<OrderDiscounts> {
  const couponCode = order.keptCouponCode ? normalizeCouponCode(order.keptCouponCode) : null;
  const { coupon, automatic } = await lockCandidates(tx, couponCode);
  const outcome = applyDiscounts({
    lines: order.lines,
    deliveryFeeCents: order.deliveryFeeCents,
    now: order.now ?? new Date(),
    shopper: await readShopperHistory(tx, order.shopper, coupon ? [coupon, ...automatic] : automatic),
    coupon,
    automatic,
  });
  const refusal = couponCode && !coupon ? UNKNOWN_COUPON_MESSAGE : outcome.couponRefusal;
  if (refusal) {
    await tx.update(carts).set({ couponCode: null }).where(eq(carts.id, order.cartId));
    return { ok: false, message: `${refusal} Lo quitamos de tu pedido: puedes enviarlo sin él.` };
  }
  for (const applied of outcome.applied) {
    const [taken] = await tx
      .update(discounts)
      .set({ usesCount: sql`${discounts.usesCount} + 1` })
      .where(
        and(
          eq(discounts.id, applied.discountId),
          sql`(${discounts.maxUses} is null or ${discounts.usesCount} < ${discounts.maxUses})`,
        ),
      )
      .returning({ id: discounts.id });
    // Locked and checked above: never missing, unless the rules and this update disagree.
    if (!taken) throw new Error(`Discount ${applied.discountId} has no use left`);
  }
  return { ok: true, outcome };
}

/** Writes what the order got, copied (name, code, amount). */
export async function recordOrderDiscounts(tx: Transaction, orderId: number, outcome: DiscountOutcome): Promise<void> {
  if (outcome.applied.length === 0) return;
  await tx.insert(orderDiscounts).values(
    outcome.applied.map((applied) => ({
      orderId,
      discountId: applied.discountId,
      name: applied.name,
      code: applied.code,
      kind: applied.kind,
      amountCents: applied.amountCents,
    })),
  );
}

/** A cancelled order gives its discounts' uses back (the limit counts orders that stand). */
export async function releaseOrderDiscounts(tx: Transaction, orderId: number): Promise<void> {
  await countOrderDiscountUses(tx, orderId, -1);
}

/**
 * A cancelled order brought back (its online payment came late): its discounts count it again.
 * The shopper paid the discounted total, so a coupon used up meanwhile does not refuse it.
 */
export async function reclaimOrderDiscounts(tx: Transaction, orderId: number): Promise<void> {
  await countOrderDiscountUses(tx, orderId, 1);
}

async function countOrderDiscountUses(tx: Transaction, orderId: number, delta: 1 | -1): Promise<void> {
  const rows = await tx
    .select({ discountId: orderDiscounts.discountId })
    .from(orderDiscounts)
    .where(eq(orderDiscounts.orderId, orderId));
  const ids = [...new Set(rows.flatMap((row) => (row.discountId === null ? [] : [row.discountId])))].sort(
    (a, b) => a - b,
  );
  if (ids.length === 0) return;
  await tx
    .update(discounts)
    .set({ usesCount: sql`greatest(${discounts.usesCount} + ${delta}, 0)` })
    .where(inArray(discounts.id, ids));
}

/** The discounts an order carries, as its pages, messages and exports show them. */
export async function listOrderDiscounts(db: Transaction | Database, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      orderId: orderDiscounts.orderId,
      name: orderDiscounts.name,
      code: orderDiscounts.code,
      kind: orderDiscounts.kind,
      amountCents: orderDiscounts.amountCents,
    })
    .from(orderDiscounts)
    .where(inArray(orderDiscounts.orderId, orderIds))
    .orderBy(asc(orderDiscounts.id));
}

/** An order's discounts as its page and the back office show them: 'Cupón BIENVENIDA20', 1298. */
export async function listOrderDiscountLines(db: Transaction | Database, orderId: number) {
  const rows = await listOrderDiscounts(db, [orderId]);
  return rows.map((row) => ({ label: discountLabel(row), amountCents: row.amountCents }));
}
