import { asc, eq } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { paymentMethods } from "~/db/schema";

// The payment method of a checkout: the radios the cart offers and the choice a posted
// order made among them.

/** What an order copies of its payment method (id null when none is configured). */
export type PaymentMethodCopy = { id: string | null; name: string; details: string };

export type CheckoutPaymentMethod = {
  id: string;
  name: string;
  details: string;
  kind: "manual" | "stripe";
};

/** When the shop switched every method off, the order still goes out and payment is agreed in the chat. */
const TO_BE_AGREED: PaymentMethodCopy = { id: null, name: "Por coordinar", details: "" };

/** The active payment methods, in the shop's order, for the cart's radios. */
export async function listCheckoutPaymentMethods(): Promise<CheckoutPaymentMethod[]> {
  return getDb()
    .select({
      id: paymentMethods.id,
      name: paymentMethods.name,
      details: paymentMethods.details,
      kind: paymentMethods.kind,
    })
    .from(paymentMethods)
    .where(eq(paymentMethods.isActive, true))
    .orderBy(asc(paymentMethods.sortOrder), asc(paymentMethods.name));
}

type MethodChoice =
  | { status: "ok"; method: PaymentMethodCopy }
  | { status: "missing-payment-method" }
  | { status: "unknown-payment-method" }
  | { status: "stripe-simulated" };

export async function choosePaymentMethod(paymentMethodId: string | undefined): Promise<MethodChoice> {
  const methods = await listCheckoutPaymentMethods();
  if (!paymentMethodId) {
    return methods.length > 0 ? { status: "missing-payment-method" } : { status: "ok", method: TO_BE_AGREED };
  }
  const method = methods.find((candidate) => candidate.id === paymentMethodId);
  if (!method) return { status: "unknown-payment-method" };
  // Card payment is not wired yet: the spec's simulated notice, and nothing is stored.
  if (method.kind === "stripe") return { status: "stripe-simulated" };
  return { status: "ok", method };
}
