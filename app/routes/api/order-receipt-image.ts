// GET /pedido/{code}/comprobante: the payment receipt a shopper sent from the order page. It is
// private: only who may open the order (order-page.server.ts, the token in '?t=') and the
// administrators see it; anyone else, like an order without one, gets a 404.
import { findAccessibleOrder } from "~/domain/orders/order-page.server";
import { readReceiptImage } from "~/domain/orders/payment-receipt.server";
import { privateImageResponse, privateNotFound } from "~/lib/private-file-response.server";

import type { Route } from "./+types/order-receipt-image";

export async function loader({ request, params }: Route.LoaderArgs) {
  const order = await findAccessibleOrder(request, params.code, { allowAdmin: true });
  const image = order ? await readReceiptImage(order.receiptImage) : null;
  if (!order || !image) return privateNotFound("Comprobante no encontrado.");
  return privateImageResponse(image, `comprobante-${order.code}`);
}
