// The order detail as the server renders it, so without JavaScript: every action is a form
// in the page (the confirmations open in place), and a refused form comes back as typed with
// its message beside the field.
import { beforeAll, describe, expect, test } from "vitest";

import { products } from "~/db/schema";
import { CANCEL_REASON_REQUIRED_MESSAGE } from "~/domain/orders/order-admin";
import { markOrderPaid } from "~/domain/orders/order-payment-admin.server";
import { formatMoney } from "~/lib/money";
import { requestAs } from "~test/auth";
import { insertTestOrder, type TestOrderInput } from "~test/orders";
import { renderRoute } from "~test/render-route";
import { seededShopWithAdmin } from "~test/seeded-shop";
import { setVariantValues } from "~test/variants";

import OrderDetailPage, { action, loader } from "./detail";

const { handle, adminCookie, adminId } = seededShopWithAdmin();
let productId: number;

beforeAll(async () => {
  const { db } = handle();
  const [product] = await db.select({ id: products.id }).from(products).limit(1);
  productId = product!.id;
  await setVariantValues(db, productId, { stock: 5000 });
});

function orderOf(options: Omit<TestOrderInput, "lines">) {
  return insertTestOrder(handle().db, { ...options, lines: [{ productId, quantity: 2 }] });
}

function render(orderId: number, body?: Record<string, string>) {
  const request = requestAs(adminCookie(), `/admin/pedidos/${orderId}`, {
    method: body ? "POST" : "GET",
    body: body ? new URLSearchParams(body) : undefined,
  });
  // renderRoute mounts the page at its literal path: the order's id is given as the param.
  const params = { orderId: String(orderId) };
  const withParams = (run: (args: never) => unknown) => (args: object) => run({ ...args, params } as never);
  return renderRoute(
    { Page: OrderDetailPage, loader: withParams(loader), action: withParams(action) } as never,
    request,
  );
}

/** The page's text without tags, spaces joined. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;|\u00a0/g, " ")
    .replace(/\s+/g, " ");
}

describe("the order detail without JavaScript", () => {
  test("an unpaid delivery: its buttons, the payment form with the total, the receipt and the notice", async () => {
    const order = await orderOf({
      columns: {
        customerPhone: "999 111 222",
        fulfillment: "delivery",
        deliveryDistrict: "Surquillo",
        customerAddress: "Av. Angamos 1500",
        deliveryFeeCents: 600,
        comprobante: "boleta",
        documentType: "dni",
        documentNumber: "45678912",
        receiptImage: "receipts/x.jpg",
        receiptOperation: "998877",
        receiptUploadedAt: new Date("2026-04-01T14:00:00Z"),
      },
    });
    const { html, status } = await render(order.id);
    expect(status).toBe(200);
    const text = textOf(html);
    expect(text).toContain("Pasar a En preparación");
    expect(text).not.toContain("Marcar En camino");
    expect(text).toContain("Delivery a Surquillo");
    expect(text).toContain("Boleta · DNI 45678912");
    expect(text).toContain(`Costo de envío ${formatMoney(600).replace(/\u00a0/g, " ")}`);
    expect(text).toContain("Comprobante por revisar");
    expect(html).toContain(`<a href="/pedido/${order.code}/comprobante" target="_blank"`);
    expect(html).toContain(`src="/pedido/${order.code}/comprobante"`);
    expect(text).toContain("N.º de operación: 998877");
    expect(text).toContain("Enviado el 01/04/2026 09:00");
    // 'Marcar como pagado' starts with the order's method and total.
    expect(html).toMatch(/name="paidMethodName"[^>]*value="Yape"|value="Yape"[^>]*name="paidMethodName"/);
    expect(html).toContain(`value="${(order.totalCents / 100).toFixed(2)}"`);
    // Cancelling opens in place, with its optional reason.
    expect(html).toMatch(/<details[^>]*>\s*<summary[^>]*>.*Cancelar pedido/s);
    expect(text).toContain("Motivo de la cancelación (opcional)");
    expect(text).toContain("Avisar por WhatsApp");
  });

  test("a paid order: the payment line, what is missing, and a cancellation that needs its reason", async () => {
    const order = await orderOf({ status: "pendiente", columns: { fulfillment: "pickup" } });
    await markOrderPaid(
      { id: adminId() },
      order.id,
      { methodName: "Plin", amountCents: order.totalCents - 500, operation: "123" },
      "pendiente",
    );
    const { html } = await render(order.id);
    const text = textOf(html);
    expect(text).toMatch(new RegExp(`Pagado el \\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d · Plin · S/ [\\d.,]+ · Op\\. 123`));
    expect(text).toContain("Falta S/ 5.00");
    expect(text).not.toContain("Número de operación (opcional)");
    expect(text).toContain("Recojo en tienda");
    expect(html).toMatch(/<textarea[^>]*required=""/);

    const refused = await render(order.id, { intent: "status", status: "cancelado", from: "pagado", cancelReason: "" });
    expect(refused.status).toBe(400);
    expect(refused.html).toMatch(/<details open=""/);
    expect(textOf(refused.html)).toContain(CANCEL_REASON_REQUIRED_MESSAGE);
  });
});
