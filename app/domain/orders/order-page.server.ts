import { asc, eq } from "drizzle-orm";
import { href } from "react-router";

import { getSessionUserOrSignedOut } from "~/auth/guards.server";
import { getDb } from "~/db/client.server";
import { orderLines, orders, type OrderStatus, orderStatusChanges, paymentMethods } from "~/db/schema";
import { orderStatusLabels } from "~/domain/account/order-status";
import { listOrderDiscountLines } from "~/domain/discounts/order-discounts.server";
import { readDownloadableDocuments } from "~/domain/invoicing/order-documents.server";
import { readOrderPaymentState } from "~/domain/payments/online-payment.server";
import { refundSentence } from "~/domain/payments/payment-texts";
import { providerLabel } from "~/domain/payments/provider";
import { isOnlineProviderId, type OnlineProviderId } from "~/domain/payments/provider";
import { listOrderRefunds } from "~/domain/payments/refunds.server";
import { getShopSettings } from "~/domain/settings/settings.server";

import { summarizeComprobante } from "./comprobante";
import { ORDER_CODE_PATTERN } from "./order";
import { isOrderAccessToken } from "./order-access.server";
import { getOrderWhatsAppUrl, readPlacedOrderCodes } from "./order-confirmation.server";
import { orderLineTitle } from "./order-line-title.server";
import { ORDER_TOKEN_PARAM, orderPagePath } from "./order-link";
import {
  EXPIRED_ORDER_LABEL,
  type OrderPageDelivery,
  type OrderPageOnlinePayment,
  type OrderPageView,
  type OrderTimelineEntry,
  receiptRefusal,
} from "./order-page";
import { listCheckoutPaymentMethods } from "./order-payment.server";

// Who may open an order's page (/pedido/{code}), send its payment receipt and see that
// receipt: order codes are sequential, so the code alone opens nothing. Everyone else gets the
// same 404 as an address that does not exist, so a stranger cannot even tell the order exists.

/** How the request proved it may see the order. */
type OrderAccess = "placed-here" | "account" | "token" | "admin";

export type AccessibleOrder = {
  id: number;
  code: string;
  status: OrderStatus;
  isPaid: boolean;
  receiptImage: string | null;
  access: OrderAccess;
  /** The token the request came with, when that is what opened the order: kept in the page's links. */
  linkToken: string | null;
};

/** Longer than any order code the shop will reach: anything longer is not looked up. */
const MAX_CODE_LENGTH = 20;

function readGivenToken(request: Request): string | null {
  return new URL(request.url).searchParams.get(ORDER_TOKEN_PARAM);
}

/**
 * The order `code` names, when this request may see it: the browser that placed it (signed
 * cookie), the signed-in customer it belongs to, a link with its token, or, with `allowAdmin`
 * (its receipt image only), an administrator. Null for anyone else and for unknown codes.
 */
export async function findAccessibleOrder(
  request: Request,
  code: string | undefined,
  options: { allowAdmin?: boolean } = {},
): Promise<AccessibleOrder | null> {
  if (!code || code.length > MAX_CODE_LENGTH || !ORDER_CODE_PATTERN.test(code)) return null;
  const [order] = await getDb()
    .select({
      id: orders.id,
      code: orders.code,
      userId: orders.userId,
      accessToken: orders.accessToken,
      status: orders.status,
      paidAt: orders.paidAt,
      receiptImage: orders.receiptImage,
    })
    .from(orders)
    .where(eq(orders.code, code));
  if (!order) return null;
  const access = await decideAccess(request, order, options.allowAdmin === true);
  if (!access) return null;
  return {
    id: order.id,
    code: order.code,
    status: order.status,
    isPaid: order.paidAt !== null,
    receiptImage: order.receiptImage,
    access,
    linkToken: access === "token" ? readGivenToken(request) : null,
  };
}

async function decideAccess(
  request: Request,
  order: { code: string; userId: string | null; accessToken: string | null },
  allowAdmin: boolean,
): Promise<OrderAccess | null> {
  if (isOrderAccessToken(order.accessToken, readGivenToken(request))) return "token";
  if ((await readPlacedOrderCodes(request)).includes(order.code)) return "placed-here";
  // A session that cannot be read counts as none (and is logged): the order stays closed.
  const { user } = await getSessionUserOrSignedOut(request);
  if (user && order.userId !== null && user.id === order.userId) return "account";
  if (allowAdmin && user?.role === "admin") return "admin";
  return null;
}

/**
 * For the server's front door (server/app.ts), before any route runs: whether a request to
 * `pathAndQuery` (e.g. '/pedido/PED-000123?t=…') comes from someone who may send the order's
 * receipt, so that only they may send a body the size of an image. Never throws.
 */
export async function isOrderOwnerRequest(
  headers: Record<string, string | string[] | undefined>,
  pathAndQuery: string,
): Promise<boolean> {
  try {
    const url = new URL(pathAndQuery, "http://localhost");
    // With JavaScript the form posts to the route's '.data' address (single fetch).
    const match = /^\/pedido\/([^/]+?)(?:\.data)?\/?$/i.exec(url.pathname);
    if (!match) return false;
    const cookie = typeof headers.cookie === "string" ? headers.cookie : "";
    const request = new Request(url, { headers: cookie ? { cookie } : {} });
    return (await findAccessibleOrder(request, decodeURIComponent(match[1]!))) !== null;
  } catch {
    return false;
  }
}

const HOUR_MS = 60 * 60 * 1000;

const limaParts = new Intl.DateTimeFormat("en-US", {
  timeZone: "America/Lima",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** '27/11/2026 a las 14:05' in Lima time, whatever the server's zone. */
export function formatLimaDayAndTime(instant: Date): string {
  const parts = Object.fromEntries(limaParts.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${parts.day}/${parts.month}/${parts.year} a las ${parts.hour}:${parts.minute}`;
}

type StoredOrder = typeof orders.$inferSelect;
type StoredChange = {
  id: number;
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  isAutomatic: boolean;
  changedAt: Date;
};

function buildTimeline(changes: StoredChange[], cancelReason: string): OrderTimelineEntry[] {
  return changes.map((change) => {
    const isExpiry = change.toStatus === "cancelado" && change.isAutomatic;
    const isCancellation = change.toStatus === "cancelado";
    let note = "";
    if (change.fromStatus === null) note = "Pedido registrado";
    else if (isCancellation && !isExpiry && cancelReason) note = `Motivo: ${cancelReason}`;
    return {
      id: change.id,
      label: isExpiry ? EXPIRED_ORDER_LABEL : orderStatusLabels[change.toStatus],
      at: formatLimaDayAndTime(change.changedAt),
      note,
      isCancellation,
    };
  });
}

/** Pickup at the shop's address and hours, or delivery where the shopper asked (the page and the e-mails tell it so). */
export function describeDelivery(
  order: Pick<StoredOrder, "fulfillment" | "deliveryDistrict" | "customerAddress" | "deliveryReference">,
  shop: { contactAddress: string; contactHours: string },
): OrderPageDelivery | null {
  if (order.fulfillment === "pickup") {
    return { kind: "pickup", address: shop.contactAddress, hours: shop.contactHours };
  }
  if (order.fulfillment !== "delivery") return null;
  return {
    kind: "delivery",
    district: order.deliveryDistrict,
    address: order.customerAddress,
    reference: order.deliveryReference,
  };
}

async function readOrderRows(orderId: number) {
  const db = getDb();
  return Promise.all([
    db
      .select({
        order: orders,
        method: {
          details: paymentMethods.details,
          qrImage: paymentMethods.qrImage,
          isActive: paymentMethods.isActive,
          kind: paymentMethods.kind,
        },
      })
      .from(orders)
      .leftJoin(paymentMethods, eq(paymentMethods.id, orders.paymentMethodId))
      .where(eq(orders.id, orderId)),
    db
      .select({
        id: orderLines.id,
        title: orderLineTitle,
        quantity: orderLines.quantity,
        lineTotalCents: orderLines.lineTotalCents,
      })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))
      .orderBy(asc(orderLines.id)),
    db
      .select({
        id: orderStatusChanges.id,
        fromStatus: orderStatusChanges.fromStatus,
        toStatus: orderStatusChanges.toStatus,
        isAutomatic: orderStatusChanges.isAutomatic,
        changedAt: orderStatusChanges.changedAt,
      })
      .from(orderStatusChanges)
      .where(eq(orderStatusChanges.orderId, orderId))
      .orderBy(asc(orderStatusChanges.changedAt), asc(orderStatusChanges.id)),
  ]);
}

/** Everything the order page shows of an order the request may see (findAccessibleOrder). */
export async function loadOrderPage(access: AccessibleOrder): Promise<OrderPageView | null> {
  const [[[row], lines, changes], shop, whatsappUrl, discounts] = await Promise.all([
    readOrderRows(access.id),
    getShopSettings(),
    getOrderWhatsAppUrl(access.id),
    listOrderDiscountLines(getDb(), access.id),
  ]);
  if (!row) return null;
  const { order, method } = row;
  const isPaid = order.paidAt !== null;
  const isAwaitingPayment = order.status === "pendiente" && !isPaid;
  const pagePath = orderPagePath(order.code, access.linkToken);
  const provider = method && isOnlineProviderId(method.kind) ? method.kind : null;
  const isOnline = provider !== null;
  const showsMethod = isAwaitingPayment && method?.isActive === true && !isOnline;
  // Paid online: no receipt to upload, the provider's answer is the proof.
  const canUploadReceipt = !isOnline && receiptRefusal(order.status, isPaid) === null;
  const [online, documents] = await Promise.all([
    provider ? readOnlinePayment(access, order.code, isAwaitingPayment, provider) : null,
    readDownloadableDocuments(order.id),
  ]);
  return {
    code: order.code,
    status: order.status,
    statusLabel: orderStatusLabels[order.status],
    placedAt: formatLimaDayAndTime(order.createdAt),
    customerName: order.customerName,
    customerPhone: order.customerPhone,
    lines,
    subtotalCents: lines.reduce((sum, line) => sum + line.lineTotalCents, 0),
    discounts,
    deliveryFeeCents: order.deliveryFeeCents,
    totalCents: order.totalCents,
    delivery: describeDelivery(order, shop),
    comprobante: summarizeComprobante(order),
    documents,
    payment: {
      methodName: order.paymentMethodName,
      details: showsMethod ? (method?.details ?? "") : "",
      qrImage: showsMethod ? (method?.qrImage ?? null) : null,
      paidAt: order.paidAt ? formatLimaDayAndTime(order.paidAt) : null,
      reservedUntil: isAwaitingPayment
        ? formatLimaDayAndTime(new Date(order.createdAt.getTime() + shop.paymentHours * HOUR_MS))
        : null,
      receipt: order.receiptUploadedAt
        ? {
            uploadedAt: formatLimaDayAndTime(order.receiptUploadedAt),
            uploadedAtIso: order.receiptUploadedAt.toISOString(),
            operation: order.receiptOperation,
            imagePath: order.receiptImage ? receiptImagePath(order.code, access.linkToken) : null,
          }
        : null,
      canUploadReceipt,
      online,
    },
    timeline: buildTimeline(changes, order.cancelReason),
    // The chat's message asks to coordinate the payment: offered while the order may still be
    // paid (on its way too, paid on delivery), never once paid, delivered or cancelled.
    // Paid online, the message goes once the provider confirmed the payment, to coordinate the delivery.
    whatsappUrl:
      canUploadReceipt || (online?.state === "approved" && !["entregado", "cancelado"].includes(order.status))
        ? whatsappUrl
        : null,
    pagePath,
  };
}

/** '/pedido/PED-000123/comprobante', with the token when the page was opened by the link. */
function receiptImagePath(code: string, linkToken: string | null): string {
  const path = href("/pedido/:code/comprobante", { code });
  return linkToken ? `${path}?${new URLSearchParams({ [ORDER_TOKEN_PARAM]: linkToken })}` : path;
}

/** The online payment's part of the page: its state, and the buttons while it waits. */
async function readOnlinePayment(
  access: AccessibleOrder,
  code: string,
  isAwaitingPayment: boolean,
  provider: OnlineProviderId,
): Promise<OrderPageOnlinePayment> {
  const [state, others, refunds] = await Promise.all([
    readOrderPaymentState(access.id),
    isAwaitingPayment ? listCheckoutPaymentMethods() : Promise.resolve([]),
    listOrderRefunds(access.id),
  ]);
  const payPath = href("/pedido/:code/pagar", { code });
  return {
    state: state.status,
    methodLabel: state.status === "approved" ? state.methodLabel : null,
    providerName: providerLabel(provider),
    canPay: isAwaitingPayment,
    payPath: access.linkToken
      ? `${payPath}?${new URLSearchParams({ [ORDER_TOKEN_PARAM]: access.linkToken })}`
      : payPath,
    otherMethods: others.filter((method) => method.kind === "manual").map(({ id, name }) => ({ id, name })),
    refunds: refunds.map((refund) => ({
      sentence: refundSentence(refund),
      date: formatLimaDayAndTime(refund.createdAt),
    })),
  };
}
