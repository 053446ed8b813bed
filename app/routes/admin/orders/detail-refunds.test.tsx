// The order detail's refunds and reactivation (issue 45), as the owner meets them without
// JavaScript: cancelling a paid-online order offers 'Reembolsar S/ …', checked; a refund the
// provider refuses says why, comes back as typed and leaves the order as it was; a refund
// for more than is left says how much is left beside the amount; a late payment's order
// comes back with 'Reactivar'. Against the local fake of Mercado Pago.
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";

import { orders, paymentRefunds } from "~/db/schema";
import { backgroundWorkSettled } from "~/lib/background-work.server";
import { payOnFake, placeCardOrder, shopPayingThroughMercadoPago } from "~test/online-payments";
import { orderDetailPage, textOf } from "~test/order-detail";
import { seededShopWithAdmin } from "~test/seeded-shop";

const { handle, adminCookie } = seededShopWithAdmin();
// The credit notes and settlements a refund starts after its response end, and log, before the
// file's database closes and its worker goes: a log line after that fails the run.
afterAll(async () => {
  await backgroundWorkSettled();
});
const mp = shopPayingThroughMercadoPago(handle);
const { render, submit } = orderDetailPage(adminCookie);

/** An order paid through the fake (`isLate`: the payment came after it expired). */
async function onlineOrder({ isLate = false } = {}) {
  const placed = await placeCardOrder(mp.productId);
  const paid = await payOnFake(handle().db, mp.fake, placed, { isExpiredFirst: isLate });
  return { id: placed.orderId, code: placed.code, onlinePaymentId: String(paid.onlinePaymentId) };
}

async function statusOf(orderId: number) {
  const [row] = await handle().db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return row!.status;
}

describe("refunds from the order detail", () => {
  test("cancelling a paid-online order offers the refund, checked, and gives the money back before cancelling", async () => {
    const order = await onlineOrder();
    const page = textOf((await render(order.id)).html);
    expect(page).toContain("Reembolsar S/ 64.90 al cliente por Mercado Pago (Visa ••••4242)");
    expect((await render(order.id)).html).toMatch(/name="refund"[^>]*checked=""|checked=""[^>]*name="refund"/);

    const toast = await submit(order.id, {
      intent: "status",
      status: "cancelado",
      from: "pagado",
      cancelReason: "Sin stock del sabor pedido",
      refund: "on",
      refundPaymentId: order.onlinePaymentId,
      refundAmount: "64.90",
    });
    expect(toast?.title).toBe("Pedido Actualizado");
    expect(toast?.description?.replace(/\u00a0/g, " ")).toContain(
      `Se devolvieron S/ 64.90 del pedido ${order.code} por Mercado Pago.`,
    );
    expect(await statusOf(order.id)).toBe("cancelado");
    const after = textOf((await render(order.id)).html);
    expect(after).toMatch(/Reembolsado S\/ 64\.90 el \d\d\/\d\d\/\d{4} \d\d:\d\d · n\.º \d+/);
    // Nothing left to give back: no refund form any more.
    expect(after).not.toContain("Reembolsar por Mercado Pago");
  });

  test("a refund the provider refuses says why, keeps what was typed and leaves the order paid", async () => {
    const order = await onlineOrder();
    mp.fake.state.refuseRefund = "Payment is in mediation";
    const refused = await render(order.id, {
      intent: "status",
      status: "cancelado",
      from: "pagado",
      cancelReason: "El cliente se arrepintió",
      refund: "on",
      refundPaymentId: order.onlinePaymentId,
      refundAmount: "30.00",
    });
    expect(refused.status).toBe(502);
    expect(refused.toast).toBe(
      "Error: Mercado Pago no aceptó el reembolso: «Payment is in mediation». El pedido quedó como estaba.",
    );
    expect(refused.html).toMatch(/<details open=""/);
    expect(refused.html).toContain("El cliente se arrepintió");
    expect(refused.html).toContain('value="30.00"');
    expect(await statusOf(order.id)).toBe("pagado");
    expect(await handle().db.select().from(paymentRefunds)).not.toContainEqual(
      expect.objectContaining({ onlinePaymentId: Number(order.onlinePaymentId) }),
    );
  });

  test("unchecked, the order is cancelled and nothing is given back", async () => {
    const order = await onlineOrder();
    const toast = await submit(order.id, {
      intent: "status",
      status: "cancelado",
      from: "pagado",
      cancelReason: "Reembolsado por Yape aparte",
      refundPaymentId: order.onlinePaymentId,
      refundAmount: "64.90",
    });
    expect(toast?.description).not.toContain("Se devolvieron");
    expect(await statusOf(order.id)).toBe("cancelado");
    // What is left can still be given back from the payment.
    expect(textOf((await render(order.id)).html)).toContain("Quedan S/ 64.90 por reembolsar de este pago.");
  });

  test("'Reembolsar' under a payment: part of it; more than is left or no amount is said beside the amount", async () => {
    const order = await onlineOrder();
    const toast = await submit(order.id, {
      intent: "refund",
      onlinePaymentId: order.onlinePaymentId,
      refundAmount: "14.90",
    });
    expect(toast?.title).toBe("Reembolso Enviado");
    expect(await statusOf(order.id)).toBe("pagado");

    const tooMuch = await render(order.id, {
      intent: "refund",
      onlinePaymentId: order.onlinePaymentId,
      refundAmount: "60.00",
    });
    expect(tooMuch.status).toBe(409);
    const text = textOf(tooMuch.html);
    expect(text).toContain("Solo quedan S/ 50.00 por reembolsar de este pago.");
    expect(tooMuch.html).toContain('value="60.00"');

    const empty = await render(order.id, {
      intent: "refund",
      onlinePaymentId: order.onlinePaymentId,
      refundAmount: "",
    });
    expect(empty.status).toBe(400);
    expect(textOf(empty.html)).toContain("Escribe el monto a reembolsar en soles (por ejemplo 60.00).");
  });
});

describe("a payment that came after the order expired", () => {
  test("is shown in red with 'Reembolsar' and 'Reactivar'; reactivated, the order is paid again", async () => {
    const order = await onlineOrder({ isLate: true });
    const page = textOf((await render(order.id)).html);
    expect(page).toContain("Pago recibido de un pedido vencido");
    expect(page).toContain("Reactivar pedido");
    expect(page).toContain("Reembolsar por Mercado Pago");

    const toast = await submit(order.id, { intent: "reactivate", onlinePaymentId: order.onlinePaymentId });
    expect(toast).toMatchObject({ title: "Pedido Reactivado" });
    expect(await statusOf(order.id)).toBe("pagado");
    const again = await render(order.id, { intent: "reactivate", onlinePaymentId: order.onlinePaymentId });
    expect(again.status).toBe(409);
    expect(again.toast).toBe("Error: Este pago ya no es de un pedido vencido; recarga la página.");
  });
});
