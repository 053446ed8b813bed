// 'Marcar como pagado': the payment recorded apart from the status, the refusals, and the race
// with the automatic expiry of an overdue order (one of the two wins, consistently). PGlite,
// and PostgreSQL with TEST_DATABASE_URL; tests/postgres/order-expiry-race.test.ts forces the
// worst interleaving there.
import { and, asc, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, test, vi } from "vitest";

import { auditLog, orders, orderStatusChanges, products, shopSettings } from "~/db/schema";
import { backgroundWorkSettled } from "~/lib/background-work.server";
import { action as detailAction } from "~/routes/admin/orders/detail";
import { requestAs } from "~test/auth";
import { sentMails } from "~test/captured-mail";
import { insertTestOrder, type TestOrderInput } from "~test/orders";
import { seededShopWithAdmin } from "~test/seeded-shop";
import { setVariantValues } from "~test/variants";

import { CANCELLED_ORDER_PAYMENT_MESSAGE, ORDER_ALREADY_PAID_MESSAGE, STALE_ORDER_MESSAGE } from "./order-admin";
import { changeOrderStatus } from "./order-admin.server";
import { PAID_AMOUNT_POSITIVE_MESSAGE, PAYMENT_METHOD_REQUIRED_MESSAGE } from "./order-admin-forms";
import { expireUnpaidOrders } from "./order-expiry.server";
import { markOrderPaid } from "./order-payment-admin.server";

vi.mock("~/lib/mail.server", () => import("~test/captured-mail"));

const { handle, adminCookie, adminId } = seededShopWithAdmin();
const HOUR = 60 * 60 * 1000;
let admin: { id: string };
let productId: number;

beforeAll(async () => {
  const { db } = handle();
  admin = { id: adminId() };
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.title, "Ratón de Juguete con Catnip"));
  productId = product!.id;
  await setVariantValues(db, productId, { stock: 5000 });
  await db.update(shopSettings).set({ paymentHours: 24 });
});

beforeEach(() => {
  sentMails.length = 0;
});

function orderOf(quantity: number, options: Omit<TestOrderInput, "lines"> = {}) {
  return insertTestOrder(handle().db, { ...options, lines: [{ productId, quantity }] });
}

async function orderRow(orderId: number) {
  const [row] = await handle().db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

async function stock(): Promise<number> {
  const [row] = await handle().db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row!.stock;
}

async function changesOf(orderId: number) {
  return handle()
    .db.select()
    .from(orderStatusChanges)
    .where(eq(orderStatusChanges.orderId, orderId))
    .orderBy(asc(orderStatusChanges.id));
}

describe("markOrderPaid", () => {
  test("a pending order becomes Pagado with the payment stored, once, and the shopper is e-mailed", async () => {
    const order = await orderOf(2, { columns: { customerEmail: "ana@example.pe" } });
    const before = await stock();
    const result = await markOrderPaid(
      admin,
      order.id,
      { methodName: "Plin", amountCents: order.totalCents, operation: "OP-991" },
      "pendiente",
    );
    expect(result).toEqual({ status: "paid", code: order.code, isStatusChanged: true });
    const row = await orderRow(order.id);
    expect(row).toMatchObject({
      status: "pagado",
      paidAmountCents: order.totalCents,
      paidMethodName: "Plin",
      paidOperation: "OP-991",
      paidByUserId: admin.id,
    });
    expect(Math.abs(row.paidAt!.getTime() - Date.now())).toBeLessThan(60_000);
    // The units stay taken: the order goes ahead.
    expect(await stock()).toBe(before);
    expect((await changesOf(order.id)).map((change) => [change.fromStatus, change.toStatus])).toEqual([
      [null, "pendiente"],
      ["pendiente", "pagado"],
    ]);
    const audits = await handle()
      .db.select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, "order"), eq(auditLog.entityId, String(order.id)), eq(auditLog.action, "payment")),
      );
    expect(audits.map((entry) => [entry.userId, entry.summary])).toEqual([
      [
        admin.id,
        { title: order.code, paidAmountCents: order.totalCents, paidMethodName: "Plin", paidOperation: "OP-991" },
      ],
    ]);
    await vi.waitFor(() => expect(sentMails).toHaveLength(1));
    expect(sentMails[0]).toMatchObject({ to: "ana@example.pe", subject: `Tu pedido ${order.code}: Pagado` });

    expect(await markOrderPaid(admin, order.id, { methodName: "Yape", amountCents: 1, operation: "" })).toEqual({
      status: "already-paid",
    });
    expect((await orderRow(order.id)).paidMethodName).toBe("Plin");
  });

  test("an order already on its way records the payment and keeps its status", async () => {
    for (const status of ["en_preparacion", "en_camino", "listo_recoger", "entregado"] as const) {
      const order = await orderOf(1, { status });
      const result = await markOrderPaid(
        admin,
        order.id,
        { methodName: "Efectivo", amountCents: 999, operation: "" },
        status,
      );
      expect(result).toEqual({ status: "paid", code: order.code, isStatusChanged: false });
      expect(await orderRow(order.id)).toMatchObject({ status, paidAmountCents: 999, paidMethodName: "Efectivo" });
      expect(await changesOf(order.id)).toHaveLength(1);
    }
    // The status the shopper was told has not changed: no e-mail.
    await backgroundWorkSettled();
    expect(sentMails).toHaveLength(0);
  });

  test("refused for a cancelled order, an unknown one and a stale page", async () => {
    const cancelled = await orderOf(1);
    await changeOrderStatus(admin, cancelled.id, "cancelado");
    expect(await markOrderPaid(admin, cancelled.id, { methodName: "Yape", amountCents: 100, operation: "" })).toEqual({
      status: "cancelled",
    });
    expect((await orderRow(cancelled.id)).paidAt).toBeNull();
    expect(await markOrderPaid(admin, 999_999, { methodName: "Yape", amountCents: 100, operation: "" })).toEqual({
      status: "not-found",
    });
    const moved = await orderOf(1);
    await changeOrderStatus(admin, moved.id, "en_preparacion");
    expect(
      await markOrderPaid(admin, moved.id, { methodName: "Yape", amountCents: 100, operation: "" }, "pendiente"),
    ).toEqual({ status: "stale" });
    expect((await orderRow(moved.id)).paidAt).toBeNull();
  });

  test("two admins marking it paid at once: one payment", async () => {
    const order = await orderOf(1);
    const results = await Promise.all([
      markOrderPaid(admin, order.id, { methodName: "Yape", amountCents: 100, operation: "A" }),
      markOrderPaid(admin, order.id, { methodName: "Plin", amountCents: 200, operation: "B" }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(["already-paid", "paid"]);
    expect((await changesOf(order.id)).filter((change) => change.toStatus === "pagado")).toHaveLength(1);
  });
});

/** `run` at once, or after the expiry has had a turn. */
function startingAfter<T>(isLate: boolean, run: () => Promise<T>): Promise<T> {
  return isLate ? new Promise((resolve) => setTimeout(resolve, 1)).then(run) : run();
}

describe("racing the expiry of unpaid orders", () => {
  test(
    "marked paid while the expiry runs: each order either paid (units kept) or expired (units back once, no payment)",
    { timeout: 60_000 },
    async () => {
      const ids: number[] = [];
      for (let n = 0; n < 10; n++) ids.push((await orderOf(2, { createdAt: new Date(Date.now() - 30 * HOUR) })).id);
      const before = await stock();

      const [expired, ...payments] = await Promise.all([
        expireUnpaidOrders(handle().db),
        // Half of them at once, half once the expiry is under way: some come first, some after.
        ...ids.map((id, index) =>
          startingAfter(index % 2 === 1, () =>
            markOrderPaid(admin, id, { methodName: "Yape", amountCents: 500, operation: "" }, "pendiente"),
          ),
        ),
      ]);

      let cancelled = 0;
      for (const [index, id] of ids.entries()) {
        const row = await orderRow(id);
        const outOfPending = (await changesOf(id)).filter((change) => change.fromStatus === "pendiente");
        expect(outOfPending).toHaveLength(1);
        if (row.status === "cancelado") {
          cancelled += 1;
          expect(payments[index]).toEqual({ status: "cancelled" });
          expect(row.paidAt).toBeNull();
          expect(outOfPending[0]).toMatchObject({ toStatus: "cancelado", isAutomatic: true });
        } else {
          expect(row.status).toBe("pagado");
          expect(payments[index]).toMatchObject({ status: "paid", isStatusChanged: true });
          expect(row.paidAmountCents).toBe(500);
          expect(outOfPending[0]).toMatchObject({ toStatus: "pagado", isAutomatic: false });
        }
      }
      expect(cancelled).toBe(expired);
      expect(await stock()).toBe(before + 2 * cancelled);
    },
  );

  test("the expiry tells the shopper the order lapsed", async () => {
    const order = await orderOf(1, {
      createdAt: new Date(Date.now() - 30 * HOUR),
      columns: { customerEmail: "lapso@example.pe" },
    });
    expect(await expireUnpaidOrders(handle().db)).toBeGreaterThanOrEqual(1);
    await vi.waitFor(() => expect(sentMails.some((mail) => mail.to === "lapso@example.pe")).toBe(true));
    const mail = sentMails.find((sent) => sent.to === "lapso@example.pe")!;
    expect(mail.subject).toBe(`Tu pedido ${order.code}: Pedido vencido por falta de pago`);
  });
});

describe("the detail's 'Marcar como pagado' form", () => {
  function postPaid(orderId: number, fields: Record<string, string>) {
    const request = requestAs(adminCookie(), `/admin/pedidos/${orderId}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "paid", ...fields }),
    });
    return detailAction({ request, params: { orderId: String(orderId) }, context: {} } as never);
  }
  type Refused = {
    data: { errors: Record<string, string>; values: Record<string, string>; toast: { description: string } };
    init: { status: number };
  };

  test("Spanish messages beside the fields, nothing typed lost; then paid, then refused as already paid", async () => {
    const order = await orderOf(1);
    const refused = (await postPaid(order.id, {
      from: "pendiente",
      paidMethodName: "  ",
      paidAmount: "0",
      paidOperation: "x".repeat(41),
    })) as unknown as Refused;
    expect(refused.init.status).toBe(400);
    expect(refused.data.errors).toEqual({
      paidMethodName: PAYMENT_METHOD_REQUIRED_MESSAGE,
      paidAmount: PAID_AMOUNT_POSITIVE_MESSAGE,
      paidOperation: "El número de operación admite hasta 40 caracteres.",
    });
    expect(refused.data.values).toMatchObject({ paidAmount: "0", paidOperation: "x".repeat(41) });
    const badAmount = (await postPaid(order.id, { paidMethodName: "Yape", paidAmount: "doce" })) as unknown as Refused;
    expect(badAmount.data.errors.paidAmount).toBe(
      "Escribe el precio en soles, con hasta dos decimales (por ejemplo 12.50).",
    );
    expect((await orderRow(order.id)).paidAt).toBeNull();

    const paid = (await postPaid(order.id, {
      from: "pendiente",
      paidMethodName: "Yape",
      paidAmount: "12,50",
      paidOperation: " 556677 ",
    })) as Response;
    expect(paid.status).toBe(302);
    expect(paid.headers.get("Location")).toBe(`/admin/pedidos/${order.id}`);
    expect(await orderRow(order.id)).toMatchObject({
      status: "pagado",
      paidAmountCents: 1250,
      paidMethodName: "Yape",
      paidOperation: "556677",
    });

    const again = (await postPaid(order.id, {
      from: "pagado",
      paidMethodName: "Yape",
      paidAmount: "1",
    })) as unknown as Refused;
    expect(again.init.status).toBe(409);
    expect(again.data.toast.description).toBe(ORDER_ALREADY_PAID_MESSAGE);
  });

  test("a cancelled order and a stale page are refused", async () => {
    const order = await orderOf(1);
    const stale = (await postPaid(order.id, {
      from: "en_camino",
      paidMethodName: "Yape",
      paidAmount: "5",
    })) as unknown as Refused;
    expect(stale.init.status).toBe(409);
    expect(stale.data.toast.description).toBe(STALE_ORDER_MESSAGE);
    await changeOrderStatus(admin, order.id, "cancelado");
    const cancelled = (await postPaid(order.id, { paidMethodName: "Yape", paidAmount: "5" })) as unknown as Refused;
    expect(cancelled.init.status).toBe(409);
    expect(cancelled.data.toast.description).toBe(CANCELLED_ORDER_PAYMENT_MESSAGE);
  });
});
