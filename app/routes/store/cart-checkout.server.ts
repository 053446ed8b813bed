import { data } from "react-router";

import { getSessionUser } from "~/auth/guards.server";
import { readCartId } from "~/domain/cart/cart.server";
import {
  type CheckoutField,
  checkoutFields,
  type CheckoutValues,
  describeStockProblem,
  describeStockProblems,
  emptyCheckoutValues,
  missingPaymentMethodToast,
  orderPlacedToast,
  orderSentToast,
  stripeSimulatedToast,
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
import { getClientIp } from "~/lib/client-ip.server";
import { isRateLimited, rateRules, recordHit } from "~/lib/rate-limit.server";
import type { ToastMessage } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";

// The cart's 'Finalizar Pedido' and 'Enviar Pedido por WhatsApp': the order placed, then its
// page (with WhatsApp opened for the second button); or the form back with what was typed
// and why it was refused.

export type CheckoutState = {
  values: CheckoutValues;
  fieldErrors: Partial<Record<CheckoutField, string>>;
  stockProblems: string[];
};

/** What each cart intent works from: the request, its context and the posted fields. */
export type IntentArgs = {
  request: Request;
  context: { clientIp?: string } & object;
  form: Record<string, FormDataEntryValue>;
};

type Reply = { toast?: ToastMessage; checkout: CheckoutState };
const reply = (body: Reply, status = 200) => data(body, { status });

const formErrorToast: ToastMessage = {
  title: "Error de Validación",
  description: "Revisa los datos marcados en el formulario.",
  variant: "destructive",
};

function readValues(form: Record<string, FormDataEntryValue>): CheckoutValues {
  const values = emptyCheckoutValues();
  for (const name of [...checkoutFields, "paymentMethodId"] as const) {
    const value = form[name];
    if (typeof value === "string") values[name] = value;
  }
  return values;
}

export async function checkout({ request, context, form }: IntentArgs) {
  const state: CheckoutState = { values: readValues(form), fieldErrors: {}, stockProblems: [] };
  // Orders hold their units before any payment: a limit per address keeps one visitor
  // from emptying the shelves with orders nobody will pay.
  const clientIp = getClientIp(context);
  const ordersKey = `orders:ip:${clientIp}`;
  if (isRateLimited(ordersKey, rateRules.placedOrdersPerIp)) {
    return reply({ toast: tooManyOrdersToast, checkout: state }, 429);
  }
  const [user, cartId] = await Promise.all([getSessionUser(request), readCartId(request)]);
  const outcome = await submitCheckout({ cartId, user, form, clientIp: clientIp === "unknown" ? null : clientIp });
  if (outcome.status !== "placed") return refuseCheckout(outcome, state);
  recordHit(ordersKey, rateRules.placedOrdersPerIp);
  const opensWhatsApp = form.send === "whatsapp";
  return redirectWithToast(
    `${orderPagePath(outcome.code)}${opensWhatsApp ? "?abrir=1" : ""}`,
    opensWhatsApp ? orderSentToast : orderPlacedToast(outcome.code),
    { headers: { "Set-Cookie": await rememberPlacedOrder(request, outcome.code) } },
  );
}

/** An order not placed: why, beside the form that keeps what was typed. */
function refuseCheckout(outcome: Exclude<CheckoutOutcome, { status: "placed" }>, state: CheckoutState) {
  switch (outcome.status) {
    case "missing-payment-method":
      return reply({ toast: missingPaymentMethodToast, checkout: state }, 400);
    case "unknown-payment-method":
      return reply(
        {
          toast: {
            title: "Error",
            description: "El método de pago elegido ya no está disponible. Elige otro, por favor.",
            variant: "destructive",
          },
          checkout: { ...state, values: { ...state.values, paymentMethodId: "" } },
        },
        409,
      );
    case "stripe-simulated":
      return reply({ toast: stripeSimulatedToast, checkout: state });
    case "invalid":
      return reply({ toast: formErrorToast, checkout: { ...state, fieldErrors: outcome.fieldErrors } }, 400);
    case "below-minimum":
      return reply(
        {
          toast: { title: "Error", description: outcome.message, variant: "destructive" },
          checkout: { ...state, fieldErrors: { deliveryZoneId: outcome.message } },
        },
        409,
      );
    case "empty-cart":
      return reply(
        { toast: { title: "Error", description: "Tu carrito está vacío.", variant: "destructive" }, checkout: state },
        409,
      );
    default:
      return refuseOverLimits(outcome, state);
  }
}

/** Refusals about quantities: stock that moved, an order's share, too many unpaid orders. */
function refuseOverLimits(
  outcome: Extract<CheckoutOutcome, { status: "insufficient-stock" | "over-order-limit" | "too-many-pending-orders" }>,
  state: CheckoutState,
) {
  switch (outcome.status) {
    case "insufficient-stock":
      return reply(
        {
          toast: describeStockProblems(outcome.problems),
          checkout: { ...state, stockProblems: outcome.problems.map(describeStockProblem) },
        },
        409,
      );
    case "over-order-limit":
      return reply(
        {
          toast: describeOrderLimitProblems(outcome.problems),
          checkout: { ...state, stockProblems: outcome.problems.map(describeOrderLimitProblem) },
        },
        409,
      );
    case "too-many-pending-orders":
      return reply(
        {
          toast: tooManyPendingOrdersToast,
          checkout: { ...state, fieldErrors: { customerPhone: TOO_MANY_PENDING_ORDERS_MESSAGE } },
        },
        429,
      );
  }
}
