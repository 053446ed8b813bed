import { type AnyColumn, asc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { href } from "react-router";

import { readConfig } from "~/config.server";
import { getDb } from "~/db/client.server";
import { onlinePayments, orderLines, orders, orderStatusChanges, users } from "~/db/schema";
import { listOrderDiscountLines } from "~/domain/discounts/order-discounts.server";
import { readInvoicingState, readOrderDocuments } from "~/domain/invoicing/order-documents.server";
import { providerLabel } from "~/domain/payments/provider";
import { listRefunds } from "~/domain/payments/refunds.server";
import { getShopSettings } from "~/domain/settings/settings.server";
import { buildWhatsAppUrl } from "~/lib/whatsapp";

import { buildOrderNoticeText, formatLimaShortDateTime, getPaymentState } from "./order-admin";
import { orderLineTitle } from "./order-line-title.server";
import { orderPageUrl } from "./order-link";
import { listCheckoutPaymentMethods } from "./order-payment.server";

// The order detail of the back office: everything the owner needs to prepare, deliver and
// collect one order.

/** Who made a change, as the history shows it: the admin's username, else the account name. */
function personName(table: { username: AnyColumn; name: AnyColumn }) {
  return sql<string | null>`coalesce(${table.username}, nullif(${table.name}, ''))`;
}

const paidBy = alias(users, "paid_by");

type OrderRow = typeof orders.$inferSelect;

function readLines(orderId: number) {
  return getDb()
    .select({
      id: orderLines.id,
      productId: orderLines.productId,
      title: orderLineTitle,
      quantity: orderLines.quantity,
      unitPriceCents: orderLines.unitPriceCents,
      lineTotalCents: orderLines.lineTotalCents,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
}

async function readHistory(orderId: number) {
  const history = await getDb()
    .select({
      id: orderStatusChanges.id,
      fromStatus: orderStatusChanges.fromStatus,
      toStatus: orderStatusChanges.toStatus,
      changedBy: personName(users),
      isAutomatic: orderStatusChanges.isAutomatic,
      changedAt: orderStatusChanges.changedAt,
    })
    .from(orderStatusChanges)
    .leftJoin(users, eq(users.id, orderStatusChanges.changedByUserId))
    .where(eq(orderStatusChanges.orderId, orderId))
    .orderBy(asc(orderStatusChanges.changedAt), asc(orderStatusChanges.id));
  return history.map(({ changedAt, ...change }) => ({ ...change, date: formatLimaShortDateTime(changedAt) }));
}

/** Delivery to a district, pickup at the shop, or neither (an order from before the choice). */
function describeFulfillment(order: OrderRow) {
  if (order.fulfillment === "delivery") {
    return {
      kind: "delivery" as const,
      district: order.deliveryDistrict,
      address: order.customerAddress,
      reference: order.deliveryReference,
      feeCents: order.deliveryFeeCents,
    };
  }
  return order.fulfillment === "pickup" ? { kind: "pickup" as const } : null;
}

/** The sales document to issue; null for an order from before the choice. */
function describeComprobante(order: OrderRow) {
  if (!order.comprobante) return null;
  return {
    kind: order.comprobante,
    documentType: order.documentType,
    documentNumber: order.documentNumber,
    businessName: order.businessName,
    fiscalAddress: order.fiscalAddress,
  };
}

function describeReceipt(order: OrderRow) {
  if (!order.receiptUploadedAt) return null;
  return {
    imageUrl: order.receiptImage ? href("/pedido/:code/comprobante", { code: order.code }) : null,
    operation: order.receiptOperation,
    date: formatLimaShortDateTime(order.receiptUploadedAt),
  };
}

function describePayment(order: OrderRow, paidByName: string | null) {
  if (!order.paidAt) return null;
  return {
    date: formatLimaShortDateTime(order.paidAt),
    amountCents: order.paidAmountCents ?? order.totalCents,
    methodName: order.paidMethodName,
    operation: order.paidOperation,
    paidBy: paidByName,
  };
}

/** The WhatsApp links to the customer (a plain reply and the status notice); none without a usable number. */
function whatsappLinks(order: OrderRow, shopName: string) {
  // Without a usable number wa.me would fall back to the shop's own number: no link then.
  if (order.customerPhone.replace(/\D/g, "").length < 8) return { whatsappUrl: null, noticeUrl: null };
  const pageUrl = order.accessToken ? orderPageUrl(readConfig().appUrl, order.code, order.accessToken) : null;
  const notice = buildOrderNoticeText({ ...order, shopName, pageUrl });
  return {
    whatsappUrl: buildWhatsAppUrl(
      order.customerPhone,
      `Hola ${order.customerName}, te escribimos de ${shopName} sobre tu pedido ${order.code}.`,
    ),
    noticeUrl: buildWhatsAppUrl(order.customerPhone, notice),
  };
}

/**
 * The payments a provider approved for the order (issue 45): the one that paid it, and any
 * that came for it expired ('late') or already paid ('duplicate'), for the owner to refund.
 */
async function readOnlinePayments(orderId: number) {
  const rows = await getDb()
    .select({
      id: onlinePayments.id,
      provider: onlinePayments.provider,
      operation: onlinePayments.providerPaymentId,
      amountCents: onlinePayments.amountCents,
      methodLabel: onlinePayments.methodLabel,
      feeCents: onlinePayments.feeCents,
      panelUrl: onlinePayments.panelUrl,
      outcome: onlinePayments.outcome,
      refundedCents: onlinePayments.refundedCents,
      approvedAt: onlinePayments.approvedAt,
    })
    .from(onlinePayments)
    .where(eq(onlinePayments.orderId, orderId))
    .orderBy(asc(onlinePayments.id));
  const refunds = await listRefunds(rows.map((row) => row.id));
  return rows.map(({ approvedAt, ...row }) => ({
    ...row,
    providerName: providerLabel(row.provider),
    date: formatLimaShortDateTime(approvedAt),
    refundableCents: row.amountCents - row.refundedCents,
    refunds: refunds
      .filter((refund) => refund.onlinePaymentId === row.id)
      .map((refund) => ({
        amountCents: refund.amountCents,
        isPending: refund.status === "pending",
        refundId: refund.providerRefundId,
        date: formatLimaShortDateTime(refund.createdAt),
      })),
  }));
}

/** One order with its lines, history, delivery, document, receipt and payment; null if unknown. */
export async function getAdminOrder(orderId: number) {
  const db = getDb();
  const [found] = await db
    .select({ order: orders, paidByName: personName(paidBy) })
    .from(orders)
    .leftJoin(paidBy, eq(paidBy.id, orders.paidByUserId))
    .where(eq(orders.id, orderId));
  if (!found) return null;
  const { order } = found;
  const [lines, history, settings, methods, discounts, online, documents, invoicing] = await Promise.all([
    readLines(orderId),
    readHistory(orderId),
    getShopSettings(),
    listCheckoutPaymentMethods(),
    listOrderDiscountLines(db, orderId),
    readOnlinePayments(orderId),
    readOrderDocuments(orderId),
    readInvoicingState(order),
  ]);
  return {
    id: order.id,
    code: order.code,
    date: formatLimaShortDateTime(order.createdAt),
    status: order.status,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    customerPhone: order.customerPhone,
    customerAddress: order.customerAddress,
    paymentMethodName: order.paymentMethodName,
    subtotalCents: order.totalCents - order.deliveryFeeCents + order.discountCents,
    discounts,
    deliveryFeeCents: order.deliveryFeeCents,
    totalCents: order.totalCents,
    note: order.note,
    cancelReason: order.cancelReason,
    fulfillment: describeFulfillment(order),
    comprobante: describeComprobante(order),
    receipt: describeReceipt(order),
    payment: describePayment(order, found.paidByName),
    onlinePayments: online,
    documents,
    invoicing,
    paymentState: getPaymentState({
      status: order.status,
      isPaid: order.paidAt !== null,
      hasReceipt: order.receiptUploadedAt !== null,
    }),
    // The order's own method first, then the shop's active ones, for 'Marcar como pagado'.
    paymentMethodNames: [...new Set([order.paymentMethodName, ...methods.map((method) => method.name)])],
    lines,
    history,
    ...whatsappLinks(order, settings.shopName),
  };
}

export type AdminOrder = NonNullable<Awaited<ReturnType<typeof getAdminOrder>>>;
