import { randomBytes } from "node:crypto";

import { and, desc, eq, gt, ne, sql } from "drizzle-orm";

import { readConfig } from "~/config.server";
import { getDb } from "~/db/client.server";
import { onlinePayments, orderLines, orders, paymentAttempts, paymentMethods, shopSettings } from "~/db/schema";
import { listOrderDiscountLines } from "~/domain/discounts/order-discounts.server";
import { issueOrderDocumentLater } from "~/domain/invoicing/invoicing.server";
import { applyStatusChange } from "~/domain/orders/order-admin.server";
import { orderPageUrl } from "~/domain/orders/order-link";
import { sendOrderStatusMail } from "~/domain/orders/order-mail.server";
import { logError, logWarn } from "~/lib/log.server";

import { type OnlineMethod, providerFor, readOnlineMethod } from "./payment-methods.server";
import { type OnlineProviderId, providerLabel, type ProviderPayment } from "./provider";

// An order paid online (issue 45, ADR 038): the attempt that sends the shopper to the
// provider, and the one place a provider's payment becomes the order's payment. Whatever
// tells us about a payment (the shopper's return, a notification, the reconciliation) only
// names it: the payment is read back from the provider's API and accepted only when it is
// approved, in soles, for this order's code and for its exact total. It is recorded once per
// provider payment (a unique key), and marks the order paid at most once (the conditional
// status change every other change goes through).

const HOUR_MS = 60 * 60 * 1000;
/** Payment attempts an order may start in an hour. */
const MAX_ATTEMPTS_PER_HOUR = 10;

export type StartPaymentResult =
  | { status: "redirect"; url: string }
  | { status: "not-payable"; reason: "not-found" | "not-pending" | "not-online" | "expired" | "too-many" }
  | { status: "provider-failed"; providerName: string };

type PayableOrder = {
  id: number;
  code: string;
  status: string;
  paidAt: Date | null;
  totalCents: number;
  deliveryFeeCents: number;
  customerEmail: string;
  paymentMethodId: string | null;
  accessToken: string | null;
  createdAt: Date;
};

async function readPayableOrder(where: ReturnType<typeof eq>): Promise<PayableOrder | null> {
  const [order] = await getDb()
    .select({
      id: orders.id,
      code: orders.code,
      status: orders.status,
      paidAt: orders.paidAt,
      totalCents: orders.totalCents,
      deliveryFeeCents: orders.deliveryFeeCents,
      customerEmail: orders.customerEmail,
      paymentMethodId: orders.paymentMethodId,
      accessToken: orders.accessToken,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(where);
  return order ?? null;
}

async function paymentDeadline(order: Pick<PayableOrder, "createdAt">): Promise<Date> {
  const [settings] = await getDb().select({ paymentHours: shopSettings.paymentHours }).from(shopSettings);
  return new Date(order.createdAt.getTime() + (settings?.paymentHours ?? 24) * HOUR_MS);
}

export function notificationUrl(provider: OnlineProviderId): string {
  return `${readConfig().appUrl}/api/pagos/${provider}`;
}

/**
 * A new payment attempt for an order still waiting for its online payment: the provider's
 * page to send the shopper to. Each press of 'Pagar' (or 'Intentar de nuevo') is its own
 * attempt; an attempt that fails leaves the order as it was.
 */
export async function startOnlinePayment(orderId: number, now = new Date()): Promise<StartPaymentResult> {
  const order = await readPayableOrder(eq(orders.id, orderId));
  if (!order) return { status: "not-payable", reason: "not-found" };
  if (order.status !== "pendiente" || order.paidAt) return { status: "not-payable", reason: "not-pending" };
  const method = order.paymentMethodId ? await readOnlineMethod(order.paymentMethodId) : null;
  if (!method || !method.isActive) return { status: "not-payable", reason: "not-online" };
  const payBy = await paymentDeadline(order);
  if (payBy.getTime() <= now.getTime()) return { status: "not-payable", reason: "expired" };
  // Each attempt creates something at the provider: a page reloaded or a script pressing
  // 'Pagar' in a loop stops here.
  const [recent] = await getDb()
    .select({ count: sql<number>`count(*)::int` })
    .from(paymentAttempts)
    .where(
      and(eq(paymentAttempts.orderId, order.id), gt(paymentAttempts.createdAt, new Date(now.getTime() - HOUR_MS))),
    );
  if ((recent?.count ?? 0) >= MAX_ATTEMPTS_PER_HOUR) return { status: "not-payable", reason: "too-many" };

  const attemptKey = `${order.code}-${randomBytes(9).toString("base64url")}`;
  const [attempt] = await getDb()
    .insert(paymentAttempts)
    .values({ orderId: order.id, provider: method.provider, attemptKey })
    .returning({ id: paymentAttempts.id });
  const [lines, discounts] = await Promise.all([
    getDb()
      .select({
        title: orderLines.title,
        variantName: orderLines.variantName,
        quantity: orderLines.quantity,
        unitPriceCents: orderLines.unitPriceCents,
      })
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(orderLines.id),
    listOrderDiscountLines(getDb(), order.id),
  ]);
  try {
    const started = await (
      await providerFor(method)
    ).createPayment({
      orderCode: order.code,
      totalCents: order.totalCents,
      attemptKey,
      lines: lines.map((line) => ({
        title: line.variantName ? `${line.title} (${line.variantName})` : line.title,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
      })),
      deliveryFeeCents: order.deliveryFeeCents,
      discounts: discounts.map((discount) => ({ name: discount.label, amountCents: discount.amountCents })),
      customerEmail: order.customerEmail,
      payBy,
      returnUrl: orderPageUrl(readConfig().appUrl, order.code, order.accessToken),
      notificationUrl: notificationUrl(method.provider),
    });
    await getDb()
      .update(paymentAttempts)
      .set({ reference: started.reference, redirectUrl: started.redirectUrl })
      .where(eq(paymentAttempts.id, attempt!.id));
    return { status: "redirect", url: started.redirectUrl };
  } catch (error) {
    logError("Online payment could not be started", error, { order: order.code, provider: method.provider });
    await getDb()
      .update(paymentAttempts)
      .set({ status: "failed", statusDetail: "El proveedor no respondió." })
      .where(eq(paymentAttempts.id, attempt!.id));
    return { status: "provider-failed", providerName: providerLabel(method.provider) };
  }
}

export type AcceptOutcome =
  /** The order is now paid (`isNew`: by this call). */
  | { status: "paid"; isNew: boolean }
  /** Approved, but the order had expired or was cancelled: shown to the owner to refund or reactivate. */
  | { status: "late" }
  /** Approved, but the order was already paid (by hand, or by another attempt). */
  | { status: "duplicate" }
  | { status: "pending" }
  | { status: "rejected" }
  /** The payment is not this shop's or not this order's, or its amount or currency differ. */
  | { status: "mismatch"; reason: string }
  | { status: "unknown-order" };

/** Updates the newest open attempt of the order for this provider with what the provider said. */
async function noteAttempt(orderId: number, provider: OnlineProviderId, status: "approved" | "pending" | "rejected") {
  const [latest] = await getDb()
    .select({ id: paymentAttempts.id, status: paymentAttempts.status })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, orderId), eq(paymentAttempts.provider, provider)))
    .orderBy(desc(paymentAttempts.id))
    .limit(1);
  if (!latest || latest.status === "approved") return;
  await getDb()
    .update(paymentAttempts)
    .set({ status, checkedAt: sql`now()` })
    .where(eq(paymentAttempts.id, latest.id));
}

/**
 * What a provider's payment (read back from its API) means for the order it names. Safe to
 * call any number of times, at the same moment too: the payment is inserted once (its unique
 * key), and only the call that inserted it may change the order's status.
 */
export async function acceptProviderPayment(method: OnlineMethod, payment: ProviderPayment): Promise<AcceptOutcome> {
  if (!payment.orderCode) return { status: "mismatch", reason: "the payment names no order" };
  const order = await readPayableOrder(eq(orders.code, payment.orderCode));
  if (!order) return { status: "unknown-order" };
  if (payment.status === "pending" || payment.status === "rejected") {
    await noteAttempt(order.id, method.provider, payment.status);
    return { status: payment.status };
  }
  if (payment.status !== "approved") return { status: "rejected" };
  if (payment.currency !== "PEN") return { status: "mismatch", reason: `currency ${payment.currency}` };
  if (payment.amountCents !== order.totalCents) {
    return { status: "mismatch", reason: `amount ${payment.amountCents} for a total of ${order.totalCents}` };
  }

  const outcome = await getDb().transaction(async (tx) => {
    const [current] = await tx
      .select({ status: orders.status, paidAt: orders.paidAt })
      .from(orders)
      .where(eq(orders.id, order.id))
      .for("update");
    const isPayable = current?.status === "pendiente" && !current.paidAt;
    const inserted = await tx
      .insert(onlinePayments)
      .values({
        orderId: order.id,
        provider: method.provider,
        methodId: method.id,
        providerPaymentId: payment.id,
        amountCents: payment.amountCents,
        methodLabel: payment.methodLabel,
        feeCents: payment.feeCents,
        panelUrl: payment.panelUrl,
        outcome: isPayable ? "paid" : current?.status === "cancelado" ? "late" : "duplicate",
      })
      .onConflictDoNothing()
      .returning({ outcome: onlinePayments.outcome });
    if (inserted.length === 0) {
      // Recorded before (a repeated notification, the return and the notification together).
      const [stored] = await tx
        .select({ outcome: onlinePayments.outcome })
        .from(onlinePayments)
        .where(and(eq(onlinePayments.provider, method.provider), eq(onlinePayments.providerPaymentId, payment.id)));
      return stored?.outcome === "paid"
        ? ({ status: "paid", isNew: false } as const)
        : ({ status: stored?.outcome ?? "duplicate" } as const);
    }
    if (!isPayable) return { status: inserted[0]!.outcome } as { status: "late" | "duplicate" };
    const isChanged = await applyStatusChange(tx, {
      orderId: order.id,
      code: order.code,
      from: "pendiente",
      to: "pagado",
      byUserId: null,
      automaticAction: "online-payment",
      payment: {
        methodName: `${method.name} (${payment.methodLabel})`,
        amountCents: payment.amountCents,
        operation: payment.id,
      },
    });
    // The row lock above makes this certain; were it not, the payment stays recorded as a duplicate.
    if (!isChanged) throw new Error(`Order ${order.code} changed under its lock`);
    return { status: "paid", isNew: true } as const;
  });
  // Approved whatever became of the order (paid, late or duplicate): the attempt answered.
  await noteAttempt(order.id, method.provider, "approved");
  // The comprobante first (when issued automatically), so that the 'Pagado' e-mail carries it.
  if (outcome.status === "paid" && outcome.isNew)
    issueOrderDocumentLater(order.id, () => sendOrderStatusMail(order.id));
  if (outcome.status === "late" || outcome.status === "duplicate") {
    logWarn("An online payment arrived for an order that could not take it", {
      order: order.code,
      provider: method.provider,
      payment: payment.id,
      outcome: outcome.status,
    });
  }
  return outcome;
}

/**
 * The shopper back from the provider: the payment or session the return URL names is read
 * from the provider (a forged '?status=approved' proves nothing) and accepted as any other.
 */
export async function confirmReturn(orderCode: string, paymentRef: string | null): Promise<AcceptOutcome | null> {
  const order = await readPayableOrder(eq(orders.code, orderCode));
  if (!order?.paymentMethodId) return null;
  const method = await readOnlineMethod(order.paymentMethodId);
  if (!method) return null;
  // Back without a payment (the shopper left the provider's page): the attempt did not complete.
  if (!paymentRef || paymentRef === "null") {
    if (order.status === "pendiente" && !order.paidAt) await noteAttempt(order.id, method.provider, "rejected");
    return null;
  }
  try {
    const payment = await (await providerFor(method)).readPayment(paymentRef);
    if (!payment) return null;
    // The reference must be this order's: a return URL carrying another order's payment pays nothing here.
    if (payment.orderCode !== order.code) return { status: "mismatch", reason: "another order's payment" };
    return await acceptProviderPayment(method, payment);
  } catch (error) {
    logError("Online payment could not be read on the shopper's return", error, { order: order.code });
    return null;
  }
}

export type OrderPaymentState =
  | { status: "none" }
  | { status: "approved"; methodLabel: string; operation: string }
  | { status: "pending" }
  | { status: "failed" }
  /** Waiting for the shopper to pay (no attempt finished yet). */
  | { status: "open" };

/** What the order page says about the order's online payment. */
export async function readOrderPaymentState(orderId: number): Promise<OrderPaymentState> {
  const [paid] = await getDb()
    .select({ methodLabel: onlinePayments.methodLabel, operation: onlinePayments.providerPaymentId })
    .from(onlinePayments)
    .where(and(eq(onlinePayments.orderId, orderId), eq(onlinePayments.outcome, "paid")))
    .limit(1);
  if (paid) return { status: "approved", ...paid };
  const [latest] = await getDb()
    .select({ status: paymentAttempts.status })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.orderId, orderId))
    .orderBy(desc(paymentAttempts.id))
    .limit(1);
  if (!latest) return { status: "none" };
  if (latest.status === "pending") return { status: "pending" };
  if (latest.status === "rejected" || latest.status === "failed") return { status: "failed" };
  return { status: "open" };
}

export type SwitchMethodResult = { status: "switched"; methodName: string } | { status: "refused" };

/**
 * 'Elegir otro método': an order still waiting for its online payment moves to a manual
 * method (Yape, transfer…), with its instructions, receipt upload and WhatsApp message, as if
 * it had been chosen at checkout. Only while it is unpaid and pending, to an active manual method.
 */
export async function switchToManualMethod(orderId: number, methodId: string): Promise<SwitchMethodResult> {
  return getDb().transaction(async (tx) => {
    const [method] = await tx
      .select({ id: paymentMethods.id, name: paymentMethods.name })
      .from(paymentMethods)
      .where(
        and(eq(paymentMethods.id, methodId), eq(paymentMethods.isActive, true), eq(paymentMethods.kind, "manual")),
      );
    if (!method) return { status: "refused" } as const;
    const updated = await tx
      .update(orders)
      .set({ paymentMethodId: method.id, paymentMethodName: method.name })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.status, "pendiente"),
          sql`${orders.paidAt} IS NULL`,
          ne(orders.paymentMethodId, method.id),
        ),
      )
      .returning({ id: orders.id });
    return updated.length > 0
      ? ({ status: "switched", methodName: method.name } as const)
      : ({ status: "refused" } as const);
  });
}
