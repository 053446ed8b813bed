// The order detail's 'Comprobante electrónico' card (issue 46) without JavaScript, against a
// local fake of Nubefact: 'Emitir comprobante' issues it and shows SUNAT's answer with its
// files; a rejection shows SUNAT's words and offers 'Emitir de nuevo' with the buyer's data to
// correct; a boleta over S/ 700 asks for the buyer's DNI beside the field.
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";

import { electronicDocuments, orders } from "~/db/schema";
import { BUYER_DOCUMENT_REQUIRED_MESSAGE } from "~/domain/invoicing/invoice-forms";
import { shopIssuingThroughFakeNubefact } from "~test/invoicing";
import { orderDetailPage, textOf } from "~test/order-detail";
import { insertTestOrder } from "~test/orders";
import { seededShopWithAdmin } from "~test/seeded-shop";

const { handle, adminCookie } = seededShopWithAdmin();
const shop = shopIssuingThroughFakeNubefact(handle, { isAutomatic: false });
const { render, submit } = orderDetailPage(adminCookie);

function paidOrder(quantity = 1) {
  return insertTestOrder(handle().db, {
    status: "pagado",
    lines: [{ productId: shop.productId, quantity }],
    columns: { paidAt: new Date(), paidAmountCents: 6490 * quantity, paidMethodName: "Yape", comprobante: "boleta" },
  });
}

describe("the order's comprobante electrónico", () => {
  test("'Emitir comprobante': SUNAT's answer and its files on the order", async () => {
    const order = await paidOrder();
    const before = textOf((await render(order.id)).html);
    expect(before).toContain("Aún sin comprobante.");
    expect(before).toContain("Emitir comprobante");

    expect(await submit(order.id, { intent: "invoice" })).toMatchObject({ title: "Comprobante Emitido" });
    const { html } = await render(order.id);
    expect(textOf(html)).toMatch(
      /Boleta electrónica B001-\d+ Aceptado por SUNAT · \d\d\/\d\d\/\d{4} \d\d:\d\d · S\/ 64\.90 \(IGV S\/ 9\.90\)/,
    );
    expect(html).toMatch(/href="http:\/\/127\.0\.0\.1:\d+\/cpe\/2-B001-\d+\.pdf"/);
    expect(textOf(html)).not.toContain("Emitir comprobante");
  });

  test("rejected by SUNAT: its words, and 'Emitir de nuevo' with the buyer's document under a new number", async () => {
    const order = await paidOrder();
    shop.pse.state.next.push("reject");
    expect(await submit(order.id, { intent: "invoice" })).toMatchObject({ title: "Error" });
    const page = textOf((await render(order.id)).html);
    expect(page).toContain("Rechazado por SUNAT");
    expect(page).toContain("El número de RUC del receptor no existe");
    expect(page).toContain("Emitir de nuevo");
    expect(page).toContain("DNI o carné de extranjería del comprador");

    const toast = await submit(order.id, {
      intent: "invoice",
      corrige: "on",
      comprobante: "boleta",
      documento: "45678912",
    });
    expect(toast).toMatchObject({ title: "Comprobante Emitido" });
    const documents = await handle()
      .db.select()
      .from(electronicDocuments)
      .where(eq(electronicDocuments.orderId, order.id));
    expect(documents.map((document) => [document.status, document.customerDocNumber])).toEqual([
      ["rejected", ""],
      ["accepted", "45678912"],
    ]);
    const [row] = await handle().db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ documentType: "dni", documentNumber: "45678912" });
  });

  test("a boleta over S/ 700 asks for the buyer's document beside the field; a bad one is refused there too", async () => {
    const order = await paidOrder(11);
    expect(textOf((await render(order.id)).html)).toContain("DNI o carné de extranjería del comprador");
    const missing = await render(order.id, { intent: "invoice", corrige: "on", comprobante: "boleta", documento: "" });
    expect(missing.status).toBe(400);
    expect(textOf(missing.html)).toContain(BUYER_DOCUMENT_REQUIRED_MESSAGE);
    const bad = await render(order.id, { intent: "invoice", corrige: "on", comprobante: "boleta", documento: "12" });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain('value="12"');
    expect(
      await handle().db.select().from(electronicDocuments).where(eq(electronicDocuments.orderId, order.id)),
    ).toEqual([]);
    expect(
      await submit(order.id, { intent: "invoice", corrige: "on", comprobante: "boleta", documento: "45678912" }),
    ).toMatchObject({ title: "Comprobante Emitido" });
  });
});
