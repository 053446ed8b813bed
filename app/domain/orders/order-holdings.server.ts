import { and, eq, gte, inArray, isNull, type SQL, sql } from "drizzle-orm";

import type { getDb } from "~/db/client.server";
import { orderLines, orders } from "~/db/schema";
import { getOrderLimits } from "~/domain/settings/settings.server";

import { orderPhoneKey } from "./order-customer-keys.server";
import {
  getOrderCap,
  HOLDINGS_WINDOW_MS,
  MAX_PENDING_GUEST_ORDERS_PER_PHONE,
  type OrderLimitProblem,
  PENDING_GUEST_ORDERS_WINDOW_MS,
} from "./order-limits";

// What a shopper already holds in unpaid orders, read inside the order's transaction: the
// share of each product they may still take and, for a guest, the count of their unpaid
// orders (order-limits.ts has the rules).

export type Transaction = Parameters<Parameters<ReturnType<typeof getDb>["transaction"]>[0]>[0];

/** Who is ordering: their account, else their address (when known) and phone. */
type Shopper = { userId: string | null; clientIp?: string | null };

/** A locked order line, as the limits read it. */
type HeldLine = { productId: number; variantId: number; title: string; stock: number; quantity: number };

// Guest checkouts with one phone take turns on this lock (two int4 keys, apart from the
// housekeeping's one-key lock), so that concurrent orders cannot all pass the count.
const PHONE_LOCK_CLASS = 72_730;

/**
 * Who is ordering, for the limits: a signed-in shopper is their account; a guest is their
 * address or their phone, whichever matches (a hoarder changes phones, not addresses).
 */
function sameShopper(shopper: Shopper, phoneKey: string): SQL | undefined {
  if (shopper.userId) return eq(orders.userId, shopper.userId);
  const byPhone = sql`${orderPhoneKey} = ${phoneKey}`;
  const byAddress = shopper.clientIp ? sql`${orders.clientIp} = ${shopper.clientIp}` : undefined;
  return and(isNull(orders.userId), byAddress ? sql`(${byAddress} or ${byPhone})` : byPhone);
}

/** Units of each presentación in the shopper's unpaid orders of the last hour. */
async function readHoldings(tx: Transaction, shopper: Shopper, phoneKey: string, variantIds: number[]) {
  const rows = await tx
    .select({ variantId: orderLines.variantId, units: sql<number>`sum(${orderLines.quantity})::integer` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.status, "pendiente"),
        gte(orders.createdAt, new Date(Date.now() - HOLDINGS_WINDOW_MS)),
        inArray(orderLines.variantId, variantIds),
        sameShopper(shopper, phoneKey),
      ),
    )
    .groupBy(orderLines.variantId);
  return new Map(rows.map((row) => [row.variantId!, Number(row.units)]));
}

/** The lines that go over the shopper's share of their presentación, given what they already hold. */
export async function findLimitProblems(
  tx: Transaction,
  shopper: Shopper,
  phoneKey: string,
  lines: HeldLine[],
): Promise<OrderLimitProblem[]> {
  const limits = await getOrderLimits(tx);
  const holdings = await readHoldings(
    tx,
    shopper,
    phoneKey,
    lines.map((line) => line.variantId),
  );
  return lines.flatMap((line) => {
    const held = holdings.get(line.variantId) ?? 0;
    // The share is of the stock as it was before this shopper's holdings took from it.
    const allowed = Math.max(0, getOrderCap(limits, line.stock + held) - held);
    return line.quantity > allowed
      ? [{ productId: line.productId, title: line.title, requested: line.quantity, allowed, held }]
      : [];
  });
}

/** Whether this guest's phone already has its unpaid orders of the last day. */
export async function hasTooManyPendingOrders(tx: Transaction, phoneKey: string): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PHONE_LOCK_CLASS}, hashtext(${phoneKey}))`);
  const [row] = await tx
    .select({ n: sql<number>`count(*)::integer` })
    .from(orders)
    .where(
      and(
        eq(orders.status, "pendiente"),
        isNull(orders.userId),
        gte(orders.createdAt, new Date(Date.now() - PENDING_GUEST_ORDERS_WINDOW_MS)),
        sql`${orderPhoneKey} = ${phoneKey}`,
      ),
    );
  return Number(row?.n ?? 0) >= MAX_PENDING_GUEST_ORDERS_PER_PHONE;
}
