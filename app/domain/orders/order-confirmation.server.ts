import { asc, eq } from "drizzle-orm";
import { createCookie } from "react-router";

import { readConfig, resolveAuthSecret } from "~/config.server";
import { getDb } from "~/db/client.server";
import { orderLines, orders, paymentMethods } from "~/db/schema";
import { orderLineTitle } from "~/domain/orders/order-line-title.server";
import { getShopSettings } from "~/domain/settings/settings.server";
import { buildWhatsAppUrl } from "~/lib/whatsapp";

import { buildOrderWhatsAppMessage, ORDER_CODE_PATTERN, type OrderMessageInput } from "./order";

// Order codes are sequential, so a confirmation is shown only to the browser that
// placed the order (signed cookie) or to the account it belongs to.
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

async function readPlacedOrderCodes(request: Request): Promise<string[]> {
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

export type OrderConfirmation = {
  code: string;
  totalCents: number;
  paymentMethodName: string;
  lines: OrderMessageInput["lines"];
  whatsappUrl: string;
};

/**
 * The confirmation of an order placed from this browser or by this account, with its
 * WhatsApp link rebuilt from what the order stored; null for anyone else's code.
 */
export async function getOrderConfirmation(
  request: Request,
  code: string,
  userId: string | null,
): Promise<OrderConfirmation | null> {
  if (!ORDER_CODE_PATTERN.test(code)) return null;
  const db = getDb();
  const [order] = await db
    .select({
      id: orders.id,
      code: orders.code,
      userId: orders.userId,
      customerName: orders.customerName,
      customerPhone: orders.customerPhone,
      totalCents: orders.totalCents,
      paymentMethodName: orders.paymentMethodName,
      paymentMethodDetails: paymentMethods.details,
    })
    .from(orders)
    .leftJoin(paymentMethods, eq(paymentMethods.id, orders.paymentMethodId))
    .where(eq(orders.code, code));
  if (!order) return null;
  const isOwner = (userId !== null && order.userId === userId) || (await readPlacedOrderCodes(request)).includes(code);
  if (!isOwner) return null;

  const [lines, settings] = await Promise.all([
    db
      .select({
        title: orderLineTitle,
        quantity: orderLines.quantity,
        lineTotalCents: orderLines.lineTotalCents,
      })
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.id)),
    getShopSettings(),
  ]);
  const message = buildOrderWhatsAppMessage({
    code: order.code,
    customerName: order.customerName,
    customerPhone: order.customerPhone,
    lines,
    totalCents: order.totalCents,
    paymentMethod: { name: order.paymentMethodName, details: order.paymentMethodDetails ?? "" },
  });
  return {
    code: order.code,
    totalCents: order.totalCents,
    paymentMethodName: order.paymentMethodName,
    lines,
    whatsappUrl: buildWhatsAppUrl(settings.contactPhone, message),
  };
}
