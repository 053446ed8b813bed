import { eq } from "drizzle-orm";

import { readConfig } from "~/config.server";
import { getDb } from "~/db/client.server";
import { onlinePayments, orders } from "~/db/schema";
import { sendShopMail } from "~/domain/account/account-mail.server";
import { orderPageUrl } from "~/domain/orders/order-link";
import { inBackground } from "~/lib/background-work.server";
import { logError } from "~/lib/log.server";
import { breakLinks } from "~/lib/mail-template";
import { formatMoney } from "~/lib/money";

import { REFUND_DELAY_NOTE, refundSentence } from "./payment-texts";
import { providerLabel } from "./provider";

// The e-mail a shopper receives when the shop gives money back through the provider (issue 45).
// A refund made while cancelling the order is told in the cancellation's own e-mail instead.

async function sendRefundMail(onlinePaymentId: number, amountCents: number): Promise<void> {
  try {
    const [order] = await getDb()
      .select({
        code: orders.code,
        customerName: orders.customerName,
        customerEmail: orders.customerEmail,
        accessToken: orders.accessToken,
        provider: onlinePayments.provider,
        methodLabel: onlinePayments.methodLabel,
      })
      .from(orders)
      .innerJoin(onlinePayments, eq(onlinePayments.orderId, orders.id))
      .where(eq(onlinePayments.id, onlinePaymentId));
    if (!order?.customerEmail) return;
    const providerName = providerLabel(order.provider);
    await sendShopMail(order.customerEmail, `Tu pedido ${order.code}: Reembolso de ${formatMoney(amountCents)}`, {
      heading: `Pedido ${order.code}`,
      paragraphs: [
        `Hola ${breakLinks(order.customerName)}`.trim() + ",",
        refundSentence({ amountCents, methodLabel: order.methodLabel, providerName }),
        REFUND_DELAY_NOTE,
      ],
      action: {
        label: "Ver mi pedido",
        url: orderPageUrl(readConfig().appUrl, order.code, order.accessToken),
      },
    });
  } catch (error) {
    logError("refund e-mail not sent", error, { onlinePaymentId });
  }
}

/** sendRefundMail after the response: the owner does not wait for the mail server. */
export function sendRefundMailLater(onlinePaymentId: number, amountCents: number): void {
  inBackground(sendRefundMail(onlinePaymentId, amountCents));
}
