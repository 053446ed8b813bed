import { eq, sql } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";

import { orders, orderStatusChanges, products, users } from "~/db/schema";
import { seedDemoShop } from "~/db/seed/seed.server";
import { addCartLine, ensureCart } from "~/domain/cart/cart.server";
import { placeOrder } from "~/domain/orders/order.server";
import { applyStatusChange } from "~/domain/orders/order-admin.server";
import { expireUnpaidOrders } from "~/domain/orders/order-expiry.server";
import { signUpCustomer } from "~test/auth";
import { setUpTestDatabase } from "~test/test-database";

// Runs only on PostgreSQL (see vitest.config.ts): the owner's change to an overdue order is
// under way (its row locked, not yet committed) when the expiry reaches the same order. The
// expiry waits for it and then finds the order no longer 'Pendiente': it changes nothing,
// and the units go back at most once.
const { handle } = setUpTestDatabase();
let admin: { id: string };
let productId: number;
let phoneCounter = 0;

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
});

async function overdueOrder(): Promise<{ id: number; code: string }> {
  const { cartId } = await ensureCart(new Request("http://localhost:3000/carrito"), null);
  expect((await addCartLine(cartId, { productId, quantity: 2 })).status).toBe("added");
  phoneCounter += 1;
  const placed = await placeOrder({
    cartId,
    userId: null,
    paymentMethodId: "yape",
    customerName: "Ana Torres",
    customerPhone: `922 ${String(phoneCounter).padStart(6, "0")}`,
  });
  if (placed.status !== "placed") throw new Error(`not placed: ${placed.status}`);
  await handle()
    .db.update(orders)
    .set({ createdAt: new Date(Date.now() - 72 * 60 * 60 * 1000) })
    .where(eq(orders.id, placed.orderId));
  return { id: placed.orderId, code: placed.code };
}

async function stock(): Promise<number> {
  const [row] = await handle().db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row!.stock;
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

test.each(["en_proceso", "cancelado"] as const)(
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
  },
);

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
        to: "en_proceso",
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
