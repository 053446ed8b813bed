// Issue 24, the order page: who may open an order (the browser that placed it, its account, a
// link with its token; administrators only for the receipt), what the page tells, and where a
// payment receipt is kept. Orders are written straight into the database (tests/support).
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";

import { orders, shopSettings, users } from "~/db/schema";
import { IMAGE_INVALID_MESSAGE } from "~/domain/media/image";
import OrderPage, { action, loader } from "~/routes/store/order-page";
import { requestAs, signUpCustomer } from "~test/auth";
import { insertTestOrder, makePng, placedHereCookie, type TestOrder, withOwnDataDir } from "~test/order-page";
import { renderRoute } from "~test/render-route";
import { seededShopWithAdmin } from "~test/seeded-shop";
import { tamper } from "~test/tamper";

import { EXPIRED_ORDER_LABEL, RECEIPT_MESSAGES } from "./order-page";
import { findAccessibleOrder, formatLimaDayAndTime, isOrderOwnerRequest, loadOrderPage } from "./order-page.server";
import { getReceiptsDir, readReceiptImage, savePaymentReceipt } from "./payment-receipt.server";

const shop = seededShopWithAdmin();
const dataDir = withOwnDataDir();
const db = () => shop.handle().db;

let ana: { cookie: string; id: string };
let beto: { cookie: string; id: string };
let anaOrder: TestOrder;
let guestOrder: TestOrder;

async function customer(email: string) {
  const cookie = await signUpCustomer(email);
  const [user] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
  return { cookie, id: user!.id };
}

beforeAll(async () => {
  ana = await customer("ana-pedidos@example.pe");
  beto = await customer("beto-pedidos@example.pe");
  anaOrder = await insertTestOrder(db(), { userId: ana.id });
  guestOrder = await insertTestOrder(db());
});

const at = (code: string, query = "") => `/pedido/${code}${query}`;

async function accessOf(cookie: string | null, code: string, query = "", allowAdmin = false) {
  const order = await findAccessibleOrder(requestAs(cookie, at(code, query)), code, { allowAdmin });
  return order?.access ?? null;
}

describe("findAccessibleOrder", () => {
  test("the browser that placed it, its account and its link open the order", async () => {
    expect(await accessOf(await placedHereCookie(guestOrder.code), guestOrder.code)).toBe("placed-here");
    expect(await accessOf(ana.cookie, anaOrder.code)).toBe("account");
    expect(await accessOf(null, guestOrder.code, `?t=${guestOrder.accessToken}`)).toBe("token");
    const viaLink = await findAccessibleOrder(
      requestAs(null, at(guestOrder.code, `?t=${guestOrder.accessToken}`)),
      guestOrder.code,
    );
    expect(viaLink).toMatchObject({ id: guestOrder.id, code: guestOrder.code, linkToken: guestOrder.accessToken });
  });

  test("another browser, another account, a wrong or missing token see nothing", async () => {
    const otherBrowser = await placedHereCookie(anaOrder.code);
    expect(await accessOf(otherBrowser, guestOrder.code)).toBeNull();
    expect(await accessOf(beto.cookie, anaOrder.code)).toBeNull();
    expect(await accessOf(null, anaOrder.code)).toBeNull();
    expect(await accessOf(null, anaOrder.code, `?t=${guestOrder.accessToken}`)).toBeNull();
    expect(await accessOf(null, anaOrder.code, `?t=${tamper(anaOrder.accessToken)}`)).toBeNull();
    expect(await accessOf(null, anaOrder.code, "?t=")).toBeNull();
    // A forged cookie (the value of a real one with another code) is not signed.
    const forged = otherBrowser.replace(/=.*/, `=${encodeURIComponent(btoa(JSON.stringify([guestOrder.code])))}`);
    expect(await accessOf(forged, guestOrder.code)).toBeNull();
  });

  test("unknown and malformed codes are nobody's", async () => {
    for (const code of ["PED-999999", "PED-1", "ped-900001", "../etc/passwd", `PED-${"9".repeat(40)}`, ""]) {
      expect(await accessOf(await placedHereCookie(code), code)).toBeNull();
    }
  });

  test("an administrator opens the receipt of any order, not its page", async () => {
    expect(await accessOf(shop.adminCookie(), guestOrder.code)).toBeNull();
    expect(await accessOf(shop.adminCookie(), guestOrder.code, "", true)).toBe("admin");
    expect(await accessOf(beto.cookie, guestOrder.code, "", true)).toBeNull();
  });

  test("the server's front door lets only the order's owner send a picture-sized body", async () => {
    const link = at(guestOrder.code, `?t=${guestOrder.accessToken}`);
    expect(await isOrderOwnerRequest({}, link)).toBe(true);
    // With JavaScript, React Router posts the form to the route's '.data' address.
    expect(await isOrderOwnerRequest({}, `/pedido/${guestOrder.code}.data?t=${guestOrder.accessToken}`)).toBe(true);
    expect(await isOrderOwnerRequest({ cookie: ana.cookie }, at(anaOrder.code))).toBe(true);
    expect(await isOrderOwnerRequest({ cookie: beto.cookie }, at(anaOrder.code))).toBe(false);
    expect(await isOrderOwnerRequest({}, at(guestOrder.code))).toBe(false);
    expect(await isOrderOwnerRequest({}, `/pedido/${guestOrder.code}/comprobante?t=${guestOrder.accessToken}`)).toBe(
      false,
    );
    expect(await isOrderOwnerRequest({}, "/pedido/%E0%A4%A")).toBe(false);
  });
});

test("dates are written in Lima time whatever the server's zone", () => {
  expect(formatLimaDayAndTime(new Date("2026-11-27T19:05:00Z"))).toBe("27/11/2026 a las 14:05");
  expect(formatLimaDayAndTime(new Date("2026-11-28T05:00:00Z"))).toBe("28/11/2026 a las 00:00");
});

async function pageOf(order: TestOrder) {
  const access = await findAccessibleOrder(requestAs(null, at(order.code, `?t=${order.accessToken}`)), order.code);
  return (await loadOrderPage(access!))!;
}

describe("loadOrderPage", () => {
  test("a pending order: lines, delivery, boleta, how to pay and until when its units are held", async () => {
    await db().update(shopSettings).set({ paymentHours: 24 });
    const order = await insertTestOrder(db(), { createdAt: new Date("2026-11-26T19:05:00Z") });
    const page = await pageOf(order);
    expect(page).toMatchObject({
      code: order.code,
      statusLabel: "Pendiente de pago",
      subtotalCents: 7500,
      deliveryFeeCents: 1000,
      totalCents: 8500,
      delivery: { kind: "delivery", district: "Miraflores", reference: "Frente al parque Kennedy" },
      comprobante: { kind: "boleta", document: "DNI 45678912" },
      pagePath: `/pedido/${order.code}?t=${order.accessToken}`,
    });
    expect(page.lines.map((line) => [line.title, line.quantity, line.lineTotalCents])).toEqual([
      ["Alimento Pro Plan — 3 kg", 2, 6000],
      ["Pelota de Goma", 1, 1500],
    ]);
    expect(page.payment).toMatchObject({
      methodName: "Yape",
      reservedUntil: "27/11/2026 a las 14:05",
      canUploadReceipt: true,
      paidAt: null,
    });
    expect(page.payment.details).toContain("Yapea al");
    expect(page.timeline).toEqual([
      expect.objectContaining({ label: "Pendiente de pago", at: "26/11/2026 a las 14:05", note: "Pedido registrado" }),
    ]);
    expect(page.whatsappUrl).toMatch(/^https:\/\/wa\.me\//);
    expect(decodeURIComponent(page.whatsappUrl!)).toContain(order.code);
  });

  test("an order past its hours: 'Pedido vencido por falta de pago', nothing held, no receipt taken", async () => {
    const placed = new Date("2026-11-20T15:00:00Z");
    const order = await insertTestOrder(db(), {
      status: "cancelado",
      createdAt: placed,
      history: [{ to: "cancelado", at: new Date("2026-11-21T15:10:00Z"), isAutomatic: true }],
    });
    const page = await pageOf(order);
    expect(page.timeline.map((entry) => [entry.label, entry.at])).toEqual([
      ["Pendiente de pago", "20/11/2026 a las 10:00"],
      [EXPIRED_ORDER_LABEL, "21/11/2026 a las 10:10"],
    ]);
    expect(page.payment).toMatchObject({ reservedUntil: null, canUploadReceipt: false, details: "", qrImage: null });
  });

  test("a paid, then cancelled order tells the reason; a pickup order the shop's address and hours", async () => {
    const cancelled = await insertTestOrder(db(), {
      createdAt: new Date("2026-11-21T15:00:00Z"),
      status: "cancelado",
      paidAt: new Date("2026-11-21T16:00:00Z"),
      cancelReason: "Sin stock del proveedor",
      fulfillment: "pickup",
      history: [
        { to: "pagado", at: new Date("2026-11-21T16:00:00Z") },
        { to: "cancelado", at: new Date("2026-11-22T16:00:00Z") },
      ],
    });
    const page = await pageOf(cancelled);
    expect(page.timeline.map((entry) => [entry.label, entry.note])).toEqual([
      ["Pendiente de pago", "Pedido registrado"],
      ["Pagado", ""],
      ["Cancelado", "Motivo: Sin stock del proveedor"],
    ]);
    expect(page.payment.paidAt).toBe("21/11/2026 a las 11:00");
    expect(page.delivery).toEqual({
      kind: "pickup",
      address: "Av. Primavera 1234, Santiago de Surco, Lima",
      hours: "Lunes a Sábado: 9:00 AM - 7:00 PM\nDomingo: Cerrado",
    });
    expect(page.deliveryFeeCents).toBe(0);
  });

  test("a factura shows the RUC, the razón social and the dirección fiscal", async () => {
    const order = await insertTestOrder(db(), {
      values: {
        comprobante: "factura",
        documentType: "ruc",
        documentNumber: "20100047218",
        businessName: "Mascotas del Sur S.A.C.",
        fiscalAddress: "Av. Benavides 500, Miraflores",
      },
    });
    expect((await pageOf(order)).comprobante).toEqual({
      kind: "factura",
      ruc: "20100047218",
      businessName: "Mascotas del Sur S.A.C.",
      fiscalAddress: "Av. Benavides 500, Miraflores",
    });
  });
});

/** The order page's HTML as the server renders it for whoever has the order's link. */
async function renderedPage(target: TestOrder): Promise<string> {
  const params = { code: target.code };
  const module = {
    Page: OrderPage as never,
    loader: (args: never) => loader({ ...(args as object), params } as never),
    action: (args: never) => action({ ...(args as object), params } as never),
  };
  const page = await renderRoute(module, requestAs(null, at(target.code, `?t=${target.accessToken}`)));
  return page.html.replace(/<!-- -->/g, "");
}

describe("coordinating the payment by WhatsApp", () => {
  test("offered while the order is still to be paid, even on its way (paid on delivery)", async () => {
    for (const options of [{}, { status: "en_camino" as const }]) {
      const target = await insertTestOrder(db(), options);
      expect((await pageOf(target)).whatsappUrl).toMatch(/^https:\/\/wa\.me\//);
      const html = await renderedPage(target);
      expect(html).toContain("Enviar Pedido por WhatsApp");
      expect(html).toContain("coordinar el pago");
    }
  });

  test("not offered once the order is paid, delivered or cancelled", async () => {
    const paidAt = new Date("2026-11-21T16:00:00Z");
    for (const options of [
      { status: "pagado" as const, paidAt },
      { status: "en_preparacion" as const, paidAt },
      { status: "entregado" as const, paidAt },
      { status: "entregado" as const },
      { status: "cancelado" as const },
    ]) {
      const target = await insertTestOrder(db(), options);
      const html = await renderedPage(target);
      expect(html).toContain(`Pedido ${target.code}`);
      expect(html).not.toContain("coordinar el pago");
      expect(html).not.toContain("Enviar Pedido por WhatsApp");
      expect((await pageOf(target)).whatsappUrl).toBeNull();
    }
  });
});

describe("savePaymentReceipt", () => {
  const receiptFiles = () => (existsSync(getReceiptsDir()) ? readdirSync(getReceiptsDir()) : []);

  test("keeps the picture privately under DATA_DIR/receipts; a new one replaces it and its file", async () => {
    const order = await insertTestOrder(db());
    expect(await savePaymentReceipt(order.id, { image: await makePng(), operation: "" })).toEqual({
      status: "received",
    });
    const [first] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(first!.receiptImage).toMatch(/^[a-f0-9]{32}\.webp$/);
    expect(first!.receiptUploadedAt).toBeInstanceOf(Date);
    expect(getReceiptsDir()).toBe(path.join(dataDir(), "receipts"));
    expect(receiptFiles()).toContain(first!.receiptImage);
    expect(existsSync(path.join(dataDir(), "uploads"))).toBe(false);
    expect((await readReceiptImage(first!.receiptImage))?.contentType).toBe("image/webp");

    // The number alone keeps the picture; a new picture replaces the old file.
    await savePaymentReceipt(order.id, { image: null, operation: "00123456" });
    await savePaymentReceipt(order.id, { image: await makePng(32), operation: "" });
    const [second] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(second!.receiptOperation).toBe("00123456");
    expect(second!.receiptImage).not.toBe(first!.receiptImage);
    expect(receiptFiles()).toContain(second!.receiptImage);
    expect(receiptFiles()).not.toContain(first!.receiptImage);
  });

  test("refuses a file that is no image, and orders delivered, cancelled or paid, keeping no file", async () => {
    const before = receiptFiles();
    const order = await insertTestOrder(db());
    const text = new TextEncoder().encode("esto no es una imagen, solo texto con nombre .jpg");
    expect(await savePaymentReceipt(order.id, { image: text, operation: "" })).toEqual({
      status: "invalid-image",
      message: IMAGE_INVALID_MESSAGE,
      httpStatus: 400,
    });
    const cases = [
      [{ status: "entregado" as const }, RECEIPT_MESSAGES.delivered],
      [{ status: "cancelado" as const }, RECEIPT_MESSAGES.cancelled],
      [{ status: "en_preparacion" as const, paidAt: new Date() }, RECEIPT_MESSAGES.paid],
    ] as const;
    for (const [options, message] of cases) {
      const closed = await insertTestOrder(db(), options);
      expect(await savePaymentReceipt(closed.id, { image: await makePng(), operation: "123" })).toEqual({
        status: "refused",
        message,
      });
      const [row] = await db().select().from(orders).where(eq(orders.id, closed.id));
      expect(row).toMatchObject({ receiptImage: null, receiptOperation: "", receiptUploadedAt: null });
    }
    expect(receiptFiles()).toEqual(before);
  });

  test("an unpaid order on its way still takes a receipt (paid on delivery)", async () => {
    const order = await insertTestOrder(db(), { status: "en_camino" });
    expect(await savePaymentReceipt(order.id, { image: null, operation: "OP-778899" })).toEqual({ status: "received" });
  });

  test("names that are not a stored receipt's read nothing", async () => {
    for (const name of [null, "", "../uploads/x.webp", "ABC.webp", `${"a".repeat(32)}.png`]) {
      expect(await readReceiptImage(name)).toBeNull();
    }
  });
});
