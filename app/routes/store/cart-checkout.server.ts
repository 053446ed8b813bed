import { redirect } from "react-router";

import { getSessionUser } from "~/auth/guards.server";
import { readCartId } from "~/domain/cart/cart.server";
import {
  describeStockProblem,
  describeStockProblems,
  missingPaymentMethodToast,
  orderPlacedToast,
  orderSentToast,
  tooManyOrdersToast,
} from "~/domain/orders/order";
import { type CheckoutOutcome, rememberPlacedOrder, submitCheckout } from "~/domain/orders/order.server";
import {
  describeOrderLimitProblem,
  describeOrderLimitProblems,
  TOO_MANY_PENDING_ORDERS_MESSAGE,
  tooManyPendingOrdersToast,
} from "~/domain/orders/order-limits";
import { orderPagePath } from "~/domain/orders/order-link";
import { startOnlinePayment } from "~/domain/payments/online-payment.server";
import { paymentStartFailedToast } from "~/domain/payments/payment-texts";
import { getClientIp } from "~/lib/client-ip.server";
import { type FormFailure, formFailure, VALIDATION_TOAST_TITLE } from "~/lib/form.server";
import type { FormValues } from "~/lib/form-data";
import { giveBackSubmission, rateRules, takeSubmission } from "~/lib/rate-limit.server";
import { redirectWithToast } from "~/lib/toast.server";

// The cart's 'Finalizar Pedido' and 'Enviar Pedido por WhatsApp': the order placed, then its
// page (with WhatsApp opened for the second button); or the form kit's answer (lib/form.server.ts)
// with what was typed and why it was refused.

/** An order not placed: the form kit's answer, and the cart's lines to fix when stock or limits refused it. */
export type CheckoutAnswer = FormFailure & { stockProblems?: string[] };

/** What each cart intent works from: the request, its context and the posted fields. */
export type IntentArgs = {
  request: Request;
  context: { clientIp?: string } & object;
  form: FormValues;
};

const CHECKOUT_REFUSED_MESSAGE = "Revisa los datos marcados en el formulario.";
const PAYMENT_METHOD_GONE_MESSAGE = "El método de pago elegido ya no está disponible. Elige otro, por favor.";
const EMPTY_CART_MESSAGE = "Tu carrito está vacío.";

export async function checkout({ request, context, form }: IntentArgs) {
  // Orders hold their units before any payment: a limit per address keeps one visitor
  // from emptying the shelves with orders nobody will pay.
  const clientIp = getClientIp(context);
  // Taken before the order, so that concurrent checkouts from one address (on one instance or
  // several) cannot all pass; given back when the order is not placed, which then costs nothing.
  const ordersKey = `orders:ip:${clientIp}`;
  const takenAt = Date.now();
  if (!(await takeSubmission(ordersKey, rateRules.placedOrdersPerIp, { now: takenAt }))) {
    return formFailure({}, form, tooManyOrdersToast, 429);
  }
  const outcome = await placeCheckout(request, form, clientIp).catch(async (error: unknown) => {
    await giveBackSubmission(ordersKey, takenAt);
    throw error;
  });
  if (outcome.status !== "placed") {
    await giveBackSubmission(ordersKey, takenAt);
    return refuseCheckout(outcome, form);
  }
  const remember = { "Set-Cookie": await rememberPlacedOrder(request, outcome.code) };
  if (outcome.paysOnline) {
    // Stored with its units held, as any order; now the provider's page. If the provider
    // cannot be reached, the order page offers 'Pagar' again (and other methods).
    const started = await startOnlinePayment(outcome.orderId);
    if (started.status === "redirect") return redirect(started.url, { headers: remember });
    return redirectWithToast(
      orderPagePath(outcome.code),
      paymentStartFailedToast(started.status === "provider-failed" ? started.providerName : null),
      { headers: remember },
    );
  }
  const opensWhatsApp = form.send === "whatsapp";
  return redirectWithToast(
    `${orderPagePath(outcome.code)}${opensWhatsApp ? "?abrir=1" : ""}`,
    opensWhatsApp ? orderSentToast : orderPlacedToast(outcome.code),
    { headers: remember },
  );
}

async function placeCheckout(request: Request, form: FormValues, clientIp: string) {
  const [user, cartId] = await Promise.all([getSessionUser(request), readCartId(request)]);
  return submitCheckout({ cartId, user, form, clientIp: clientIp === "unknown" ? null : clientIp });
}

/** An order not placed: why, beside the form that keeps what was typed. */
function refuseCheckout(outcome: Exclude<CheckoutOutcome, { status: "placed" }>, values: FormValues) {
  switch (outcome.status) {
    case "missing-payment-method":
      return formFailure({}, values, missingPaymentMethodToast);
    case "unknown-payment-method":
      return formFailure({}, { ...values, paymentMethodId: "" }, { description: PAYMENT_METHOD_GONE_MESSAGE }, 409);
    case "invalid":
      return formFailure(outcome.fieldErrors, values, {
        title: VALIDATION_TOAST_TITLE,
        description: CHECKOUT_REFUSED_MESSAGE,
      });
    case "below-minimum":
      return formFailure({ deliveryZoneId: outcome.message }, values, {}, 409);
    case "empty-cart":
      return formFailure({}, values, { description: EMPTY_CART_MESSAGE }, 409);
    case "insufficient-stock":
      return formFailure({}, values, describeStockProblems(outcome.problems), 409, {
        stockProblems: outcome.problems.map(describeStockProblem),
      });
    case "over-order-limit":
      return formFailure({}, values, describeOrderLimitProblems(outcome.problems), 409, {
        stockProblems: outcome.problems.map(describeOrderLimitProblem),
      });
    case "coupon-refused":
      return formFailure({ couponCode: outcome.message }, { ...values, couponCode: "" }, {}, 409);
    case "too-many-pending-orders":
      return formFailure({ customerPhone: TOO_MANY_PENDING_ORDERS_MESSAGE }, values, tooManyPendingOrdersToast, 429);
  }
}
