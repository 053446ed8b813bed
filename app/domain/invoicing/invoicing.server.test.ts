// Issue 46's guarantees for issuing, against a local fake of Nubefact (never the real one): a
// paid order's boleta or factura is sent with its lines, its delivery and its discount; fifty
// orders at once take numbers 1..50 of their series with no gap and no repeat; whatever the
// PSE does (rejects, fails, drops the connection, takes the document and loses the answer)
// each order ends with exactly one document. PGlite in `npm test`, PostgreSQL with
// TEST_DATABASE_URL, where the fifty really interleave.
import { and, eq, ne } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";

import { documentSeries, electronicDocuments, products } from "~/db/schema";
import { listCustomerOrders } from "~/domain/account/customer-orders.server";
import { placeOrder } from "~/domain/orders/order.server";
import { findAccessibleOrder, loadOrderPage } from "~/domain/orders/order-page.server";
import { markOrderPaid } from "~/domain/orders/order-payment-admin.server";
import { sentMails } from "~test/captured-mail";
import { shopIssuingThroughFakeNubefact } from "~test/invoicing";
import { guestCartWith } from "~test/online-payments";
import { insertTestOrder } from "~test/orders";
import { seededShopWithAdmin } from "~test/seeded-shop";
import { setVariantValues } from "~test/variants";

import { computeDocumentAmounts } from "./igv";
import { issueOrderDocument, retryDueDocuments } from "./invoicing.server";
import { createNubefactPse } from "./nubefact.server";

vi.mock("~/lib/mail.server", () => import("~test/captured-mail"));

const { handle, adminId } = seededShopWithAdmin();
const shop = shopIssuingThroughFakeNubefact(handle);

type Columns = NonNullable<Parameters<typeof insertTestOrder>[1]["columns"]>;

function paidOrder(
  columns: Columns = {},
  quantity = 1,
  discounts: Parameters<typeof insertTestOrder>[1]["discounts"] = [],
) {
  return insertTestOrder(handle().db, {
    status: "pagado",
    lines: [{ productId: shop.productId, quantity }],
    discounts,
    columns: { paidAt: new Date(), comprobante: "boleta", customerName: "Ana Torres", ...columns },
  });
}

async function documentsOf(orderId: number) {
  return handle().db.select().from(electronicDocuments).where(eq(electronicDocuments.orderId, orderId));
}

type SentBody = Record<string, unknown> & { items: Record<string, unknown>[] };

function sentFor(series: string, number: number): SentBody[] {
  return (shop.pse.state.requests as SentBody[]).filter(
    (body) => body.operacion === "generar_comprobante" && body.serie === series && body.numero === number,
  );
}

describe("issuing a paid order's comprobante", () => {
  test("a boleta without document: every line, accepted by SUNAT, its PDF and XML kept", async () => {
    const order = await paidOrder({}, 2);
    expect((await issueOrderDocument(order.id)).status).toBe("issued");
    const [document] = await documentsOf(order.id);
    expect(document).toMatchObject({
      kind: "boleta",
      series: "B001",
      status: "accepted",
      customerDocType: "-",
      totalCents: 12980,
      gravadaCents: 11000,
      igvCents: 1980,
    });
    expect(document!.pdfUrl).toMatch(/\.pdf$/);
    expect(document!.xmlUrl).toMatch(/\.xml$/);
    const [body] = sentFor("B001", document!.number);
    expect(body).toMatchObject({
      tipo_de_comprobante: 2,
      cliente_tipo_de_documento: "-",
      total_gravada: 110,
      total_igv: 19.8,
      total: 129.8,
      moneda: 1,
      porcentaje_de_igv: 18,
    });
    expect(body!.items).toEqual([
      expect.objectContaining({
        unidad_de_medida: "NIU",
        cantidad: 2,
        valor_unitario: "55.0000000000",
        precio_unitario: 64.9,
        subtotal: 110,
        igv: 19.8,
        total: 129.8,
        tipo_de_igv: 1,
      }),
    ]);
  });

  test("a factura names the RUC and razón social; the delivery is a line and the coupon a descuento global", async () => {
    const order = await paidOrder(
      {
        comprobante: "factura",
        documentType: "ruc",
        documentNumber: "20131312955",
        businessName: "Veterinaria Los Andes S.A.C.",
        fiscalAddress: "Av. Arequipa 1234, Lima",
        deliveryFeeCents: 1000,
        deliveryDistrict: "Surquillo",
      },
      1,
      [{ name: "Cupón BIENVENIDA20", code: "BIENVENIDA20", kind: "percent", amountCents: 1298 }],
    );
    expect((await issueOrderDocument(order.id)).status).toBe("issued");
    const [document] = await documentsOf(order.id);
    expect(document).toMatchObject({ kind: "factura", series: "F001", totalCents: 6490 + 1000 - 1298 });
    const [body] = sentFor("F001", document!.number);
    expect(body).toMatchObject({
      tipo_de_comprobante: 1,
      cliente_tipo_de_documento: "6",
      cliente_numero_de_documento: "20131312955",
      cliente_denominacion: "Veterinaria Los Andes S.A.C.",
      cliente_direccion: "Av. Arequipa 1234, Lima",
      descuento_global: 11,
      total: 61.92,
    });
    expect(body!.items.map((item) => [item.unidad_de_medida, item.descripcion, item.total])).toEqual([
      ["NIU", expect.any(String), 64.9],
      ["ZZ", "Servicio de delivery a Surquillo", 10],
    ]);
  });

  test("fifty orders paid at the same moment take consecutive numbers: no gap, no repeat", async () => {
    const placed = [];
    for (let i = 0; i < 50; i += 1) placed.push(await paidOrder());
    const [before] = await handle().db.select().from(documentSeries).where(eq(documentSeries.series, "B001"));
    const outcomes = await Promise.all(placed.map((order) => issueOrderDocument(order.id)));
    expect(outcomes.every((outcome) => outcome.status === "issued")).toBe(true);
    const numbers = (
      await handle()
        .db.select({ number: electronicDocuments.number })
        .from(electronicDocuments)
        .where(and(eq(electronicDocuments.series, "B001")))
    )
      .map((row) => row.number)
      .filter((number) => number >= before!.nextNumber)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => before!.nextNumber + i));
  });

  test("asked five times at once, an order gets one document", async () => {
    const order = await paidOrder();
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => issueOrderDocument(order.id)));
    expect(outcomes.filter((outcome) => outcome.status === "issued")).toHaveLength(1);
    expect(await documentsOf(order.id)).toHaveLength(1);
  });

  test("a boleta over S/ 700 without the buyer's document waits for it and takes no number", async () => {
    const order = await paidOrder({}, 11);
    expect(await issueOrderDocument(order.id)).toEqual({ status: "needs-document" });
    expect(await documentsOf(order.id)).toEqual([]);
    const withDni = await paidOrder({ documentType: "dni", documentNumber: "45678912" }, 11);
    expect((await issueOrderDocument(withDni.id)).status).toBe("issued");
    expect((await documentsOf(withDni.id))[0]).toMatchObject({ customerDocType: "1", customerDocNumber: "45678912" });
  });

  test("an order not paid, or cancelled, gets none", async () => {
    const order = await insertTestOrder(handle().db, {
      status: "pendiente",
      lines: [{ productId: shop.productId, quantity: 1 }],
    });
    expect(await issueOrderDocument(order.id)).toEqual({ status: "not-paid" });
  });
});

describe("when the PSE has a bad day", () => {
  const later = (minutes: number) => new Date(Date.now() + minutes * 60 * 1000);

  test("down: the document waits 'pending' and the housekeeping sends it later under the same number", async () => {
    const order = await paidOrder();
    shop.pse.state.next.push("fail");
    await issueOrderDocument(order.id);
    const [pending] = await documentsOf(order.id);
    expect(pending).toMatchObject({ status: "pending", attempts: 1 });
    expect(pending!.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
    await retryDueDocuments(later(2));
    const [sent] = await documentsOf(order.id);
    expect(sent).toMatchObject({ status: "accepted", number: pending!.number, attempts: 2 });
  });

  test("taken but the answer lost: asked first, never sent twice", async () => {
    const order = await paidOrder();
    shop.pse.state.next.push("lose");
    await issueOrderDocument(order.id);
    const [pending] = await documentsOf(order.id);
    expect(pending!.status).toBe("pending");
    await retryDueDocuments(later(2));
    const [document] = await documentsOf(order.id);
    expect(document).toMatchObject({ status: "accepted", number: pending!.number });
    expect(sentFor("B001", pending!.number)).toHaveLength(1);
  });

  test("the connection dropped twice: backoff grows, then one document", async () => {
    const order = await paidOrder();
    shop.pse.state.next.push("drop", "drop");
    await issueOrderDocument(order.id);
    const first = (await documentsOf(order.id))[0]!;
    await retryDueDocuments(later(2));
    const second = (await documentsOf(order.id))[0]!;
    expect(second.status).toBe("pending");
    expect(second.nextAttemptAt!.getTime() - later(2).getTime()).toBeGreaterThan(4 * 60 * 1000 - 5000);
    await retryDueDocuments(later(10));
    const done = (await documentsOf(order.id))[0]!;
    expect(done).toMatchObject({ status: "accepted", number: first.number });
    expect([...shop.pse.state.documents.keys()].filter((key) => key === `2-B001-${first.number}`)).toHaveLength(1);
    expect(await documentsOf(order.id)).toHaveLength(1);
  });

  test("rejected by SUNAT: its message is kept, and the order can be issued again under a new number", async () => {
    const order = await paidOrder();
    shop.pse.state.next.push("reject");
    await issueOrderDocument(order.id);
    const [rejected] = await documentsOf(order.id);
    expect(rejected).toMatchObject({
      status: "rejected",
      sunatCode: "2800",
      sunatDescription: "El número de RUC del receptor no existe",
    });
    expect((await issueOrderDocument(order.id)).status).toBe("issued");
    const [again] = await handle()
      .db.select()
      .from(electronicDocuments)
      .where(and(eq(electronicDocuments.orderId, order.id), ne(electronicDocuments.status, "rejected")));
    expect(again!.number).toBeGreaterThan(rejected!.number);
    expect(again!.status).toBe("accepted");
  });

  test("refused by the PSE itself: 'error' with its message, the number kept for the corrected send", async () => {
    const order = await paidOrder();
    shop.pse.state.next.push("invalid");
    await issueOrderDocument(order.id);
    const [document] = await documentsOf(order.id);
    expect(document).toMatchObject({
      status: "error",
      lastError: "El campo cliente_denominacion no puede estar vacío",
    });
    expect((await issueOrderDocument(order.id)).status).toBe("exists");
  });
});

describe("issued automatically when the owner marks the order paid", () => {
  test("the 'Pagado' e-mail and the order page give 'Descargar comprobante (PDF)' and the XML", async () => {
    const order = await insertTestOrder(handle().db, {
      status: "pendiente",
      lines: [{ productId: shop.productId, quantity: 1 }],
      columns: { comprobante: "boleta", customerEmail: "ana@example.pe" },
    });
    const paid = await markOrderPaid(
      { id: adminId() },
      order.id,
      { methodName: "Yape", amountCents: order.totalCents, operation: "123456" },
      "pendiente",
    );
    expect(paid.status).toBe("paid");
    await vi.waitFor(
      () => {
        const mail = sentMails.find((message) => message.subject === `Tu pedido ${order.code}: Pagado`);
        expect(mail?.text).toMatch(
          /Boleta electrónica B001-\d+ — Descargar comprobante \(PDF\): http:\/\/127\.0\.0\.1:\d+\/cpe\/2-B001-\d+\.pdf · XML: http:\/\/127\.0\.0\.1:\d+\/cpe\/2-B001-\d+\.xml/,
        );
      },
      { timeout: 5000 },
    );
    const access = await findAccessibleOrder(
      new Request(`http://localhost:3000/pedido/${order.code}?t=${order.accessToken}`),
      order.code,
    );
    const page = await loadOrderPage(access!);
    expect(page?.documents).toEqual([
      {
        title: expect.stringMatching(/^Boleta electrónica B001-\d+$/),
        pdfUrl: expect.stringMatching(/\.pdf$/),
        xmlUrl: expect.stringMatching(/\.xml$/),
      },
    ]);
  });

  test("an exonerated product is sold and invoiced without IGV, as it was when ordered", async () => {
    const { db } = handle();
    const [other] = await db.select({ id: products.id }).from(products).where(ne(products.id, shop.productId)).limit(1);
    await setVariantValues(db, other!.id, { stock: 50, priceCents: 2500, isOfferActive: false });
    await db.update(products).set({ igvTreatment: "exonerado" }).where(eq(products.id, other!.id));
    const placed = await placeOrder({
      cartId: await guestCartWith(other!.id, 2),
      userId: null,
      paymentMethodId: "yape",
      customerName: "Luis Exonerado",
      customerPhone: "986 444 333",
    });
    if (placed.status !== "placed") throw new Error(placed.status);
    // Changed after the sale: the order keeps what it was sold as.
    await db.update(products).set({ igvTreatment: "gravado" }).where(eq(products.id, other!.id));
    await markOrderPaid(
      { id: adminId() },
      placed.orderId,
      { methodName: "Yape", amountCents: 5000, operation: "" },
      "pendiente",
    );
    // The row is written before the PSE is called: wait for both (CI once read the row first).
    await vi.waitFor(
      async () => {
        const [written] = await documentsOf(placed.orderId);
        expect(written).toBeDefined();
        expect(sentFor(written!.series, written!.number)).toHaveLength(1);
      },
      { timeout: 5000 },
    );
    const [document] = await documentsOf(placed.orderId);
    expect(document).toMatchObject({ exoneradaCents: 5000, gravadaCents: 0, igvCents: 0, totalCents: 5000 });
    expect(sentFor(document!.series, document!.number)[0]!.items[0]).toMatchObject({ tipo_de_igv: 8, igv: 0 });
  });

  test("'Mis Pedidos' lists the order's comprobante to download", async () => {
    const order = await paidOrder({ userId: adminId() });
    await issueOrderDocument(order.id);
    const listed = (await listCustomerOrders(adminId())).find((row) => row.id === order.id);
    expect(listed?.documents).toEqual([
      {
        orderId: order.id,
        title: expect.stringMatching(/^Boleta electrónica B001-\d+$/),
        pdfUrl: expect.stringMatching(/\.pdf$/),
        xmlUrl: expect.stringMatching(/\.xml$/),
      },
    ]);
  });
});

describe("a PSE slower than the send's patience", () => {
  test("the send gives up as unreachable; the PSE kept the document, so asking finds it, never a second", async () => {
    const pse = createNubefactPse({ apiUrl: shop.pse.route, token: "token-de-prueba-1234", timeoutMs: 200 });
    shop.pse.state.slowMs = 800;
    shop.pse.state.next.push("slow");
    const document = {
      kind: "boleta" as const,
      series: "B900",
      number: 1,
      issuedAt: new Date(),
      customer: { docType: "-", docNumber: "", name: "Ana Torres", address: "", email: "" },
      ...computeDocumentAmounts([
        { description: "Croquetas", unit: "NIU", quantity: 1, unitPriceCents: 6490, treatment: "gravado" },
      ]),
      orderCode: "PED-900900",
    };
    const started = Date.now();
    expect(await pse.send(document)).toMatchObject({ status: "unreachable" });
    expect(Date.now() - started).toBeLessThan(700);
    await vi.waitFor(() => expect(shop.pse.state.documents.has("2-B900-1")).toBe(true), { timeout: 3000 });
    expect(await pse.consult("boleta", "B900", 1)).toMatchObject({ status: "accepted" });
    expect(await pse.send(document)).toEqual({ status: "exists" });
  });
});
