import { and, eq, isNull, ne } from "drizzle-orm";

import type { SessionUser } from "~/auth/guards.server";
import { getDb } from "~/db/client.server";
import { orders, type OrderStatus } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit.server";
import { issueOrderDocumentLater } from "~/domain/invoicing/invoicing.server";

import { applyStatusChange, paymentColumns, readOrderState, type Transaction } from "./order-admin.server";
import type { PaymentInput } from "./order-admin-forms";
import { sendOrderStatusMail } from "./order-mail.server";

// 'Marcar como pagado': the owner records a payment (method, amount received, operation
// number). The payment is kept apart from the status, so an order paid on delivery can be
// dispatched first and marked paid when the money comes.

export type MarkPaidResult =
  /** `isStatusChanged`: it was 'Pendiente de pago' and is now 'Pagado'. */
  | { status: "paid"; code: string; isStatusChanged: boolean }
  | { status: "not-found" }
  | { status: "cancelled" }
  | { status: "already-paid" }
  | { status: "stale" };

async function recordPaymentAudit(
  tx: Transaction,
  admin: Pick<SessionUser, "id">,
  orderId: number,
  code: string,
  payment: PaymentInput,
) {
  await recordAudit(
    {
      userId: admin.id,
      action: "payment",
      entity: "order",
      entityId: orderId,
      summary: {
        title: code,
        paidAmountCents: payment.amountCents,
        paidMethodName: payment.methodName,
        paidOperation: payment.operation,
      },
    },
    tx,
  );
}

/**
 * Pendiente de pago → Pagado with the payment, through the same conditional status change as
 * every other: racing the automatic expiry (or a second admin) for an overdue order, exactly
 * one of them wins, and a cancelled order is never marked paid.
 */
function payPendingOrder(admin: Pick<SessionUser, "id">, orderId: number, code: string, payment: PaymentInput) {
  return getDb().transaction(async (tx) => {
    const isChanged = await applyStatusChange(tx, {
      orderId,
      code,
      from: "pendiente",
      to: "pagado",
      byUserId: admin.id,
      payment,
    });
    if (isChanged) await recordPaymentAudit(tx, admin, orderId, code, payment);
    return isChanged;
  });
}

/**
 * The payment of an order already on its way (paid on delivery), its status unchanged:
 * written only while it is unpaid and not cancelled, so a cancellation or a second payment
 * at the same moment leaves one of them.
 */
function recordLatePayment(admin: Pick<SessionUser, "id">, orderId: number, code: string, payment: PaymentInput) {
  return getDb().transaction(async (tx) => {
    const updated = await tx
      .update(orders)
      .set(paymentColumns(payment, admin.id))
      .where(and(eq(orders.id, orderId), isNull(orders.paidAt), ne(orders.status, "cancelado")))
      .returning({ id: orders.id });
    if (updated.length === 0) return false;
    await recordPaymentAudit(tx, admin, orderId, code, payment);
    return true;
  });
}

/** Why a payment was refused, read again after a conditional write found the order changed. */
async function explainRefusal(orderId: number): Promise<MarkPaidResult> {
  const now = await readOrderState(orderId);
  if (!now) return { status: "not-found" };
  if (now.status === "cancelado") return { status: "cancelled" };
  return now.isPaid ? { status: "already-paid" } : { status: "stale" };
}

/**
 * Records an order's payment. A 'Pendiente de pago' order moves to 'Pagado'; an order
 * already further (En preparación, En camino, Listo para recoger, Entregado) keeps its status.
 * Refused for a cancelled order or one already paid. `expectedStatus` is the status the admin
 * saw: if the order moved since, nothing happens ('stale'). The shopper is e-mailed when the
 * status changed (a payment recorded on its own leaves the status they were told).
 */
export async function markOrderPaid(
  admin: Pick<SessionUser, "id">,
  orderId: number,
  payment: PaymentInput,
  expectedStatus?: OrderStatus,
): Promise<MarkPaidResult> {
  const current = await readOrderState(orderId);
  if (!current) return { status: "not-found" };
  if (current.status === "cancelado") return { status: "cancelled" };
  if (current.isPaid) return { status: "already-paid" };
  if (expectedStatus && expectedStatus !== current.status) return { status: "stale" };

  const isStatusChanged = current.status === "pendiente";
  const isRecorded = isStatusChanged
    ? await payPendingOrder(admin, orderId, current.code, payment)
    : await recordLatePayment(admin, orderId, current.code, payment);
  if (!isRecorded) return explainRefusal(orderId);
  // The comprobante first (when issued automatically), so that the 'Pagado' e-mail carries it.
  issueOrderDocumentLater(orderId, isStatusChanged ? () => sendOrderStatusMail(orderId) : undefined);
  return { status: "paid", code: current.code, isStatusChanged };
}
