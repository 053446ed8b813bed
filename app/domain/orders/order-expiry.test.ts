// Unpaid orders give their units back when the owner's 'Horas para pagar' run out: the
// owner's own cancellation, done by the shop, exactly once even when the owner acts on the
// same order at the same moment. PGlite and PostgreSQL (TEST_DATABASE_URL), where the
// concurrent changes below really interleave; tests/postgres/order-expiry-race.test.ts
// holds the order's row to force the worst interleaving.
import { and, asc, eq, inArray } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, test } from "vitest";

import { auditLog, orders, orderStatusChanges, products, shopSettings, users } from "~/db/schema";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { signUpCustomer } from "~test/auth";
import { insertTestOrder } from "~test/orders";
import { setUpTestDatabase } from "~test/test-database";
import { setVariantValues } from "~test/variants";

import { changeOrderStatus, getAdminOrder } from "./order-admin.server";
import { expireUnpaidOrders } from "./order-expiry.server";

const { handle } = setUpTestDatabase();
const HOUR = 60 * 60 * 1000;
let admin: { id: string };
let productId: number;

beforeAll(async () => {
  const { db } = handle();
  await seedDemoShop(db);
  await signUpCustomer("duena-expiry@example.pe");
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, "duena-expiry@example.pe"));
  admin = user!;
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.title, "Ratón de Juguete con Catnip"));
  productId = product!.id;
});

beforeEach(async () => {
  // Each test counts its own orders: the earlier tests' pending ones are settled.
  await handle().db.update(orders).set({ status: "entregado" }).where(eq(orders.status, "pendiente"));
  await handle().db.update(shopSettings).set({ paymentHours: 48 });
  await setVariantValues(handle().db, productId, { stock: 1000 });
});

/** An order of `quantity` units placed `hoursAgo` hours ago. */
async function orderPlaced(hoursAgo: number, quantity = 2): Promise<number> {
  const order = await insertTestOrder(handle().db, {
    lines: [{ productId, quantity }],
    createdAt: new Date(Date.now() - hoursAgo * HOUR),
    columns: { customerName: "Cliente que no paga" },
  });
  return order.id;
}

async function stock(): Promise<number> {
  const [row] = await handle().db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row!.stock;
}

async function statusOf(orderId: number) {
  const [row] = await handle().db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return row!.status;
}

async function changesOf(orderIds: number[]) {
  return handle()
    .db.select()
    .from(orderStatusChanges)
    .where(inArray(orderStatusChanges.orderId, orderIds))
    .orderBy(asc(orderStatusChanges.id));
}

describe("unpaid orders expire", () => {
  test("a pending order past 'Horas para pagar' is cancelled once, its units back, recorded as automatic", async () => {
    const overdue = await orderPlaced(49, 3);
    const recent = await orderPlaced(47);
    const confirmed = await orderPlaced(49);
    await changeOrderStatus(admin, confirmed, "en_preparacion");
    const before = await stock();

    expect(await expireUnpaidOrders(handle().db)).toBe(1);

    expect([await statusOf(overdue), await statusOf(recent), await statusOf(confirmed)]).toEqual([
      "cancelado",
      "pendiente",
      "en_preparacion",
    ]);
    expect(await stock()).toBe(before + 3);
    const [, cancellation] = await changesOf([overdue]);
    expect(cancellation).toMatchObject({
      fromStatus: "pendiente",
      toStatus: "cancelado",
      changedByUserId: null,
      isAutomatic: true,
    });
    const [audit] = await handle()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "order"), eq(auditLog.entityId, String(overdue))));
    const code = (await getAdminOrder(overdue))!.code;
    expect(audit).toMatchObject({
      userId: null,
      action: "expire",
      summary: { title: code, from: "Pendiente de pago", to: "Cancelado" },
    });
    // The owner's screen tells it apart from a person's change.
    expect((await getAdminOrder(overdue))!.history.at(-1)).toMatchObject({ isAutomatic: true, changedBy: null });

    // Run again: nothing more to cancel, nothing more given back.
    expect(await expireUnpaidOrders(handle().db)).toBe(0);
    expect(await stock()).toBe(before + 3);
  });

  test("the owner's hours decide", async () => {
    const order = await orderPlaced(2);
    expect(await expireUnpaidOrders(handle().db)).toBe(0);
    await handle().db.update(shopSettings).set({ paymentHours: 1 });
    expect(await expireUnpaidOrders(handle().db)).toBe(1);
    expect(await statusOf(order)).toBe("cancelado");
  });

  test(
    "the owner confirming or cancelling at the same moment: each order changes once, stock back at most once",
    { timeout: 60_000 },
    async () => {
      const ids = await Promise.all(Array.from({ length: 10 }, () => orderPlaced(50)));
      const before = await stock();

      const [expired, ...owner] = await Promise.all([
        expireUnpaidOrders(handle().db),
        ...ids.map((id, index) =>
          changeOrderStatus(admin, id, index % 2 === 0 ? "en_preparacion" : "cancelado", "pendiente"),
        ),
      ]);

      const changes = (await changesOf(ids)).filter((change) => change.fromStatus === "pendiente");
      // One change out of 'Pendiente' per order, by whoever got there first.
      expect(changes.map((change) => change.orderId).sort()).toEqual([...ids].sort());
      expect(changes.filter((change) => change.isAutomatic)).toHaveLength(expired as number);
      const ownerChanged = owner.filter((result) => typeof result === "object" && result.status === "changed").length;
      expect(ownerChanged + (expired as number)).toBe(10);
      // Every cancelled order gave its 2 units back once; the confirmed ones keep theirs.
      const statuses = await Promise.all(ids.map(statusOf));
      const cancelled = statuses.filter((status) => status === "cancelado").length;
      expect(cancelled + statuses.filter((status) => status === "en_preparacion").length).toBe(10);
      expect(await stock()).toBe(before + 2 * cancelled);
    },
  );

  test("two instances expiring at once give the stock back once", { timeout: 60_000 }, async () => {
    const ids = await Promise.all(Array.from({ length: 8 }, () => orderPlaced(60)));
    const before = await stock();
    const [first, second] = await Promise.all([expireUnpaidOrders(handle().db), expireUnpaidOrders(handle().db)]);
    expect(first + second).toBe(8);
    expect(await stock()).toBe(before + 16);
    expect((await changesOf(ids)).filter((change) => change.toStatus === "cancelado")).toHaveLength(8);
  });
});
