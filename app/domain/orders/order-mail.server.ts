import { asc, eq } from "drizzle-orm";

import { readConfig } from "~/config.server";
import { getDb } from "~/db/client.server";
import { orderLines, orders, type OrderStatus, paymentMethods } from "~/db/schema";
import { sendShopMail } from "~/domain/account/account-mail.server";
import { orderStatusLabels } from "~/domain/account/order-status";
import { formatAmountOff } from "~/domain/discounts/discount-rules";
import { listOrderDiscountLines } from "~/domain/discounts/order-discounts.server";
import { readDownloadableDocuments } from "~/domain/invoicing/order-documents.server";
import { REFUND_DELAY_NOTE, refundSentence } from "~/domain/payments/payment-texts";
import { listOrderRefunds } from "~/domain/payments/refunds.server";
import { getShopSettings } from "~/domain/settings/settings.server";
import { inBackground } from "~/lib/background-work.server";
import { logError } from "~/lib/log.server";
import { breakLinks, type MailContent, type MailSection } from "~/lib/mail-template";
import { formatMoney } from "~/lib/money";

import { orderLineTitle } from "./order-line-title.server";
import { orderPageUrl } from "./order-link";
import type { OrderPageDelivery } from "./order-page";
import { describeDelivery as readDelivery, formatLimaDayAndTime } from "./order-page.server";

// The e-mails a shopper receives about an order: when it is placed and at every status change,
// to the address given at checkout (or the account's). Each tells the order as its page does:
// the lines, how it is handed over, the total and, while it waits for its payment, how to pay.
// Without a mail server they go to the outbox, like every e-mail of the shop.

/** What each status tells the shopper, after 'Tu pedido {code}'. */
const statusSentences: Record<OrderStatus, string> = {
  pendiente: "quedó registrado y espera tu pago.",
  pagado: "está pagado: ya confirmamos tu pago.",
  en_preparacion: "está en preparación.",
  en_camino: "está en camino.",
  listo_recoger: "está listo para recoger en la tienda.",
  entregado: "fue entregado. ¡Gracias por tu compra!",
  cancelado: "fue cancelado.",
};

const HOUR_MS = 60 * 60 * 1000;

type OrderMailFacts = {
  code: string;
  status: OrderStatus;
  customerName: string;
  /** Named with their presentación ('Alimento X — 15 kg'), as the order page names them. */
  lines: { title: string; quantity: number; lineTotalCents: number }[];
  /** What its discounts took off, as the order page shows them: 'Cupón BIENVENIDA20', 1298. */
  discounts: { label: string; amountCents: number }[];
  deliveryFeeCents: number;
  totalCents: number;
  /** Null for an order placed before delivery and pickup existed. */
  delivery: OrderPageDelivery | null;
  /** How to pay, while the order waits for its payment; null once paid, cancelled or under way. */
  payment: { methodName: string; details: string; reservedUntil: string } | null;
  accessToken: string | null;
  cancelReason: string;
  /** Cancelled by the shop itself because the time to pay ran out. */
  isExpired: boolean;
  /** What was given back through the provider (issue 45), as the order page tells it. */
  refunds: string[];
  /** Its comprobantes electrónicos with their PDF (issue 46): 'Boleta electrónica B001-12'. */
  documents: { title: string; pdfUrl: string; xmlUrl: string }[];
};

/** The lines, subtotal, discounts, delivery fee (or store pickup) and total, as the order page sums them. */
function describeAmounts(facts: OrderMailFacts): MailSection {
  const subtotalCents = facts.lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  const fee =
    facts.delivery?.kind === "pickup"
      ? [{ label: "Recojo en tienda", value: "Sin costo" }]
      : facts.delivery?.kind === "delivery"
        ? [
            {
              label: "Costo de envío",
              value: facts.deliveryFeeCents === 0 ? "Gratis" : formatMoney(facts.deliveryFeeCents),
            },
          ]
        : [];
  return {
    title: "Productos",
    rows: [
      ...facts.lines.map((line) => ({
        label: `${line.quantity} × ${line.title}`,
        value: formatMoney(line.lineTotalCents),
      })),
      { label: "Subtotal", value: formatMoney(subtotalCents) },
      ...facts.discounts.map((discount) => ({ label: discount.label, value: formatAmountOff(discount.amountCents) })),
      ...fee,
      { label: "Total", value: formatMoney(facts.totalCents), isTotal: true },
    ],
  };
}

function describeDelivery(delivery: OrderPageDelivery): MailSection {
  if (delivery.kind === "pickup") {
    return {
      title: "Entrega",
      lines: [
        "Recojo en tienda",
        ...(delivery.address ? [`Dirección de la tienda: ${delivery.address}`] : []),
        ...(delivery.hours ? [`Horario de atención: ${delivery.hours}`] : []),
      ],
    };
  }
  return {
    title: "Entrega",
    lines: [
      `Delivery a ${breakLinks(delivery.district)}`,
      `Dirección: ${breakLinks(delivery.address)}`,
      ...(delivery.reference ? [`Referencia: ${breakLinks(delivery.reference)}`] : []),
    ],
  };
}

function describePayment(payment: NonNullable<OrderMailFacts["payment"]>): MailSection {
  return {
    title: "Cómo pagar",
    lines: [
      `Método de pago: ${payment.methodName}`,
      ...(payment.details ? [payment.details] : []),
      `Reservamos tus productos hasta el ${payment.reservedUntil}. Si no recibimos tu pago hasta entonces, el pedido se cancela.`,
      "Cuando pagues, envíanos el comprobante desde la página de tu pedido.",
    ],
  };
}

/** The e-mail about an order's status: subject and content (pure, tested). */
function buildOrderStatusMail(facts: OrderMailFacts, origin: string): { subject: string; content: MailContent } {
  const sentence = facts.isExpired
    ? "fue cancelado porque venció el plazo para pagarlo. Sus productos volvieron a la tienda."
    : statusSentences[facts.status];
  const paragraphs = [`Hola ${breakLinks(facts.customerName)}`.trim() + ",", `Tu pedido ${facts.code} ${sentence}`];
  if (facts.status === "cancelado" && facts.cancelReason && !facts.isExpired) {
    paragraphs.push(`Motivo: ${facts.cancelReason}`);
  }
  return {
    subject: `Tu pedido ${facts.code}: ${facts.isExpired ? "Pedido vencido por falta de pago" : orderStatusLabels[facts.status]}`,
    content: {
      heading: `Pedido ${facts.code}`,
      paragraphs,
      sections: [
        describeAmounts(facts),
        ...(facts.payment ? [describePayment(facts.payment)] : []),
        ...(facts.refunds.length > 0 ? [{ title: "Reembolso", lines: [...facts.refunds, REFUND_DELAY_NOTE] }] : []),
        ...(facts.documents.length > 0
          ? [
              {
                title: "Comprobante electrónico",
                lines: facts.documents.map(
                  (document) =>
                    `${document.title} — Descargar comprobante (PDF): ${document.pdfUrl}${document.xmlUrl ? ` · XML: ${document.xmlUrl}` : ""}`,
                ),
              },
            ]
          : []),
        ...(facts.delivery ? [describeDelivery(facts.delivery)] : []),
      ],
      action: { label: "Ver mi pedido", url: orderPageUrl(origin, facts.code, facts.accessToken) },
    },
  };
}

/** The order with its lines, the payment method's instructions and the shop's pickup address and hours. */
async function readOrderMailFacts(orderId: number, isExpired: boolean) {
  const db = getDb();
  const [row] = await db
    .select({
      code: orders.code,
      status: orders.status,
      customerName: orders.customerName,
      customerEmail: orders.customerEmail,
      customerAddress: orders.customerAddress,
      fulfillment: orders.fulfillment,
      deliveryDistrict: orders.deliveryDistrict,
      deliveryReference: orders.deliveryReference,
      deliveryFeeCents: orders.deliveryFeeCents,
      totalCents: orders.totalCents,
      paymentMethodName: orders.paymentMethodName,
      paidAt: orders.paidAt,
      createdAt: orders.createdAt,
      accessToken: orders.accessToken,
      cancelReason: orders.cancelReason,
      method: { details: paymentMethods.details, isActive: paymentMethods.isActive },
    })
    .from(orders)
    .leftJoin(paymentMethods, eq(paymentMethods.id, orders.paymentMethodId))
    .where(eq(orders.id, orderId));
  // Most orders placed by WhatsApp leave no address: their mail's five other reads were made
  // for nothing, after every such checkout (issue 47).
  if (!row?.customerEmail) return null;
  const [lines, discounts, shop, refunds, documents] = await Promise.all([
    db
      .select({ title: orderLineTitle, quantity: orderLines.quantity, lineTotalCents: orderLines.lineTotalCents })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))
      .orderBy(asc(orderLines.id)),
    listOrderDiscountLines(db, orderId),
    getShopSettings(),
    listOrderRefunds(orderId),
    readDownloadableDocuments(orderId),
  ]);
  // The order page's rule: only a pending, unpaid order is told how to pay and until when.
  const isAwaitingPayment = row.status === "pendiente" && row.paidAt === null;
  const facts: OrderMailFacts = {
    code: row.code,
    status: row.status,
    customerName: row.customerName,
    lines,
    discounts,
    deliveryFeeCents: row.deliveryFeeCents,
    totalCents: row.totalCents,
    delivery: readDelivery(row, shop),
    payment: isAwaitingPayment
      ? {
          methodName: row.paymentMethodName,
          details: row.method?.isActive ? row.method.details : "",
          reservedUntil: formatLimaDayAndTime(new Date(row.createdAt.getTime() + shop.paymentHours * HOUR_MS)),
        }
      : null,
    accessToken: row.accessToken,
    cancelReason: row.cancelReason,
    isExpired,
    refunds: refunds.map(refundSentence),
    documents,
  };
  return { email: row.customerEmail, facts };
}

/**
 * `isExpired` marks the automatic cancellation of an unpaid order. `isVisitorRequest`: the
 * e-mail follows from what a visitor did (placing the order, or leaving it unpaid), not from
 * the owner's work on it, so it counts against the address's daily cap.
 */
export type OrderMailOptions = { isExpired?: boolean; isVisitorRequest?: boolean };

/**
 * Tells the shopper the order's current status by e-mail, when the order has an address.
 * Never throws: a status change is not undone because mail is down.
 */
export async function sendOrderStatusMail(orderId: number, options: OrderMailOptions = {}): Promise<void> {
  try {
    const order = await readOrderMailFacts(orderId, options.isExpired ?? false);
    if (!order?.email) return;
    const mail = buildOrderStatusMail(order.facts, readConfig().appUrl);
    await sendShopMail(order.email, mail.subject, mail.content, { isVisitorRequest: options.isVisitorRequest });
  } catch (error) {
    logError("order e-mail not sent", error, { orderId });
  }
}

/** sendOrderStatusMail after the response: the caller does not wait for the mail server. */
export function sendOrderStatusMailLater(orderId: number, options: OrderMailOptions = {}): void {
  inBackground(sendOrderStatusMail(orderId, options));
}
