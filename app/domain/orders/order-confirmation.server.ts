import { asc, eq } from "drizzle-orm";
import { createCookie } from "react-router";

import { readConfig, resolveAuthSecret } from "~/config.server";
import { getDb } from "~/db/client.server";
import { orderLines, orders, paymentMethods } from "~/db/schema";
import { discountLabel } from "~/domain/discounts/discount-rules";
import { listOrderDiscounts } from "~/domain/discounts/order-discounts.server";
import { orderLineTitle } from "~/domain/orders/order-line-title.server";
import { getShopSettings } from "~/domain/settings/settings.server";
import { buildWhatsAppUrl } from "~/lib/whatsapp";

import { summarizeComprobante } from "./comprobante";
import { orderPageUrl } from "./order-link";
import { buildOrderWhatsAppMessage, type OrderMessageDelivery } from "./order-message";

// Order codes are sequential, so an order's page opens only for the browser that placed it
// (signed cookie), the account it belongs to, or a link with its token (order-access.server.ts).
const MAX_REMEMBERED_ORDERS = 10;
let placedOrdersCookie: ReturnType<typeof createCookie> | undefined;

function getPlacedOrdersCookie() {
  if (!placedOrdersCookie) {
    const config = readConfig();
    placedOrdersCookie = createCookie("patitas_orders", {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: config.appUrl.startsWith("https://"),
      secrets: [resolveAuthSecret(config)],
      maxAge: 60 * 60 * 24 * 30,
    });
  }
  return placedOrdersCookie;
}

/** The codes of the orders this browser placed (signed cookie), newest first. */
export async function readPlacedOrderCodes(request: Request): Promise<string[]> {
  const value = await getPlacedOrdersCookie().parse(request.headers.get("Cookie"));
  return Array.isArray(value) ? value.filter((code): code is string => typeof code === "string") : [];
}

/**
 * Signing out: this browser no longer shows the confirmations of the orders it placed (name,
 * phone and lines), so that the next person at a shared computer cannot open them. A signed-in
 * shopper still finds their orders under "Mis Pedidos".
 */
export function forgetPlacedOrdersCookie(): Promise<string> {
  return getPlacedOrdersCookie().serialize([], { maxAge: 0, expires: new Date(0) });
}

/** The Set-Cookie value that lets this browser see the confirmation of `code`. */
export async function rememberPlacedOrder(request: Request, code: string): Promise<string> {
  const codes = [code, ...(await readPlacedOrderCodes(request)).filter((known) => known !== code)];
  return getPlacedOrdersCookie().serialize(codes.slice(0, MAX_REMEMBERED_ORDERS));
}

/** The WhatsApp message of a stored order, as checkout built it: lines, delivery, comprobante, link. */
export async function buildStoredOrderMessage(orderId: number): Promise<string | null> {
  const db = getDb();
  const [order] = await db
    .select({
      code: orders.code,
      customerName: orders.customerName,
      customerPhone: orders.customerPhone,
      customerAddress: orders.customerAddress,
      totalCents: orders.totalCents,
      paymentMethodName: orders.paymentMethodName,
      paymentMethodDetails: paymentMethods.details,
      accessToken: orders.accessToken,
      fulfillment: orders.fulfillment,
      deliveryDistrict: orders.deliveryDistrict,
      deliveryReference: orders.deliveryReference,
      deliveryFeeCents: orders.deliveryFeeCents,
      comprobante: orders.comprobante,
      documentType: orders.documentType,
      documentNumber: orders.documentNumber,
      businessName: orders.businessName,
      fiscalAddress: orders.fiscalAddress,
    })
    .from(orders)
    .leftJoin(paymentMethods, eq(paymentMethods.id, orders.paymentMethodId))
    .where(eq(orders.id, orderId));
  if (!order) return null;
  const lines = await db
    .select({ title: orderLineTitle, quantity: orderLines.quantity, lineTotalCents: orderLines.lineTotalCents })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
  const discounts = await listOrderDiscounts(db, [orderId]);
  return buildOrderWhatsAppMessage({
    code: order.code,
    customerName: order.customerName,
    customerPhone: order.customerPhone,
    lines,
    totalCents: order.totalCents,
    discounts: discounts.map((discount) => ({ label: discountLabel(discount), amountCents: discount.amountCents })),
    paymentMethod: { name: order.paymentMethodName, details: order.paymentMethodDetails ?? "" },
    delivery: messageDelivery(order),
    comprobante: summarizeComprobante(order),
    pageUrl: order.accessToken ? orderPageUrl(readConfig().appUrl, order.code, order.accessToken) : null,
  });
}

type StoredDelivery = {
  fulfillment: "pickup" | "delivery" | null;
  deliveryDistrict: string;
  customerAddress: string;
  deliveryReference: string;
  deliveryFeeCents: number;
};

function messageDelivery(order: StoredDelivery): OrderMessageDelivery | null {
  if (order.fulfillment === "pickup") return { kind: "pickup" };
  if (order.fulfillment !== "delivery") return null;
  return {
    kind: "delivery",
    district: order.deliveryDistrict,
    address: order.customerAddress,
    reference: order.deliveryReference,
    feeCents: order.deliveryFeeCents,
  };
}

/** The WhatsApp link that sends a stored order's message to the shop's number; null for an unknown order. */
export async function getOrderWhatsAppUrl(orderId: number): Promise<string | null> {
  const [message, settings] = await Promise.all([buildStoredOrderMessage(orderId), getShopSettings()]);
  return message === null ? null : buildWhatsAppUrl(settings.contactPhone, message);
}
