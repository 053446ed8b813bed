// GET /pedido/{code}/comprobante: the payment receipt a shopper sent from the order page. It is
// private: only who may open the order (order-page.server.ts, the token in '?t=') and the
// administrators see it; anyone else, like an order without one, gets a 404.
import { findAccessibleOrder } from "~/domain/orders/order-page.server";
import { readReceiptImage } from "~/domain/orders/payment-receipt.server";

import type { Route } from "./+types/order-receipt-image";

function notFound(): Response {
  return new Response("Comprobante no encontrado.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const order = await findAccessibleOrder(request, params.code, { allowAdmin: true });
  const image = order ? await readReceiptImage(order.receiptImage) : null;
  if (!order || !image) return notFound();
  const extension = image.contentType.replace("image/", "");
  return new Response(image.bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": image.contentType,
      "Content-Length": String(image.bytes.byteLength),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": `inline; filename="comprobante-${order.code}.${extension}"`,
    },
  });
}
