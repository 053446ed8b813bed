import { eq } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { customerProfiles, users } from "~/db/schema";
import { deliverShopAlertsLater } from "~/domain/alerts/shop-alerts.server";
import { type FieldErrors, parseWithSchema } from "~/lib/form-data";

import { type ChoiceFields, readCheckoutChoices } from "./checkout-choices.server";
import { checkoutSchema } from "./checkout-schema";
import { checkoutChoiceFields, type StockProblem } from "./order";
import type { OrderLimitProblem } from "./order-limits";
import { sendOrderStatusMailLater } from "./order-mail.server";
import { choosePaymentMethod, type PaymentMethodCopy } from "./order-payment.server";
import { explainStockTaken, type PlaceOrderInput, storeOrder } from "./order-store.server";

// Checkout: the cart page's order form, placing the order and the contact to prefill. The
// transaction is in order-store.server.ts (limits: order-holdings.server.ts), the payment
// methods in order-payment.server.ts and the confirmation in order-confirmation.server.ts;
// their public parts are exported from here too.

export { forgetPlacedOrdersCookie, rememberPlacedOrder } from "./order-confirmation.server";
export { listCheckoutPaymentMethods } from "./order-payment.server";
export type { PlaceOrderInput } from "./order-store.server";

type PlacedOrder = {
  orderId: number;
  code: string;
  accessToken: string;
  totalCents: number;
  /** Paid online: the shopper goes to the provider next, not to WhatsApp (ADR 038). */
  paysOnline: boolean;
};

export type PlaceOrderResult =
  | ({ status: "placed" } & PlacedOrder)
  | { status: "missing-payment-method" }
  | { status: "unknown-payment-method" }
  | { status: "empty-cart" }
  | { status: "below-minimum"; message: string }
  | { status: "insufficient-stock"; problems: StockProblem[] }
  | { status: "over-order-limit"; problems: OrderLimitProblem[] }
  | { status: "too-many-pending-orders" }
  /** The coupon kept on the cart no longer applies (ran out, expired…): why, and it was taken off. */
  | { status: "coupon-refused"; message: string };

/**
 * Turns the cart into an order in one transaction: re-reads prices and stock, refuses
 * (changing nothing) when a line's stock no longer suffices, when a line goes over the
 * shopper's share of the product or a guest phone has too many unpaid orders
 * (order-limits.ts), or when the products do not reach the district's minimum; stores the
 * order with copied titles and prices, the delivery fee the server computed and the
 * comprobante, takes the units from the stock with a conditional update (two shoppers racing
 * for the last unit: one of them gets it), records the first status and empties the cart.
 */
export async function placeOrder(input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const choice = await choosePaymentMethod(input.paymentMethodId);
  if (choice.status !== "ok") return choice;
  return placeOrderPaidWith(input, choice.method);
}

/** placeOrder with its payment method already chosen (the checkout chooses it before the form). */
async function placeOrderPaidWith(input: PlaceOrderInput, method: PaymentMethodCopy): Promise<PlaceOrderResult> {
  if (!input.cartId) return { status: "empty-cart" };

  const outcome = await storeOrder(input.cartId, input, method).catch(explainStockTaken);
  if (outcome.status !== "placed") return outcome;
  // The order keeps this address as it is (order-store.server.ts): without one there is no mail
  // to send, and nothing to read for it.
  if (input.customerEmail) sendOrderStatusMailLater(outcome.orderId, { isVisitorRequest: true });
  deliverShopAlertsLater();
  // Its WhatsApp message is read from the stored order by the order page the shopper is sent
  // to (getOrderWhatsAppUrl), not here: five statements per checkout that nobody read (issue 47).
  return {
    status: "placed",
    orderId: outcome.orderId,
    code: outcome.code,
    accessToken: outcome.accessToken,
    totalCents: outcome.totalCents,
    paysOnline: method.kind !== undefined && method.kind !== "manual",
  };
}

export type CheckoutOutcome = PlaceOrderResult | { status: "invalid"; fieldErrors: FieldErrors };

/**
 * The cart page's order form: the payment method is checked first (missing or gone before
 * anything else), then the shopper's contact, the
 * delivery and the comprobante, every wrong field at once.
 */
export async function submitCheckout(input: {
  cartId: string | null;
  user: { id: string; email: string } | null;
  clientIp: string | null;
  form: Record<string, unknown>;
}): Promise<CheckoutOutcome> {
  const rawMethodId = typeof input.form.paymentMethodId === "string" ? input.form.paymentMethodId.trim() : "";
  const choice = await choosePaymentMethod(rawMethodId || undefined);
  if (choice.status !== "ok") return choice;

  const parsed = parseWithSchema(checkoutSchema, input.form);
  if (!parsed.success) {
    // The choices' own messages too, so the shopper fixes everything in one go.
    const more = await readCheckoutChoices(readChoiceFields(input.form));
    return { status: "invalid", fieldErrors: { ...("errors" in more ? more.errors : {}), ...parsed.errors } };
  }
  const read = await readCheckoutChoices(parsed.data);
  if ("errors" in read) return { status: "invalid", fieldErrors: read.errors };
  return placeOrderPaidWith(
    {
      cartId: input.cartId,
      userId: input.user?.id ?? null,
      clientIp: input.clientIp,
      paymentMethodId: parsed.data.paymentMethodId,
      customerName: parsed.data.customerName,
      customerPhone: parsed.data.customerPhone,
      customerEmail: parsed.data.customerEmail ?? input.user?.email ?? "",
      delivery: read.choices.delivery,
      comprobante: read.choices.comprobante,
    },
    choice.method,
  );
}

/** The choice fields as posted, trimmed, for the messages of a form refused for other fields. */
function readChoiceFields(form: Record<string, unknown>): ChoiceFields {
  const text = (value: unknown) => (typeof value === "string" ? value.trim().slice(0, 600) : "");
  return Object.fromEntries(checkoutChoiceFields.map((name) => [name, text(form[name])])) as ChoiceFields;
}

/** Name and phone to prefill for a signed-in shopper: the profile's, else the account name. */
export async function getCustomerContact(userId: string): Promise<{ name: string; phone: string }> {
  const [row] = await getDb()
    .select({
      accountName: users.name,
      fullName: customerProfiles.fullName,
      phone: customerProfiles.phone,
    })
    .from(users)
    .leftJoin(customerProfiles, eq(customerProfiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return { name: "", phone: "" };
  return { name: row.fullName?.trim() || row.accountName.trim(), phone: row.phone?.trim() ?? "" };
}
