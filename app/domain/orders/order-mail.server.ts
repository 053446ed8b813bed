import { eq } from "drizzle-orm";

import { readConfig } from "~/config.server";
import { getDb } from "~/db/client.server";
import { orders, type OrderStatus } from "~/db/schema";
import { sendShopMail } from "~/domain/account/account-mail.server";
import { orderStatusLabels } from "~/domain/account/order-status";
import { logError } from "~/lib/log.server";
import type { MailContent } from "~/lib/mail-template";
import { formatMoney } from "~/lib/money";

import { orderPageUrl } from "./order-link";

// The e-mails a shopper receives about an order: when it is placed and at every status change,
// to the address given at checkout (or the account's). Without a mail server they go to the
// outbox, like every e-mail of the shop.

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

export type OrderMailFacts = {
  code: string;
  status: OrderStatus;
  customerName: string;
  totalCents: number;
  accessToken: string | null;
  cancelReason: string;
  /** Cancelled by the shop itself because the time to pay ran out. */
  isExpired: boolean;
};

/** The e-mail about an order's status: subject and content (pure, tested). */
export function buildOrderStatusMail(facts: OrderMailFacts, origin: string): { subject: string; content: MailContent } {
  const sentence = facts.isExpired
    ? "fue cancelado porque venció el plazo para pagarlo. Sus productos volvieron a la tienda."
    : statusSentences[facts.status];
  const paragraphs = [
    `Hola ${facts.customerName || ""}`.trim() + ",",
    `Tu pedido ${facts.code} ${sentence}`,
    `Total: ${formatMoney(facts.totalCents)}`,
  ];
  if (facts.status === "cancelado" && facts.cancelReason && !facts.isExpired) {
    paragraphs.push(`Motivo: ${facts.cancelReason}`);
  }
  return {
    subject: `Tu pedido ${facts.code}: ${facts.isExpired ? "Pedido vencido por falta de pago" : orderStatusLabels[facts.status]}`,
    content: {
      heading: `Pedido ${facts.code}`,
      paragraphs,
      action: { label: "Ver mi pedido", url: orderPageUrl(origin, facts.code, facts.accessToken) },
    },
  };
}

/**
 * Tells the shopper the order's current status by e-mail, when the order has an address.
 * Never throws: a status change is not undone because mail is down. `isExpired` marks the
 * automatic cancellation of an unpaid order.
 */
export async function sendOrderStatusMail(orderId: number, options: { isExpired?: boolean } = {}): Promise<void> {
  try {
    const [order] = await getDb()
      .select({
        code: orders.code,
        status: orders.status,
        customerName: orders.customerName,
        customerEmail: orders.customerEmail,
        totalCents: orders.totalCents,
        accessToken: orders.accessToken,
        cancelReason: orders.cancelReason,
      })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (!order?.customerEmail) return;
    const mail = buildOrderStatusMail({ ...order, isExpired: options.isExpired ?? false }, readConfig().appUrl);
    await sendShopMail(order.customerEmail, mail.subject, mail.content);
  } catch (error) {
    logError("order e-mail not sent", error, { orderId });
  }
}

/** sendOrderStatusMail after the response: the caller does not wait for the mail server. */
export function sendOrderStatusMailLater(orderId: number, options: { isExpired?: boolean } = {}): void {
  void sendOrderStatusMail(orderId, options);
}
