import { and, eq } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { onlinePayments, orders } from "~/db/schema";
import {
  compareStocks,
  invalidateStockPages,
  readProductStocks,
  type StockChange,
} from "~/domain/catalog/page-invalidation.server";
import { dropKeptDiscounts, reclaimOrderDiscounts } from "~/domain/discounts/order-discounts.server";
import { issueOrderDocumentLater } from "~/domain/invoicing/invoicing.server";
import { applyStatusChange, lockOrderUnits, type Transaction } from "~/domain/orders/order-admin.server";
import { sendOrderStatusMail } from "~/domain/orders/order-mail.server";
import { takeUnits } from "~/domain/orders/order-store.server";

// 'Reactivar' (issue 45): a payment the provider approved after the order had expired for
// want of it. The owner may give the money back ('Reembolsar') or bring the order back: it
// takes its units from the stock again (if they are still there), and becomes paid with that
// payment, as if it had come in time.

export type ReactivateOutcome =
  | { status: "reactivated"; code: string }
  /** Units sold meanwhile: the order cannot be served as it was. */
  | { status: "out-of-stock"; titles: string[] }
  /** Not a late payment of a cancelled order any more (reactivated, refunded, or never one). */
  | { status: "stale" }
  | { status: "not-found" };

class UnitsGone extends Error {
  constructor(readonly titles: string[]) {
    super("Units of a late order were sold meanwhile");
  }
}

/** Takes the order's units again, with the lock order every order and cancellation uses. */
async function retakeUnits(tx: Transaction, orderId: number): Promise<StockChange[]> {
  const units = await lockOrderUnits(tx, orderId);
  if (!units) return [];
  const gone: string[] = [];
  for (const line of units.lines) {
    if (!(await takeUnits(tx, line.variantId, line.quantity))) gone.push(line.title);
  }
  if (gone.length > 0) throw new UnitsGone(gone);
  return compareStocks(units.before, await readProductStocks(tx, units.productIds));
}

/** Brings back the cancelled order a late online payment was made for, paid by it. */
export async function reactivateLateOrder(
  admin: { id: string },
  orderId: number,
  onlinePaymentId: number,
): Promise<ReactivateOutcome> {
  const stockChanges: StockChange[] = [];
  try {
    const outcome = await getDb().transaction(async (tx): Promise<ReactivateOutcome> => {
      const [order] = await tx
        .select({
          code: orders.code,
          status: orders.status,
          paidAt: orders.paidAt,
          paymentMethodName: orders.paymentMethodName,
        })
        .from(orders)
        .where(eq(orders.id, orderId))
        .for("update");
      if (!order) return { status: "not-found" };
      const [payment] = await tx
        .select()
        .from(onlinePayments)
        .where(and(eq(onlinePayments.id, onlinePaymentId), eq(onlinePayments.orderId, orderId)))
        .for("update");
      if (!payment) return { status: "not-found" };
      const isLate = payment.outcome === "late" && payment.refundedCents === 0;
      if (!isLate || order.status !== "cancelado" || order.paidAt) return { status: "stale" };
      stockChanges.push(...(await retakeUnits(tx, orderId)));
      await reclaimOrderDiscounts(tx, orderId);
      await applyStatusChange(tx, {
        orderId,
        code: order.code,
        from: "cancelado",
        to: "pagado",
        byUserId: admin.id,
        ownerAction: "reactivate",
        payment: {
          methodName: `${order.paymentMethodName} (${payment.methodLabel})`,
          amountCents: payment.amountCents,
          operation: payment.providerPaymentId,
        },
      });
      await tx.update(onlinePayments).set({ outcome: "paid" }).where(eq(onlinePayments.id, payment.id));
      return { status: "reactivated", code: order.code };
    });
    if (outcome.status === "reactivated") {
      invalidateStockPages(stockChanges);
      dropKeptDiscounts();
      issueOrderDocumentLater(orderId, () => sendOrderStatusMail(orderId));
    }
    return outcome;
  } catch (error) {
    if (error instanceof UnitsGone) return { status: "out-of-stock", titles: error.titles };
    throw error;
  }
}
