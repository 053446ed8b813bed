import { buildStoredOrderMessage } from "~/domain/orders/order-confirmation.server";

/** A placed order's WhatsApp message, as its order page sends it (read from the stored order). */
export async function messageOf(placed: { orderId: number }): Promise<string> {
  return (await buildStoredOrderMessage(placed.orderId)) ?? "";
}
