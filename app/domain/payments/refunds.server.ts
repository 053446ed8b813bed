import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { onlinePayments, orders, paymentRefunds } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit.server";
import { issueCreditNoteLater } from "~/domain/invoicing/credit-notes.server";
import { logError, logInfo } from "~/lib/log.server";

import { listProviderMethods, type OnlineMethod, providerFor, readOnlineMethod } from "./payment-methods.server";
import { isOnlineProviderId, providerLabel, type RefundResult } from "./provider";
import { sendRefundMailLater } from "./refund-mail.server";

// Money given back through the provider that took it (issue 45, ADR 038), from the order's
// detail: whole or in part, on cancelling a paid order or for a payment that came late or
// twice. The amount is reserved in the database before the provider is asked (the payment's
// `refunded_cents` may never pass what was paid, a CHECK), so two owners pressing
// 'Reembolsar' at once cannot give back more than was paid; the provider's answer then makes
// the refund 'done' or gives the reservation back. The provider is asked with a key of its
// own per refund: asked again (a lost answer, the housekeeping's retry), it answers the same
// refund instead of paying twice.

export type RefundOutcome =
  | { status: "refunded"; code: string; amountCents: number; providerName: string }
  /** The provider said no (or could not be reached): nothing changed. */
  | { status: "refused"; providerName: string; reason: string }
  /** More than what is left to give back of this payment. */
  | { status: "too-much"; remainingCents: number }
  /** The method the payment came through is no longer configured: no credentials to ask with. */
  | { status: "no-credentials"; providerName: string }
  | { status: "not-found" };

type RefundablePayment = {
  id: number;
  orderId: number;
  code: string;
  provider: string;
  methodId: string | null;
  providerPaymentId: string;
  amountCents: number;
  refundedCents: number;
};

async function readPayment(orderId: number, onlinePaymentId: number): Promise<RefundablePayment | null> {
  const [row] = await getDb()
    .select({
      id: onlinePayments.id,
      orderId: onlinePayments.orderId,
      code: orders.code,
      provider: onlinePayments.provider,
      methodId: onlinePayments.methodId,
      providerPaymentId: onlinePayments.providerPaymentId,
      amountCents: onlinePayments.amountCents,
      refundedCents: onlinePayments.refundedCents,
    })
    .from(onlinePayments)
    .innerJoin(orders, eq(orders.id, onlinePayments.orderId))
    .where(and(eq(onlinePayments.id, onlinePaymentId), eq(onlinePayments.orderId, orderId)));
  return row ?? null;
}

/** The credentials the payment came through; a payment recorded before methods were noted: its provider's. */
async function methodOf(payment: Pick<RefundablePayment, "provider" | "methodId">): Promise<OnlineMethod | null> {
  if (!isOnlineProviderId(payment.provider)) return null;
  const method = payment.methodId ? await readOnlineMethod(payment.methodId) : null;
  if (method?.provider === payment.provider) return method;
  return (await listProviderMethods(payment.provider))[0] ?? null;
}

/** Reserves the amount and writes the refund 'pending'; null when less than that is left. */
async function reserve(payment: RefundablePayment, amountCents: number, byUserId: string | null) {
  return getDb().transaction(async (tx) => {
    const [reserved] = await tx
      .update(onlinePayments)
      .set({ refundedCents: sql`${onlinePayments.refundedCents} + ${amountCents}` })
      .where(
        and(
          eq(onlinePayments.id, payment.id),
          sql`${onlinePayments.refundedCents} + ${amountCents} <= ${onlinePayments.amountCents}`,
        ),
      )
      .returning({ refundedCents: onlinePayments.refundedCents });
    if (!reserved) return null;
    // Same payment, same amount already given back, same amount asked: the same refund. An
    // owner who retries after an answer that never came gets the refund that was made, not a second.
    const requestKey = `refund-${payment.provider}-${payment.providerPaymentId}-${reserved.refundedCents - amountCents}-${amountCents}`;
    const [refund] = await tx
      .insert(paymentRefunds)
      .values({ onlinePaymentId: payment.id, amountCents, byUserId, requestKey })
      .onConflictDoNothing()
      .returning({ id: paymentRefunds.id });
    // A pending refund with this very key: the same request is already on its way.
    if (!refund) throw new RefundInFlight();
    return { id: refund.id, requestKey };
  });
}

class RefundInFlight extends Error {
  constructor() {
    super("The same refund is already being asked of the provider");
  }
}

/** The provider's answer, written: the refund done, or its reservation given back. */
async function settle(
  refund: { id: number; onlinePaymentId: number; amountCents: number; byUserId: string | null },
  payment: { code: string; orderId: number; provider: string; providerPaymentId: string },
  result: RefundResult,
) {
  await getDb().transaction(async (tx) => {
    if (result.status === "refunded") {
      const done = await tx
        .update(paymentRefunds)
        .set({ status: "done", providerRefundId: result.refundId })
        .where(and(eq(paymentRefunds.id, refund.id), eq(paymentRefunds.status, "pending")))
        .returning({ id: paymentRefunds.id });
      // Settled already (two housekeeping runs asked at once): recorded once.
      if (done.length === 0) return;
      await recordAudit(
        {
          userId: refund.byUserId,
          action: "refund",
          entity: "order",
          entityId: payment.orderId,
          summary: {
            title: payment.code,
            provider: providerLabel(payment.provider),
            refundAmountCents: refund.amountCents,
            paidOperation: payment.providerPaymentId,
            refundId: result.refundId,
          },
        },
        tx,
      );
      return;
    }
    const removed = await tx
      .delete(paymentRefunds)
      .where(and(eq(paymentRefunds.id, refund.id), eq(paymentRefunds.status, "pending")))
      .returning({ id: paymentRefunds.id });
    if (removed.length === 0) return;
    await tx
      .update(onlinePayments)
      .set({ refundedCents: sql`${onlinePayments.refundedCents} - ${refund.amountCents}` })
      .where(eq(onlinePayments.id, refund.onlinePaymentId));
  });
}

async function askProvider(method: OnlineMethod, providerPaymentId: string, amountCents: number, requestKey: string) {
  try {
    return await (await providerFor(method)).refund(providerPaymentId, amountCents, requestKey);
  } catch (error) {
    logError("Refund could not be asked of the provider", error, { payment: providerPaymentId });
    return { status: "refused", reason: "" } as const;
  }
}

/**
 * Gives back `amountCents` of an order's online payment through its provider. Refused by the
 * provider, nothing changes and its reason is answered; done, the shopper is e-mailed and a
 * nota de crédito issued, unless `isMailed` / `isCredited` are false (a cancellation's own
 * e-mail and credit note tell them).
 */
export async function refundOnlinePayment(
  admin: { id: string },
  request: { orderId: number; onlinePaymentId: number; amountCents: number },
  options: { isMailed?: boolean; isCredited?: boolean } = {},
): Promise<RefundOutcome> {
  const payment = await readPayment(request.orderId, request.onlinePaymentId);
  if (!payment) return { status: "not-found" };
  const providerName = providerLabel(payment.provider);
  const method = await methodOf(payment);
  if (!method) return { status: "no-credentials", providerName };
  let reserved: Awaited<ReturnType<typeof reserve>>;
  try {
    reserved = await reserve(payment, request.amountCents, admin.id);
  } catch (error) {
    if (!(error instanceof RefundInFlight)) throw error;
    return { status: "refused", providerName, reason: "" };
  }
  if (!reserved) {
    const now = await readPayment(request.orderId, request.onlinePaymentId);
    return { status: "too-much", remainingCents: now ? now.amountCents - now.refundedCents : 0 };
  }
  const result = await askProvider(method, payment.providerPaymentId, request.amountCents, reserved.requestKey);
  await settle(
    { id: reserved.id, onlinePaymentId: payment.id, amountCents: request.amountCents, byUserId: admin.id },
    payment,
    result,
  );
  if (result.status === "refused") return { status: "refused", providerName, reason: result.reason };
  if (options.isMailed !== false) sendRefundMailLater(payment.id, request.amountCents);
  // Its nota de crédito (issue 46); a cancellation's refund is credited by the cancellation's own note.
  if (options.isCredited !== false) {
    issueCreditNoteLater(payment.orderId, "refund", { amountCents: request.amountCents, byUserId: admin.id });
  }
  return { status: "refunded", code: payment.code, amountCents: request.amountCents, providerName };
}

const STALE_REFUND_MS = 10 * 60 * 1000;

/**
 * Refunds left 'pending' (the server stopped between asking the provider and writing its
 * answer) are asked again with their own key: the provider answers the refund it made, or
 * makes it now; a refusal gives the reservation back. Run by the housekeeping.
 */
export async function settleStaleRefunds(now = new Date()): Promise<number> {
  const stale = await getDb()
    .select({
      id: paymentRefunds.id,
      onlinePaymentId: paymentRefunds.onlinePaymentId,
      amountCents: paymentRefunds.amountCents,
      byUserId: paymentRefunds.byUserId,
      requestKey: paymentRefunds.requestKey,
      orderId: onlinePayments.orderId,
      code: orders.code,
      provider: onlinePayments.provider,
      methodId: onlinePayments.methodId,
      providerPaymentId: onlinePayments.providerPaymentId,
    })
    .from(paymentRefunds)
    .innerJoin(onlinePayments, eq(onlinePayments.id, paymentRefunds.onlinePaymentId))
    .innerJoin(orders, eq(orders.id, onlinePayments.orderId))
    .where(
      and(
        eq(paymentRefunds.status, "pending"),
        lt(paymentRefunds.createdAt, new Date(now.getTime() - STALE_REFUND_MS)),
      ),
    )
    .orderBy(asc(paymentRefunds.id))
    .limit(20);
  let settled = 0;
  for (const refund of stale) {
    const method = await methodOf(refund);
    if (!method) continue;
    const result = await askProvider(method, refund.providerPaymentId, refund.amountCents, refund.requestKey);
    // Unreachable again: left pending for the next run, never given back on a guess.
    if (result.status === "refused" && !result.reason) continue;
    await settle(refund, refund, result);
    if (result.status === "refunded") sendRefundMailLater(refund.onlinePaymentId, refund.amountCents);
    settled += 1;
  }
  if (settled > 0) logInfo("Pending refunds settled with their providers", { settled });
  return settled;
}

/** Each payment's refunds, oldest first, for the order's pages. */
export async function listRefunds(onlinePaymentIds: number[]) {
  if (onlinePaymentIds.length === 0) return [];
  return getDb()
    .select({
      onlinePaymentId: paymentRefunds.onlinePaymentId,
      amountCents: paymentRefunds.amountCents,
      status: paymentRefunds.status,
      providerRefundId: paymentRefunds.providerRefundId,
      createdAt: paymentRefunds.createdAt,
    })
    .from(paymentRefunds)
    .where(inArray(paymentRefunds.onlinePaymentId, onlinePaymentIds))
    .orderBy(asc(paymentRefunds.id));
}

/** The refunds made of an order's online payments, oldest first: what the shopper's page and e-mails tell. */
export async function listOrderRefunds(orderId: number) {
  const rows = await getDb()
    .select({
      amountCents: paymentRefunds.amountCents,
      createdAt: paymentRefunds.createdAt,
      methodLabel: onlinePayments.methodLabel,
      provider: onlinePayments.provider,
    })
    .from(paymentRefunds)
    .innerJoin(onlinePayments, eq(onlinePayments.id, paymentRefunds.onlinePaymentId))
    .where(and(eq(onlinePayments.orderId, orderId), eq(paymentRefunds.status, "done")))
    .orderBy(asc(paymentRefunds.id));
  return rows.map((row) => ({
    amountCents: row.amountCents,
    methodLabel: row.methodLabel,
    providerName: providerLabel(row.provider),
    createdAt: row.createdAt,
  }));
}
