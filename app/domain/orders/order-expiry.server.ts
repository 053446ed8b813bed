import { and, asc, eq, lt } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { orders, shopSettings } from "~/db/schema";
import { invalidateStockPages, type StockChange } from "~/domain/catalog/page-invalidation.server";
import { sendDueStockAlertsLater } from "~/domain/catalog/stock-alerts.server";
import { dropKeptDiscounts } from "~/domain/discounts/order-discounts.server";

import { applyStatusChange } from "./order-admin.server";
import { sendOrderStatusMailLater } from "./order-mail.server";

const HOUR_MS = 60 * 60 * 1000;
/** Orders expired per run at most: each is its own short transaction; the rest wait for the next run. */
const EXPIRY_BATCH = 500;

/**
 * Cancels the orders still 'Pendiente' that were placed more than the owner's 'Horas para
 * pagar' ago, returning their units to the stock: the owner's own cancellation, recorded
 * as automatic, and the shopper told by e-mail ('Pedido vencido por falta de pago'). Each
 * order changes only if it is still pending when its transaction gets to it, so an owner
 * marking it paid, preparing or cancelling it at the same moment, or a second instance
 * running the same expiry, leaves it changed once. Answers how many it cancelled.
 */
export async function expireUnpaidOrders(
  db: Database,
  now: Date = new Date(),
  /** Asked before each cancellation: true keeps the order (its online payment is approved or in process, ADR 038). */
  keepsOrder: (orderId: number) => Promise<boolean> = async () => false,
): Promise<number> {
  const [settings] = await db.select({ paymentHours: shopSettings.paymentHours }).from(shopSettings);
  // A database not seeded yet holds no orders either.
  if (!settings) return 0;
  const placedBefore = new Date(now.getTime() - settings.paymentHours * HOUR_MS);
  const due = await db
    .select({ id: orders.id, code: orders.code })
    .from(orders)
    .where(and(eq(orders.status, "pendiente"), lt(orders.createdAt, placedBefore)))
    .orderBy(asc(orders.id))
    .limit(EXPIRY_BATCH);
  let expired = 0;
  for (const order of due) {
    if (await keepsOrder(order.id)) continue;
    const stockChanges: StockChange[] = [];
    const isCancelled = await db.transaction((tx) =>
      applyStatusChange(
        tx,
        { orderId: order.id, code: order.code, from: "pendiente", to: "cancelado", byUserId: null, placedBefore },
        stockChanges,
      ),
    );
    if (isCancelled) {
      // Committed: the products' pages show the units back.
      invalidateStockPages(stockChanges);
      dropKeptDiscounts();
      expired += 1;
      sendOrderStatusMailLater(order.id, { isExpired: true, isVisitorRequest: true });
    }
  }
  if (expired > 0) sendDueStockAlertsLater();
  return expired;
}
