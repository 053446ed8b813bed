import { eq } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { customerProfiles, users } from "~/db/schema";
import { getShopSettings } from "~/domain/settings/settings.server";
import { buildWhatsAppUrl } from "~/lib/whatsapp";

import { checkoutSchema } from "./checkout-schema";
import { buildOrderWhatsAppMessage, type CheckoutField, type StockProblem } from "./order";
import type { OrderLimitProblem } from "./order-limits";
import { choosePaymentMethod } from "./order-payment.server";
import { explainStockTaken, type PlaceOrderInput, storeOrder } from "./order-store.server";

// Checkout: the cart page's order form, placing the order and the contact to prefill. The
// transaction is in order-store.server.ts (limits: order-holdings.server.ts), the payment
// methods in order-payment.server.ts and the confirmation in order-confirmation.server.ts;
// their public parts are exported from here too.

export {
  forgetPlacedOrdersCookie,
  getOrderConfirmation,
  type OrderConfirmation,
  rememberPlacedOrder,
} from "./order-confirmation.server";
export { type CheckoutPaymentMethod, listCheckoutPaymentMethods } from "./order-payment.server";
export type { PlaceOrderInput } from "./order-store.server";

export type PlacedOrder = {
  orderId: number;
  code: string;
  totalCents: number;
  message: string;
  whatsappUrl: string;
};

export type PlaceOrderResult =
  | ({ status: "placed" } & PlacedOrder)
  | { status: "missing-payment-method" }
  | { status: "unknown-payment-method" }
  | { status: "stripe-simulated" }
  | { status: "empty-cart" }
  | { status: "insufficient-stock"; problems: StockProblem[] }
  | { status: "over-order-limit"; problems: OrderLimitProblem[] }
  | { status: "too-many-pending-orders" };

/**
 * Turns the cart into an order in one transaction: re-reads prices and stock, refuses
 * (changing nothing) when a line's stock no longer suffices, when a line goes over the
 * shopper's share of the product or a guest phone has too many unpaid orders
 * (order-limits.ts), stores the order with copied titles and prices, takes the units from
 * the stock with a conditional update (two shoppers racing for the last unit: one of them
 * gets it), records the first status and empties the cart. Answers the WhatsApp link with
 * the order's message.
 */
export async function placeOrder(input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const choice = await choosePaymentMethod(input.paymentMethodId);
  if (choice.status !== "ok") return choice;
  if (!input.cartId) return { status: "empty-cart" };

  const outcome = await storeOrder(input.cartId, input, choice.method).catch(explainStockTaken);
  if (outcome.status !== "placed") return outcome;

  const settings = await getShopSettings();
  const message = buildOrderWhatsAppMessage({
    code: outcome.code,
    customerName: input.customerName,
    customerPhone: input.customerPhone,
    lines: outcome.lines,
    totalCents: outcome.totalCents,
    paymentMethod: choice.method,
  });
  return {
    status: "placed",
    orderId: outcome.orderId,
    code: outcome.code,
    totalCents: outcome.totalCents,
    message,
    whatsappUrl: buildWhatsAppUrl(settings.contactPhone, message),
  };
}

export type CheckoutOutcome =
  PlaceOrderResult | { status: "invalid"; fieldErrors: Partial<Record<CheckoutField, string>> };

/**
 * The cart page's order form: the payment method is checked first (missing or the
 * simulated card payment answer before anything else), then the shopper's contact.
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

  const parsed = checkoutSchema.safeParse(input.form);
  if (!parsed.success) {
    const fieldErrors: Partial<Record<CheckoutField, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === "customerName" || field === "customerPhone") && !fieldErrors[field]) {
        fieldErrors[field] = issue.message;
      }
    }
    return { status: "invalid", fieldErrors };
  }
  return placeOrder({
    cartId: input.cartId,
    userId: input.user?.id ?? null,
    clientIp: input.clientIp,
    paymentMethodId: parsed.data.paymentMethodId,
    customerName: parsed.data.customerName,
    customerPhone: parsed.data.customerPhone,
    customerEmail: input.user?.email ?? "",
  });
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
