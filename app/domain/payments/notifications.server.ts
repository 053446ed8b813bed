import { and, eq } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { paymentNotifications } from "~/db/schema";
import { logInfo, logWarn } from "~/lib/log.server";

import { type AcceptOutcome, acceptProviderPayment } from "./online-payment.server";
import { listProviderMethods, providerFor } from "./payment-methods.server";
import type { IncomingNotification, OnlineProviderId } from "./provider";

// A provider's notification (/api/pagos/{provider}): verified by its signature, then the
// payment it names is read back from the provider and accepted (online-payment.server.ts).
// It proves nothing by itself: a body claiming 'approved' is never read as such.

export type NotificationAnswer =
  /** 401: nothing changed. */
  | { status: "bad-signature" }
  /** 200: handled now, or before (the same event id). */
  | { status: "handled"; outcome: AcceptOutcome["status"] | "ignored" | "unknown-payment" | "repeat" };

/** Outcomes after which a repeat of the event has nothing more to do. */
const FINAL = new Set(["paid", "late", "duplicate", "ignored", "unknown-order", "mismatch"]);

export async function receiveNotification(
  provider: OnlineProviderId,
  notification: IncomingNotification,
  now = new Date(),
): Promise<NotificationAnswer> {
  const methods = await listProviderMethods(provider);
  let verified: { method: (typeof methods)[number]; eventId: string; paymentRef: string | null } | null = null;
  for (const method of methods) {
    const check = (await providerFor(method)).verifyNotification(notification, now);
    if (check.status === "verified") {
      verified = { method, eventId: check.eventId, paymentRef: check.paymentRef };
      break;
    }
  }
  if (!verified) {
    logWarn("Payment notification refused: bad signature", { provider });
    return { status: "bad-signature" };
  }
  const [seen] = await getDb()
    .select({ outcome: paymentNotifications.outcome })
    .from(paymentNotifications)
    .where(and(eq(paymentNotifications.provider, provider), eq(paymentNotifications.eventId, verified.eventId)));
  if (seen && FINAL.has(seen.outcome)) return { status: "handled", outcome: "repeat" };

  let outcome: AcceptOutcome["status"] | "ignored" | "unknown-payment";
  if (!verified.paymentRef) {
    outcome = "ignored";
  } else {
    // A provider that fails here throws: the route answers 500 and the provider retries later.
    const payment = await (await providerFor(verified.method)).readPayment(verified.paymentRef);
    outcome = payment ? (await acceptProviderPayment(verified.method, payment)).status : "unknown-payment";
    if (outcome === "unknown-order" || outcome === "mismatch" || outcome === "unknown-payment") {
      logWarn("Payment notification for nothing this shop can take", {
        provider,
        event: verified.eventId,
        payment: verified.paymentRef,
        outcome,
      });
    } else {
      logInfo("Payment notification", { provider, event: verified.eventId, payment: verified.paymentRef, outcome });
    }
  }
  await getDb()
    .insert(paymentNotifications)
    .values({ provider, eventId: verified.eventId, paymentRef: verified.paymentRef, outcome })
    .onConflictDoUpdate({
      target: [paymentNotifications.provider, paymentNotifications.eventId],
      set: { outcome },
    });
  return { status: "handled", outcome };
}
