import { eq, sql } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";

import { orders, orderStatusChanges, products, users } from "~/db/schema";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { applyStatusChange } from "~/domain/orders/order-admin.server";
import { expireUnpaidOrders } from "~/domain/orders/order-expiry.server";
import { markOrderPaid } from "~/domain/orders/order-payment-admin.server";
import { signUpCustomer } from "~test/auth";
import { insertTestOrder } from "~test/orders";
import { setUpTestDatabase } from "~test/test-database";
import { setVariantValues } from "~test/variants";

// Runs only on PostgreSQL (see vitest.config.ts): the owner's change to an overdue order (a
// status, or 'Marcar como pagado') is under way (its row locked, not yet committed) when the
// expiry reaches the same order. The expiry waits for it and then finds the order no longer
// 'Pendiente de pago': it changes nothing, and the units go back at most once. The other way
// round, a payment waiting for the expiry finds the order cancelled and records nothing.
const { handle } = setUpTestDatabase();
let admin: { id: string };
let productId: number;

beforeAll(async () => {
  const { db } = handle();
  await seedDemoShop(db);
  await signUpCustomer("duena-carrera@example.pe");
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, "duena-carrera@example.pe"));
  admin = user!;
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.title, "Ratón de Juguete con Catnip"));
  productId = product!.id;
  await setVariantValues(db, productId, { stock: 1000 });
});

async function overdueOrder(): Promise<{ id: number; code: string }> {
  return insertTestOrder(handle().db, {
    lines: [{ productId, quantity: 2 }],
    createdAt: new Date(Date.now() - 72 * 60 * 60 * 1000),
  });
}

async function stock(): Promise<number> {
  const [row] = await handle().db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row!.stock;
}

async function orderRow(orderId: number) {
  const [row] = await handle().db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

async function waitUntilBlocked(): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const waiting = (await handle().db.execute(
      sql`select count(*)::integer as n from pg_locks where not granted`,
    )) as unknown as {
      rows: { n: number }[];
    };
    if (waiting.rows[0]!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the expiry never waited for the owner's change");
}

const payment = { methodName: "Yape", amountCents: 1500, operation: "OP-1" };

test.each(["en_preparacion", "cancelado", "pagado"] as const)(
  "the owner's change to '%s' commits while the expiry waits: the order changes once",
  async (to) => {
    const { db } = handle();
    const order = await overdueOrder();
    const before = await stock();

    let expiry: Promise<number> | undefined;
    await db.transaction(async (owner) => {
      expect(
        await applyStatusChange(owner, {
          orderId: order.id,
          code: order.code,
          from: "pendiente",
          to,
          byUserId: admin.id,
          // 'Marcar como pagado' writes the payment with the status.
          ...(to === "pagado" ? { payment } : {}),
        }),
      ).toBe(true);
      expiry = expireUnpaidOrders(db);
      await waitUntilBlocked();
    });

    expect(await expiry).toBe(0);
    const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe(to);
    const changes = await db.select().from(orderStatusChanges).where(eq(orderStatusChanges.orderId, order.id));
    expect(changes.filter((change) => change.fromStatus === "pendiente")).toHaveLength(1);
    expect(changes.some((change) => change.isAutomatic)).toBe(false);
    expect(await stock()).toBe(to === "cancelado" ? before + 2 : before);
    if (to === "pagado")
      expect(await orderRow(order.id)).toMatchObject({ paidAmountCents: 1500, paidOperation: "OP-1" });
  },
);

test("the expiry commits while 'Marcar como pagado' waits: cancelled, units back once, no payment", async () => {
  const { db } = handle();
  const order = await overdueOrder();
  const before = await stock();

  let paying: ReturnType<typeof markOrderPaid> | undefined;
  await db.transaction(async (expiry) => {
    expect(
      await applyStatusChange(expiry, {
        orderId: order.id,
        code: order.code,
        from: "pendiente",
        to: "cancelado",
        byUserId: null,
        placedBefore: new Date(),
      }),
    ).toBe(true);
    paying = markOrderPaid(admin, order.id, payment, "pendiente");
    await waitUntilBlocked();
  });

  expect(await paying).toEqual({ status: "cancelled" });
  const row = await orderRow(order.id);
  expect(row).toMatchObject({ status: "cancelado", paidAt: null, paidAmountCents: null });
  const changes = await db.select().from(orderStatusChanges).where(eq(orderStatusChanges.orderId, order.id));
  expect(changes.map((change) => [change.fromStatus, change.toStatus, change.isAutomatic])).toEqual([
    [null, "pendiente", false],
    ["pendiente", "cancelado", true],
  ]);
  expect(await stock()).toBe(before + 2);
});

test("many overdue orders marked paid while the expiry runs: each paid or expired, never both", async () => {
  const { db } = handle();
  const ids: number[] = [];
  for (let n = 0; n < 12; n++) ids.push((await overdueOrder()).id);
  const before = await stock();
  const [expired, ...payments] = await Promise.all([
    expireUnpaidOrders(db),
    // Staggered over the expiry's run, so that some payments come first and some after.
    ...ids.map((id, index) =>
      new Promise((resolve) => setTimeout(resolve, index * 3)).then(() =>
        markOrderPaid(admin, id, payment, "pendiente"),
      ),
    ),
  ]);
  const rows = await Promise.all(ids.map(orderRow));
  for (const [index, row] of rows.entries()) {
    if (row.status === "cancelado") {
      expect(row.paidAt).toBeNull();
      expect(payments[index]).toEqual({ status: "cancelled" });
    } else {
      expect(row).toMatchObject({ status: "pagado", paidAmountCents: 1500 });
      expect(payments[index]).toMatchObject({ status: "paid" });
    }
  }
  const cancelled = rows.filter((row) => row.status === "cancelado").length;
  expect(cancelled).toBe(expired);
  expect(await stock()).toBe(before + 2 * cancelled);
});

test("the owner's change is rolled back while the expiry waits: the expiry cancels it, once", async () => {
  const { db } = handle();
  const order = await overdueOrder();
  const before = await stock();

  let expiry: Promise<number> | undefined;
  await db
    .transaction(async (owner) => {
      await applyStatusChange(owner, {
        orderId: order.id,
        code: order.code,
        from: "pendiente",
        to: "en_preparacion",
        byUserId: admin.id,
      });
      expiry = expireUnpaidOrders(db);
      await waitUntilBlocked();
      throw new Error("the owner's request failed");
    })
    .catch(() => {});

  expect(await expiry).toBe(1);
  const changes = await db.select().from(orderStatusChanges).where(eq(orderStatusChanges.orderId, order.id));
  expect(changes.map((change) => [change.fromStatus, change.toStatus, change.isAutomatic])).toEqual([
    [null, "pendiente", false],
    ["pendiente", "cancelado", true],
  ]);
  expect(await stock()).toBe(before + 2);
});
