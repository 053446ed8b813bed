// Issue 46's notas de crédito, against a local fake of Nubefact: cancelling an order whose
// boleta SUNAT has issues an 'anulación' note for it; a partial refund a 'disminución en el
// valor' note of that amount; never more than what is left uncredited; an order cancelled
// while its boleta waited for the PSE gets its note once SUNAT has the boleta.
import { and, eq } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";

import { electronicDocuments } from "~/db/schema";
import { getDashboardFigures } from "~/domain/dashboard/dashboard.server";
import { changeOrderStatus } from "~/domain/orders/order-admin.server";
import { shopIssuingThroughFakeNubefact } from "~test/invoicing";
import { insertTestOrder } from "~test/orders";
import { seededShopWithAdmin } from "~test/seeded-shop";

import { issueCreditNote } from "./credit-notes.server";
import { issueOrderDocument, retryDueDocuments } from "./invoicing.server";
import { readInvoicingAttention, readOrderDocuments } from "./order-documents.server";

const { handle, adminId } = seededShopWithAdmin();
const shop = shopIssuingThroughFakeNubefact(handle, { isAutomatic: false });

async function invoicedOrder(columns: Parameters<typeof insertTestOrder>[1]["columns"] = {}) {
  const order = await insertTestOrder(handle().db, {
    status: "pagado",
    lines: [{ productId: shop.productId, quantity: 2 }],
    columns: { paidAt: new Date(), comprobante: "boleta", ...columns },
  });
  await issueOrderDocument(order.id);
  return order;
}

async function notesOf(orderId: number) {
  return handle()
    .db.select()
    .from(electronicDocuments)
    .where(and(eq(electronicDocuments.orderId, orderId), eq(electronicDocuments.kind, "nota_credito")));
}

async function originalOf(orderId: number) {
  const [row] = await handle()
    .db.select()
    .from(electronicDocuments)
    .where(and(eq(electronicDocuments.orderId, orderId), eq(electronicDocuments.kind, "boleta")));
  return row!;
}

describe("notas de crédito", () => {
  test("cancelling the order annuls its boleta with a note linked to it, sent to SUNAT", async () => {
    const order = await invoicedOrder();
    const boleta = await originalOf(order.id);
    expect(boleta.status).toBe("accepted");
    const changed = await changeOrderStatus({ id: adminId() }, order.id, "cancelado", "pagado", {
      cancelReason: "Sin stock",
    });
    expect(changed.status).toBe("changed");
    // Sent after the cancellation, in the background: done once SUNAT answered.
    await vi.waitFor(async () => expect((await notesOf(order.id))[0]?.status).toBe("accepted"), { timeout: 5000 });
    const [note] = await notesOf(order.id);
    expect(note).toMatchObject({
      series: "BC01",
      modifiesId: boleta.id,
      creditReason: "01",
      creditReasonText: "Anulación de la operación",
      totalCents: boleta.totalCents,
      igvCents: boleta.igvCents,
      status: "accepted",
    });
    const body = (shop.pse.state.requests as Record<string, unknown>[]).find(
      (request) =>
        request.operacion === "generar_comprobante" && request.serie === "BC01" && request.numero === note!.number,
    );
    expect((await readOrderDocuments(order.id)).at(-1)).toMatchObject({
      title: `Nota de crédito electrónica BC01-${note!.number}`,
      reason: "Anulación de la operación",
      statusLabel: "Aceptado por SUNAT",
    });
    expect(body).toMatchObject({
      tipo_de_comprobante: 3,
      documento_que_se_modifica_tipo: 2,
      documento_que_se_modifica_serie: "B001",
      documento_que_se_modifica_numero: boleta.number,
      tipo_de_nota_de_credito: 1,
      total: boleta.totalCents / 100,
    });
  });

  test("a partial refund credits its amount; the cancellation then credits what is left, and no more", async () => {
    const order = await invoicedOrder();
    const boleta = await originalOf(order.id);
    expect((await issueCreditNote(order.id, "refund", { amountCents: 1000 })).status).toBe("issued");
    expect(await issueCreditNote(order.id, "cancel")).toMatchObject({ status: "issued" });
    expect(await issueCreditNote(order.id, "refund", { amountCents: 1 })).toEqual({ status: "nothing-left" });
    const notes = await notesOf(order.id);
    expect(notes.map((note) => [note.creditReason, note.totalCents, note.gravadaCents + note.igvCents])).toEqual([
      ["09", 1000, 1000],
      ["01", boleta.totalCents - 1000, boleta.totalCents - 1000],
    ]);
    expect(notes[0]).toMatchObject({ gravadaCents: 847, igvCents: 153 });
  });

  test("a factura's note goes in the factura notes' series; an order without a document gets none", async () => {
    const order = await invoicedOrder({
      comprobante: "factura",
      documentType: "ruc",
      documentNumber: "20131312955",
      businessName: "Veterinaria Los Andes S.A.C.",
      fiscalAddress: "Av. Arequipa 1234, Lima",
    });
    expect((await issueCreditNote(order.id, "refund", { amountCents: order.totalCents })).status).toBe("issued");
    expect((await notesOf(order.id))[0]).toMatchObject({ series: "FC01", creditReason: "06", customerDocType: "6" });
    const bare = await insertTestOrder(handle().db, {
      status: "pagado",
      lines: [{ productId: shop.productId, quantity: 1 }],
    });
    expect(await issueCreditNote(bare.id, "cancel")).toEqual({ status: "no-document" });
  });

  test("cancelled while its boleta waited for the PSE: the note follows once SUNAT has the boleta", async () => {
    shop.pse.state.next.push("fail");
    const order = await invoicedOrder();
    expect((await originalOf(order.id)).status).toBe("pending");
    await changeOrderStatus({ id: adminId() }, order.id, "cancelado", "pagado", { cancelReason: "Se arrepintió" });
    expect(await notesOf(order.id)).toEqual([]);
    await retryDueDocuments(new Date(Date.now() + 2 * 60 * 1000));
    // Until SUNAT has answered the note, not only until it is written: a send still in flight
    // would take the next test's answer from the fake PSE.
    await vi.waitFor(async () => expect((await notesOf(order.id))[0]?.status).toBe("accepted"), { timeout: 5000 });
    expect((await notesOf(order.id))[0]).toMatchObject({ creditReason: "01" });
  });

  test("the dashboard and the digest count paid orders without a comprobante and the refused ones not replaced", async () => {
    const before = await readInvoicingAttention(handle().db);
    await insertTestOrder(handle().db, {
      status: "pagado",
      lines: [{ productId: shop.productId, quantity: 1 }],
      columns: { paidAt: new Date() },
    });
    shop.pse.state.next.push("reject");
    const rejected = await invoicedOrder();
    const after = await readInvoicingAttention(handle().db);
    // The order without any document, and the rejected one (its order has none standing now).
    expect(after.withoutDocumentCount).toBe(before.withoutDocumentCount + 2);
    expect(after.refusedCount).toBe(before.refusedCount + 1);
    // The dashboard's tiles count them in their own statement: the same numbers.
    expect((await getDashboardFigures()).invoicing).toMatchObject({
      withoutDocumentCount: after.withoutDocumentCount,
      refusedCount: after.refusedCount,
    });
    expect(after.refused.at(-1)).toMatchObject({
      orderCode: rejected.code,
      reason: "El número de RUC del receptor no existe",
    });
    await issueOrderDocument(rejected.id);
    const replaced = await readInvoicingAttention(handle().db);
    expect(replaced.refusedCount).toBe(before.refusedCount);
    expect(replaced.withoutDocumentCount).toBe(before.withoutDocumentCount + 1);
    expect((await getDashboardFigures()).invoicing).toMatchObject({
      withoutDocumentCount: replaced.withoutDocumentCount,
      refusedCount: replaced.refusedCount,
    });
  });
});
