import { and, asc, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, test, vi } from "vitest";

import { auditLog, onlinePayments, orders, orderStatusChanges, products } from "~/db/schema";
import { getUnitPriceCents } from "~/domain/catalog/pricing";
import { backgroundWorkSettled } from "~/lib/background-work.server";
import { action as detailAction, loader as detailLoader } from "~/routes/admin/orders/detail";
import { requestAs } from "~test/auth";
import { sentMails } from "~test/captured-mail";
import { insertTestOrder, type TestOrderInput } from "~test/orders";
import { seededShopWithAdmin } from "~test/seeded-shop";
import { setVariantValues } from "~test/variants";

import {
  CANCEL_REASON_REQUIRED_MESSAGE,
  CANCEL_REASON_TOO_LONG_MESSAGE,
  PAID_ONLY_WITH_PAYMENT_MESSAGE,
  parseOrderListQuery,
  STALE_ORDER_MESSAGE,
} from "./order-admin";
import { changeOrderStatus, getAdminOrder, listAdminOrders } from "./order-admin.server";
import { markOrderPaid } from "./order-payment-admin.server";

vi.mock("~/lib/mail.server", () => import("~test/captured-mail"));

const { handle, adminCookie, adminId } = seededShopWithAdmin();

type Product = typeof products.$inferSelect;
let croquetas: Product;
let raton: Product;
let admin: { id: string };
const payment = { methodName: "Yape", amountCents: 1000, operation: "" };

beforeAll(async () => {
  const { db } = handle();
  admin = { id: adminId() };
  const all = await db.select().from(products);
  croquetas = all.find((product) => product.title.startsWith("Croquetas"))!;
  raton = all.find((product) => product.title.startsWith("Ratón"))!;
  await setVariantValues(db, [croquetas.id, raton.id], { stock: 5000 });
});

beforeEach(() => {
  sentMails.length = 0;
});

/** An order of these lines (units taken), written straight into the database. */
function orderOf(lines: [Product, number][], options: Omit<TestOrderInput, "lines"> = {}) {
  return insertTestOrder(handle().db, {
    ...options,
    lines: lines.map(([product, quantity]) => ({ productId: product.id, quantity })),
  });
}

async function stockOf(product: Product): Promise<number> {
  const [row] = await handle().db.select({ stock: products.stock }).from(products).where(eq(products.id, product.id));
  return row!.stock;
}

async function orderRow(orderId: number) {
  const [row] = await handle().db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

async function statusOf(orderId: number) {
  return (await orderRow(orderId)).status;
}

async function setCreatedAt(orderId: number, iso: string) {
  await handle()
    .db.update(orders)
    .set({ createdAt: new Date(iso) })
    .where(eq(orders.id, orderId));
}

function postStatus(orderId: number, fields: Record<string, string>) {
  const request = requestAs(adminCookie(), `/admin/pedidos/${orderId}`, {
    method: "POST",
    body: new URLSearchParams({ intent: "status", ...fields }),
  });
  return detailAction({ request, params: { orderId: String(orderId) }, context: {} } as never);
}

type DataResult = {
  data: {
    toast: { title: string; description: string };
    errors: Record<string, string>;
    values: Record<string, string>;
  };
  init: { status: number };
};

async function auditsOf(orderId: number) {
  return handle()
    .db.select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, "order"), eq(auditLog.entityId, String(orderId))))
    .orderBy(asc(auditLog.id));
}

async function historyOf(orderId: number) {
  return handle()
    .db.select()
    .from(orderStatusChanges)
    .where(eq(orderStatusChanges.orderId, orderId))
    .orderBy(asc(orderStatusChanges.id));
}

/** The e-mails sent after the response, once `count` of them have left. */
async function mailsSent(count: number) {
  await vi.waitFor(() => expect(sentMails.length).toBeGreaterThanOrEqual(count), { timeout: 5_000 });
  return sentMails;
}

describe("status changes", () => {
  test("delivery: Pendiente de pago → Pagado (by payment) → En preparación → En camino → Entregado, then final", async () => {
    const order = await orderOf([[raton, 1]], { columns: { fulfillment: "delivery", deliveryDistrict: "Surco" } });
    const before = Date.now();

    // Pagado is not a plain status change.
    expect(await changeOrderStatus(admin, order.id, "pagado")).toEqual({ status: "payment-required" });
    const refused = (await postStatus(order.id, { status: "pagado", from: "pendiente" })) as unknown as DataResult;
    expect(refused.init.status).toBe(409);
    expect(refused.data.toast.description).toBe(PAID_ONLY_WITH_PAYMENT_MESSAGE);
    expect(await markOrderPaid(admin, order.id, payment, "pendiente")).toMatchObject({ status: "paid" });

    const toPreparation = (await postStatus(order.id, { status: "en_preparacion", from: "pagado" })) as Response;
    expect(toPreparation.status).toBe(302);
    expect(toPreparation.headers.get("Location")).toBe(`/admin/pedidos/${order.id}`);
    // A delivery is never 'Listo para recoger'.
    expect(await changeOrderStatus(admin, order.id, "listo_recoger")).toMatchObject({ status: "illegal" });
    expect((await changeOrderStatus(admin, order.id, "en_camino", "en_preparacion")).status).toBe("changed");
    expect(await changeOrderStatus(admin, order.id, "entregado", "en_camino")).toEqual({
      status: "changed",
      code: order.code,
      from: "en_camino",
      to: "entregado",
    });

    const changes = await historyOf(order.id);
    expect(changes.map((change) => [change.fromStatus, change.toStatus, change.changedByUserId])).toEqual([
      [null, "pendiente", null],
      ["pendiente", "pagado", admin.id],
      ["pagado", "en_preparacion", admin.id],
      ["en_preparacion", "en_camino", admin.id],
      ["en_camino", "entregado", admin.id],
    ]);
    for (const change of changes.slice(1)) {
      expect(change.changedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(change.changedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    }
    const detail = await getAdminOrder(order.id);
    expect(detail!.history.map((change) => change.changedBy)).toEqual([null, "admin", "admin", "admin", "admin"]);

    const audits = await auditsOf(order.id);
    expect(audits.map((entry) => [entry.action, entry.userId, entry.summary])).toEqual([
      ["status", admin.id, { title: order.code, from: "Pendiente de pago", to: "Pagado" }],
      ["payment", admin.id, { title: order.code, paidAmountCents: 1000, paidMethodName: "Yape", paidOperation: "" }],
      ["status", admin.id, { title: order.code, from: "Pagado", to: "En preparación" }],
      ["status", admin.id, { title: order.code, from: "En preparación", to: "En camino" }],
      ["status", admin.id, { title: order.code, from: "En camino", to: "Entregado" }],
    ]);

    // Entregado is final: not back, not even cancelled.
    const back = (await postStatus(order.id, { status: "pendiente", from: "entregado" })) as unknown as DataResult;
    expect(back.init.status).toBe(409);
    expect(back.data.toast.description).toBe("El pedido está Entregado y ya no puede cambiar de estado.");
    expect(await changeOrderStatus(admin, order.id, "cancelado")).toMatchObject({ status: "illegal" });
    expect(await statusOf(order.id)).toBe("entregado");
  });

  test("pickup: paid at the counter, En preparación → Listo para recoger → Entregado, never En camino", async () => {
    const order = await orderOf([[raton, 1]], { columns: { fulfillment: "pickup" } });
    expect((await changeOrderStatus(admin, order.id, "en_preparacion", "pendiente")).status).toBe("changed");
    expect(await changeOrderStatus(admin, order.id, "en_camino")).toEqual({
      status: "illegal",
      from: "en_preparacion",
      to: "en_camino",
    });
    expect((await changeOrderStatus(admin, order.id, "listo_recoger")).status).toBe("changed");
    expect((await changeOrderStatus(admin, order.id, "entregado")).status).toBe("changed");
    // Still unpaid: the payment is recorded apart, after the delivery.
    expect((await orderRow(order.id)).paidAt).toBeNull();
  });

  test("illegal transitions are refused and change nothing", async () => {
    const order = await orderOf([[raton, 1]]);
    expect(await changeOrderStatus(admin, order.id, "entregado")).toEqual({
      status: "illegal",
      from: "pendiente",
      to: "entregado",
    });
    expect(await changeOrderStatus(admin, order.id, "en_camino")).toMatchObject({ status: "illegal" });
    expect(await changeOrderStatus(admin, order.id, "pendiente")).toMatchObject({ status: "illegal" });
    expect(await statusOf(order.id)).toBe("pendiente");

    expect((await changeOrderStatus(admin, order.id, "cancelado")).status).toBe("changed");
    for (const target of ["pendiente", "en_preparacion", "entregado", "cancelado"] as const) {
      expect(await changeOrderStatus(admin, order.id, target)).toMatchObject({ status: "illegal", from: "cancelado" });
    }
    const refused = (await postStatus(order.id, { status: "en_preparacion" })) as unknown as DataResult;
    expect(refused.init.status).toBe(409);
    expect(refused.data.toast.description).toBe("El pedido está Cancelado y ya no puede cambiar de estado.");
    expect(await historyOf(order.id)).toHaveLength(2);
  });

  test("a change made on a stale page is refused with the reload message", async () => {
    const order = await orderOf([[raton, 1]]);
    expect((await changeOrderStatus(admin, order.id, "en_preparacion", "pendiente")).status).toBe("changed");
    const stale = (await postStatus(order.id, { status: "cancelado", from: "pendiente" })) as unknown as DataResult;
    expect(stale.init.status).toBe(409);
    expect(stale.data.toast).toMatchObject({ title: "Error", description: STALE_ORDER_MESSAGE });
    expect(await statusOf(order.id)).toBe("en_preparacion");
  });

  test("unknown orders and unknown statuses", async () => {
    expect(await changeOrderStatus(admin, 999_999, "cancelado")).toEqual({ status: "not-found" });
    const order = await orderOf([[raton, 1]]);
    const bogus = (await postStatus(order.id, { status: "enviado" })) as unknown as DataResult;
    expect(bogus.init.status).toBe(400);
    expect(await statusOf(order.id)).toBe("pendiente");
  });

  test("each change e-mails the shopper the new status with the order's link; no address, no e-mail", async () => {
    const order = await orderOf([[raton, 1]], { columns: { customerEmail: "rosa@example.pe" } });
    await changeOrderStatus(admin, order.id, "en_preparacion");
    const [mail] = await mailsSent(1);
    expect(mail).toMatchObject({ to: "rosa@example.pe", subject: `Tu pedido ${order.code}: En preparación` });
    expect(mail!.text).toContain(`/pedido/${order.code}?t=${order.accessToken}`);

    const silent = await orderOf([[raton, 1]]);
    await changeOrderStatus(admin, silent.id, "en_preparacion");
    await backgroundWorkSettled();
    expect(sentMails).toHaveLength(1);
  });
});

describe("cancelling", () => {
  test("each line's quantity goes back, once, with the success toast", async () => {
    const croquetasBefore = await stockOf(croquetas);
    const ratonBefore = await stockOf(raton);
    const order = await orderOf([
      [croquetas, 2],
      [raton, 3],
    ]);
    expect(await stockOf(croquetas)).toBe(croquetasBefore - 2);
    expect(await stockOf(raton)).toBe(ratonBefore - 3);

    const response = (await postStatus(order.id, { status: "cancelado", from: "pendiente" })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Set-Cookie")).toContain("patitas_toast=");
    expect(await stockOf(croquetas)).toBe(croquetasBefore);
    expect(await stockOf(raton)).toBe(ratonBefore);
    expect((await orderRow(order.id)).cancelReason).toBe("");

    const again = (await postStatus(order.id, { status: "cancelado", from: "pendiente" })) as unknown as DataResult;
    expect(again.init.status).toBe(409);
    expect(await stockOf(croquetas)).toBe(croquetasBefore);
    expect(await stockOf(raton)).toBe(ratonBefore);
  });

  test("two admins cancelling at once: the stock comes back once and one of them is refused", async () => {
    const before = await stockOf(croquetas);
    const order = await orderOf([[croquetas, 4]]);
    const results = await Promise.all([
      changeOrderStatus(admin, order.id, "cancelado"),
      changeOrderStatus(admin, order.id, "cancelado"),
    ]);
    expect(results.filter((result) => result.status === "changed")).toHaveLength(1);
    expect(results.filter((result) => result.status === "stale" || result.status === "illegal")).toHaveLength(1);
    expect(await stockOf(croquetas)).toBe(before);
    const cancellations = (await historyOf(order.id)).filter((change) => change.toStatus === "cancelado");
    expect(cancellations).toHaveLength(1);
  });

  test("a paid order is not cancelled without a reason; with one, its units come back once", async () => {
    const before = await stockOf(raton);
    const order = await orderOf([[raton, 2]], { columns: { customerEmail: "paga@example.pe" } });
    await markOrderPaid(admin, order.id, payment);
    await changeOrderStatus(admin, order.id, "en_preparacion");

    expect(await changeOrderStatus(admin, order.id, "cancelado", "en_preparacion")).toEqual({
      status: "reason-required",
    });
    expect(await changeOrderStatus(admin, order.id, "cancelado", "en_preparacion", { cancelReason: "   " })).toEqual({
      status: "reason-required",
    });
    const refused = (await postStatus(order.id, {
      status: "cancelado",
      from: "en_preparacion",
      cancelReason: "",
    })) as unknown as DataResult;
    expect(refused.init.status).toBe(400);
    expect(refused.data.errors).toEqual({ cancelReason: CANCEL_REASON_REQUIRED_MESSAGE });
    expect(refused.data.toast).toMatchObject({ title: "Error", description: CANCEL_REASON_REQUIRED_MESSAGE });
    const tooLong = (await postStatus(order.id, {
      status: "cancelado",
      from: "en_preparacion",
      cancelReason: "x".repeat(301),
    })) as unknown as DataResult;
    expect(tooLong.init.status).toBe(400);
    expect(tooLong.data.errors).toEqual({ cancelReason: CANCEL_REASON_TOO_LONG_MESSAGE });
    expect(tooLong.data.values.cancelReason).toBe("x".repeat(301));
    expect(await statusOf(order.id)).toBe("en_preparacion");
    expect(await stockOf(raton)).toBe(before - 2);

    const cancelled = (await postStatus(order.id, {
      status: "cancelado",
      from: "en_preparacion",
      cancelReason: "  Sin stock del sabor pedido; devolvimos el Yape.  ",
    })) as Response;
    expect(cancelled.status).toBe(302);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: "cancelado", cancelReason: "Sin stock del sabor pedido; devolvimos el Yape." });
    // The payment stays on record: the money went back outside the shop's system.
    expect(row.paidAt).not.toBeNull();
    expect(await stockOf(raton)).toBe(before);
    expect((await auditsOf(order.id)).at(-1)!.summary).toEqual({
      title: order.code,
      from: "En preparación",
      to: "Cancelado",
      cancelReason: "Sin stock del sabor pedido; devolvimos el Yape.",
    });
    const again = await changeOrderStatus(admin, order.id, "cancelado", undefined, { cancelReason: "otra vez" });
    expect(again).toMatchObject({ status: "illegal" });
    expect(await stockOf(raton)).toBe(before);
    const mails = await mailsSent(3);
    expect(mails.at(-1)!.text).toContain("Motivo: Sin stock del sabor pedido; devolvimos el Yape.");
  });

  test("cancelling without a reason while the payment is recorded: one of the two, consistently", async () => {
    for (let round = 0; round < 4; round++) {
      const before = await stockOf(croquetas);
      const order = await orderOf([[croquetas, 3]], { status: "en_preparacion" });
      const [cancel, paid] = await Promise.all([
        changeOrderStatus(admin, order.id, "cancelado", "en_preparacion"),
        markOrderPaid(admin, order.id, payment, "en_preparacion"),
      ]);
      const row = await orderRow(order.id);
      if (cancel.status === "changed") {
        expect(paid.status).toBe("cancelled");
        expect(row).toMatchObject({ status: "cancelado", paidAt: null });
        expect(await stockOf(croquetas)).toBe(before);
      } else {
        expect(cancel.status).toBe("reason-required");
        expect(paid.status).toBe("paid");
        expect(row.status).toBe("en_preparacion");
        expect(row.paidAt).not.toBeNull();
        expect(await stockOf(croquetas)).toBe(before - 3);
      }
    }
  });

  test("an unpaid order may be cancelled with a reason too, kept for the shopper", async () => {
    const order = await orderOf([[raton, 1]]);
    const result = await changeOrderStatus(admin, order.id, "cancelado", "pendiente", { cancelReason: "Pidió anular" });
    expect(result.status).toBe("changed");
    expect((await orderRow(order.id)).cancelReason).toBe("Pidió anular");
    expect((await getAdminOrder(order.id))!.cancelReason).toBe("Pidió anular");
  });
});

describe("the list", () => {
  const query = (search: string) => parseOrderListQuery(new URL(`http://localhost/admin/pedidos?${search}`));
  const codes = async (search: string) => (await listAdminOrders(query(search))).rows.map((row) => row.code);

  test("filters by status, Lima day (around midnight) and search", async () => {
    const lateEvening = await orderOf([[raton, 1]], {
      columns: { customerName: "Lucía Paredes", customerEmail: "lucia@example.pe" },
    });
    const justAfterMidnight = await orderOf([[raton, 1]], {
      columns: { customerName: "Jorge Díaz", customerPhone: "912 345 678" },
    });
    // 23:59 on 9 March in Lima is 04:59 UTC on the 10th; 00:00 on the 10th is 05:00 UTC.
    await setCreatedAt(lateEvening.id, "2020-03-10T04:59:00Z");
    await setCreatedAt(justAfterMidnight.id, "2020-03-10T05:00:00Z");
    await changeOrderStatus(admin, justAfterMidnight.id, "en_preparacion");

    expect(await codes("desde=2020-03-10&hasta=2020-03-10")).toEqual([justAfterMidnight.code]);
    expect(await codes("desde=2020-03-09&hasta=2020-03-09")).toEqual([lateEvening.code]);
    expect(await codes("desde=2020-03-09&hasta=2020-03-10")).toEqual([justAfterMidnight.code, lateEvening.code]);
    expect(await codes("hasta=2020-03-09")).toEqual([lateEvening.code]);
    expect(await codes("estado=en_preparacion&desde=2020-03-01&hasta=2020-03-31")).toEqual([justAfterMidnight.code]);
    expect(await codes("estado=pendiente&desde=2020-03-01&hasta=2020-03-31")).toEqual([lateEvening.code]);

    expect(await codes(`q=${lateEvening.code}`)).toEqual([lateEvening.code]);
    expect(await codes(`q=${lateEvening.code.toLowerCase()}`)).toEqual([lateEvening.code]);
    expect(await codes("q=lucia")).toEqual([lateEvening.code]);
    expect(await codes("q=LUCIA@EXAMPLE")).toEqual([lateEvening.code]);
    expect(await codes("q=912345678")).toEqual([justAfterMidnight.code]);
    expect(await codes("q=nadie-con-este-nombre")).toEqual([]);

    const [row] = (await listAdminOrders(query(`q=${lateEvening.code}`))).rows;
    expect(row).toMatchObject({ date: "09/03/2020 23:59", status: "pendiente", paymentMethodName: "Yape" });
  });

  test("filters by payment state and by delivery or pickup, and shows both", async () => {
    const day = "desde=2020-05-04&hasta=2020-05-04";
    const created = new Date("2020-05-04T15:00:00Z");
    const paidDelivery = await orderOf([[raton, 1]], {
      createdAt: created,
      columns: { fulfillment: "delivery", deliveryDistrict: "Miraflores" },
    });
    await markOrderPaid(admin, paidDelivery.id, payment);
    const receiptDelivery = await orderOf([[raton, 1]], {
      createdAt: created,
      columns: {
        fulfillment: "delivery",
        deliveryDistrict: "Lince",
        receiptUploadedAt: new Date(),
        receiptOperation: "1234",
      },
    });
    const unpaidPickup = await orderOf([[raton, 1]], { createdAt: created, columns: { fulfillment: "pickup" } });
    const cancelledPickup = await orderOf([[raton, 1]], { createdAt: created, columns: { fulfillment: "pickup" } });
    await changeOrderStatus(admin, cancelledPickup.id, "cancelado");
    const old = await orderOf([[raton, 1]], { createdAt: created });

    const sorted = async (search: string) => (await codes(`${day}&${search}`)).sort();
    expect(await sorted("pago=pagado")).toEqual([paidDelivery.code]);
    // What is owed: a receipt not yet confirmed is still unpaid; a cancelled order owes nothing.
    expect(await sorted("pago=sin-pagar")).toEqual([receiptDelivery.code, unpaidPickup.code, old.code].sort());
    expect(await sorted("pago=comprobante")).toEqual([receiptDelivery.code]);
    expect(await sorted("entrega=delivery")).toEqual([paidDelivery.code, receiptDelivery.code].sort());
    expect(await sorted("entrega=recojo")).toEqual([unpaidPickup.code, cancelledPickup.code].sort());
    expect(await sorted("entrega=recojo&pago=sin-pagar")).toEqual([unpaidPickup.code]);
    expect(await sorted("entrega=recojo&estado=cancelado")).toEqual([cancelledPickup.code]);
    // Paid through the online provider (issue 45): its own filter, and still among 'Pagados'.
    const paidOnline = await orderOf([[raton, 1]], { createdAt: created, columns: { fulfillment: "pickup" } });
    await markOrderPaid(admin, paidOnline.id, payment);
    await handle()
      .db.insert(onlinePayments)
      .values([
        {
          orderId: paidOnline.id,
          provider: "mercadopago",
          providerPaymentId: "7001",
          amountCents: 100,
          outcome: "paid",
        },
        // A late payment of a cancelled order does not make it 'Pagado en línea'.
        {
          orderId: cancelledPickup.id,
          provider: "mercadopago",
          providerPaymentId: "7002",
          amountCents: 100,
          outcome: "late",
        },
      ]);
    expect(await sorted("pago=en-linea")).toEqual([paidOnline.code]);
    expect(await sorted("pago=pagado")).toEqual([paidDelivery.code, paidOnline.code].sort());
    await handle().db.delete(onlinePayments);

    const rows = new Map((await listAdminOrders(query(day))).rows.map((row) => [row.code, row]));
    expect(rows.get(paidDelivery.code)).toMatchObject({
      paymentState: "pagado",
      fulfillment: "delivery",
      deliveryDistrict: "Miraflores",
    });
    expect(rows.get(receiptDelivery.code)).toMatchObject({ paymentState: "comprobante", deliveryDistrict: "Lince" });
    expect(rows.get(unpaidPickup.code)).toMatchObject({ paymentState: "sin-pagar", fulfillment: "pickup" });
    expect(rows.get(cancelledPickup.code)).toMatchObject({ paymentState: null });
    expect(rows.get(old.code)).toMatchObject({ paymentState: "sin-pagar", fulfillment: null });
  });

  test("pages of 25", async () => {
    while ((await listAdminOrders(query(""))).total < 26) await orderOf([[raton, 1]]);
    const first = await listAdminOrders(query(""));
    const second = await listAdminOrders(query("pagina=2"));
    expect(first.rows).toHaveLength(25);
    expect(first.pageCount).toBe(Math.ceil(first.total / 25));
    expect(second.rows.some((row) => first.rows.some((other) => other.code === row.code))).toBe(false);
  });

  test("the list's query string is read defensively", () => {
    expect(query("estado=otro&pago=quizas&entrega=dron&desde=2026-02-30&hasta=ayer&pagina=-3")).toEqual({
      status: null,
      payment: null,
      fulfillment: null,
      from: null,
      to: null,
      q: "",
      page: 1,
    });
    expect(query("desde=2026-05-10&hasta=2026-05-01")).toMatchObject({ from: "2026-05-01", to: "2026-05-10" });
    expect(query("estado=listo_recoger&pago=comprobante&entrega=recojo")).toMatchObject({
      status: "listo_recoger",
      payment: "comprobante",
      fulfillment: "recojo",
    });
  });
});

describe("the detail", () => {
  async function loadDetail(orderId: number) {
    const request = requestAs(adminCookie(), `/admin/pedidos/${orderId}`);
    const result = (await detailLoader({ request, params: { orderId: String(orderId) }, context: {} } as never)) as {
      order: NonNullable<Awaited<ReturnType<typeof getAdminOrder>>>;
    };
    return result.order;
  }

  test("a delivery with a factura: lines, fee, document, receipt and the WhatsApp links", async () => {
    const order = await orderOf([[raton, 2]], {
      status: "en_preparacion",
      columns: {
        customerName: "Carla Ramos",
        customerPhone: "999 888 777",
        customerEmail: "carla@example.pe",
        fulfillment: "delivery",
        deliveryDistrict: "San Isidro",
        customerAddress: "Av. Javier Prado 123, dpto. 401",
        deliveryReference: "Frente al parque",
        deliveryFeeCents: 800,
        comprobante: "factura",
        documentType: "ruc",
        documentNumber: "20100047218",
        businessName: "Mascotas del Sur S.A.C.",
        fiscalAddress: "Jr. Lampa 456, Lima",
        receiptImage: "receipts/abc.jpg",
        receiptOperation: "00012345",
        receiptUploadedAt: new Date("2026-03-02T15:30:00Z"),
      },
    });
    const detail = await loadDetail(order.id);
    const lineTotal = 2 * getUnitPriceCents(raton);
    expect(detail).toMatchObject({
      code: order.code,
      customerName: "Carla Ramos",
      subtotalCents: lineTotal,
      totalCents: lineTotal + 800,
      fulfillment: {
        kind: "delivery",
        district: "San Isidro",
        address: "Av. Javier Prado 123, dpto. 401",
        reference: "Frente al parque",
        feeCents: 800,
      },
      comprobante: {
        kind: "factura",
        documentType: "ruc",
        documentNumber: "20100047218",
        businessName: "Mascotas del Sur S.A.C.",
        fiscalAddress: "Jr. Lampa 456, Lima",
      },
      receipt: { imageUrl: `/pedido/${order.code}/comprobante`, operation: "00012345", date: "02/03/2026 10:30" },
      payment: null,
      paymentState: "comprobante",
    });
    expect(detail.lines).toEqual([
      expect.objectContaining({ title: raton.title, quantity: 2, lineTotalCents: lineTotal }),
    ]);
    expect(detail.paymentMethodNames[0]).toBe("Yape");

    const reply = new URL(detail.whatsappUrl!);
    expect(reply.origin + reply.pathname).toBe("https://wa.me/51999888777");
    expect(reply.searchParams.get("text")).toMatch(
      new RegExp(`^Hola Carla Ramos, te escribimos de .+ sobre tu pedido ${order.code}\\.$`),
    );
    const notice = new URL(detail.noticeUrl!);
    expect(notice.origin + notice.pathname).toBe("https://wa.me/51999888777");
    expect(notice.searchParams.get("text")).toMatch(
      new RegExp(
        `^Hola Carla Ramos, tu pedido ${order.code} de .+ está en preparación\\. Puedes verlo aquí: ` +
          `http://localhost:3000/pedido/${order.code}\\?t=${order.accessToken}$`,
      ),
    );
  });

  test("an old order without a link, paid for less than its total", async () => {
    const order = await orderOf([[raton, 1]], { columns: { accessToken: null, customerName: "" } });
    await markOrderPaid(admin, order.id, { methodName: "Plin", amountCents: order.totalCents - 500, operation: "77" });
    const detail = await loadDetail(order.id);
    expect(new URL(detail.noticeUrl!).searchParams.get("text")).toMatch(
      new RegExp(`^Hola, tu pedido ${order.code} de .+ está pagado: ya confirmamos tu pago\\.$`),
    );
    expect(detail.fulfillment).toBeNull();
    expect(detail.comprobante).toBeNull();
    expect(detail.payment).toMatchObject({
      amountCents: order.totalCents - 500,
      methodName: "Plin",
      operation: "77",
      paidBy: "admin",
    });
  });

  test("an unknown order goes back to the list with 'Pedido no encontrado.'", async () => {
    const request = requestAs(adminCookie(), "/admin/pedidos/999999");
    const thrown = await detailLoader({ request, params: { orderId: "999999" }, context: {} } as never).catch(
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/admin/pedidos");
  });
});
