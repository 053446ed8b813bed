import { and, asc, eq, ne, or } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { paymentMethods } from "~/db/schema";
import { pageTags } from "~/lib/page-cache/page-tags";
import { readShared } from "~/lib/page-cache/shared-reads.server";

// The payment method of a checkout: the radios the cart offers and the choice a posted
// order made among them.

/** What an order copies of its payment method (id null when none is configured). */
export type PaymentMethodCopy = { id: string | null; name: string; details: string; kind?: PaymentMethodKind };

/** 'manual': paid by hand and marked paid by the owner; otherwise the online provider (ADR 038). */
type PaymentMethodKind = "manual" | "mercadopago" | "stripe";

export type CheckoutPaymentMethod = {
  id: string;
  name: string;
  details: string;
  kind: PaymentMethodKind;
};

/** When the shop switched every method off, the order still goes out and payment is agreed in the chat. */
const TO_BE_AGREED: PaymentMethodCopy = { id: null, name: "Por coordinar", details: "" };

/**
 * The active payment methods, in the shop's order, for the cart's radios. An online method
 * without its credentials (the spec's inactive 'stripe' row switched on before it was
 * configured) is not offered: nobody could pay with it.
 */
export async function listCheckoutPaymentMethods(): Promise<readonly CheckoutPaymentMethod[]> {
  const db = getDb();
  // Kept in memory until the owner saves the payment methods (ADR 043).
  return readShared(db, "checkout-payment-methods", [pageTags.paymentMethods], () =>
    db
      .select({
        id: paymentMethods.id,
        name: paymentMethods.name,
        details: paymentMethods.details,
        kind: paymentMethods.kind,
      })
      .from(paymentMethods)
      .where(
        and(
          eq(paymentMethods.isActive, true),
          or(eq(paymentMethods.kind, "manual"), ne(paymentMethods.secretKeySealed, "")),
        ),
      )
      .orderBy(asc(paymentMethods.sortOrder), asc(paymentMethods.name)),
  );
}

type MethodChoice =
  | { status: "ok"; method: PaymentMethodCopy }
  | { status: "missing-payment-method" }
  | { status: "unknown-payment-method" };

export async function choosePaymentMethod(paymentMethodId: string | undefined): Promise<MethodChoice> {
  const methods = await listCheckoutPaymentMethods();
  if (!paymentMethodId) {
    return methods.length > 0 ? { status: "missing-payment-method" } : { status: "ok", method: TO_BE_AGREED };
  }
  const method = methods.find((candidate) => candidate.id === paymentMethodId);
  if (!method) return { status: "unknown-payment-method" };
  return { status: "ok", method };
}
