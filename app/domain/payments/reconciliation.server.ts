import { and, asc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { orders, paymentAttempts } from "~/db/schema";
import { logError, logInfo } from "~/lib/log.server";

import { acceptProviderPayment } from "./online-payment.server";
import { providerFor, readOnlineMethod } from "./payment-methods.server";
import { settleStaleRefunds } from "./refunds.server";

// When no notification comes (a firewall, a provider's outage: a known cause of orders stuck
// in 'Pendiente de pago' on other platforms), the shop asks the provider itself (ADR 038):
// every quarter of an hour for attempts without an answer for 15 minutes, and always before
// the expiry cancels an order that went to a provider.

const QUIET_MS = 15 * 60 * 1000;
/** Attempts asked about per run: each is one call to the provider; the rest wait for the next run. */
const BATCH = 50;

type Attempt = {
  id: number;
  orderId: number;
  code: string;
  paymentMethodId: string | null;
  reference: string | null;
  redirectUrl: string | null;
};

/** What the provider reports for an attempt's order; 'approved' means it was accepted (paid, late or duplicate). */
async function askProvider(attempt: Attempt): Promise<"approved" | "pending" | "none"> {
  const method = attempt.paymentMethodId ? await readOnlineMethod(attempt.paymentMethodId) : null;
  if (!method || !attempt.reference) return "none";
  const payments = await (
    await providerFor(method)
  ).findPayments({
    reference: attempt.reference,
    redirectUrl: attempt.redirectUrl ?? "",
    orderCode: attempt.code,
  });
  let answer: "approved" | "pending" | "none" = "none";
  for (const payment of payments) {
    const outcome = await acceptProviderPayment(method, payment);
    if (outcome.status === "paid" || outcome.status === "late" || outcome.status === "duplicate") answer = "approved";
    else if (outcome.status === "pending" && answer === "none") answer = "pending";
  }
  await getDb()
    .update(paymentAttempts)
    .set({ checkedAt: sql`now()` })
    .where(eq(paymentAttempts.id, attempt.id));
  return answer;
}

const attemptColumns = {
  id: paymentAttempts.id,
  orderId: paymentAttempts.orderId,
  code: orders.code,
  paymentMethodId: orders.paymentMethodId,
  reference: paymentAttempts.reference,
  redirectUrl: paymentAttempts.redirectUrl,
};

/**
 * Asks the provider about the attempts of unpaid orders quiet for 15 minutes, and about the
 * refunds whose answer was lost (settleStaleRefunds). Answers how many orders it found paid.
 */
export async function reconcileOnlinePayments(now = new Date()): Promise<number> {
  const quietSince = new Date(now.getTime() - QUIET_MS);
  const due = await getDb()
    .select(attemptColumns)
    .from(paymentAttempts)
    .innerJoin(orders, eq(orders.id, paymentAttempts.orderId))
    .where(
      and(
        inArray(paymentAttempts.status, ["open", "pending"]),
        lt(paymentAttempts.createdAt, quietSince),
        or(isNull(paymentAttempts.checkedAt), lt(paymentAttempts.checkedAt, quietSince)),
        eq(orders.status, "pendiente"),
        isNull(orders.paidAt),
      ),
    )
    .orderBy(asc(paymentAttempts.id))
    .limit(BATCH);
  let paid = 0;
  for (const attempt of due) {
    try {
      if ((await askProvider(attempt)) === "approved") paid += 1;
    } catch (error) {
      logError("Payment reconciliation could not ask the provider", error, { order: attempt.code });
    }
  }
  if (paid > 0) logInfo("Payment reconciliation found paid orders", { paid });
  await settleStaleRefunds(now);
  return paid;
}

/**
 * Asked by the expiry before it cancels an unpaid order: true keeps the order (its payment was
 * approved and is now recorded, or the provider still processes it). An order never sent to a
 * provider, or a provider that cannot be reached, does not keep it: the owner's hours to pay hold.
 */
export async function keepsOrderFromExpiry(orderId: number): Promise<boolean> {
  const attempts = await getDb()
    .select(attemptColumns)
    .from(paymentAttempts)
    .innerJoin(orders, eq(orders.id, paymentAttempts.orderId))
    .where(and(eq(paymentAttempts.orderId, orderId), inArray(paymentAttempts.status, ["open", "pending", "approved"])))
    .orderBy(asc(paymentAttempts.id));
  for (const attempt of attempts.reverse()) {
    try {
      const answer = await askProvider(attempt);
      if (answer !== "none") return true;
    } catch (error) {
      logError("The expiry could not ask the provider about an order", error, { order: attempt.code });
    }
  }
  return false;
}
