import { eq, sql } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";

import { orders, products } from "~/db/schema";
import { addCartLine, ensureCart } from "~/domain/cart/cart.server";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { placeOrder } from "~/domain/orders/order.server";
import { setUpTestDatabase } from "~test/test-database";
import { setVariantValues } from "~test/variants";

// Runs only on PostgreSQL (see vitest.config.ts): PGlite runs one transaction at a
// time, so only PostgreSQL can interleave two of them. The stock check passes, another
// transaction takes the last unit, and the conditional update refuses the order.
const { handle } = setUpTestDatabase();
let raton: { id: number; title: string };

beforeAll(async () => {
  await seedDemoShop(handle().db);
  const [row] = await handle().db.select().from(products).where(eq(products.title, "Ratón de Juguete con Catnip"));
  raton = { id: row!.id, title: row!.title };
});

async function countOrders(): Promise<number> {
  return (await handle().db.select().from(orders)).length;
}

test("a unit taken after the check but before the update refuses the order and changes nothing", async () => {
  const { db } = handle();
  const { cartId } = await ensureCart(new Request("http://localhost:3000/carrito"), null);
  expect((await addCartLine(cartId, { productId: raton.id, quantity: 1 })).status).toBe("added");
  await setVariantValues(db, raton.id, { stock: 1 });
  const ordersBefore = await countOrders();

  let pending: ReturnType<typeof placeOrder> | undefined;
  await db.transaction(async (other) => {
    await other.select().from(products).where(eq(products.id, raton.id)).for("update");
    pending = placeOrder({
      cartId,
      userId: null,
      paymentMethodId: "yape",
      customerName: "Ana Torres",
      customerPhone: "987 654 321",
    });
    // Wait until the order's transaction is blocked on the product's row lock.
    for (let attempt = 0; attempt < 100; attempt++) {
      const waiting = (await db.execute(
        sql`select count(*)::integer as n from pg_locks where not granted`,
      )) as unknown as {
        rows: { n: number }[];
      };
      if (waiting.rows[0]!.n > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await setVariantValues(other, raton.id, { stock: 0 });
  });

  expect(await pending).toEqual({
    status: "insufficient-stock",
    problems: [{ productId: raton.id, title: raton.title, requested: 1, available: 0 }],
  });
  expect(await countOrders()).toBe(ordersBefore);
  const [after] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, raton.id));
  expect(after!.stock).toBe(0);
});

test("two checkouts of one cart at once (two tabs, a double post) place one order and reserve the units once", async () => {
  const { db } = handle();
  const { cartId } = await ensureCart(new Request("http://localhost:3000/carrito"), null);
  await setVariantValues(db, raton.id, { stock: 50 });
  expect((await addCartLine(cartId, { productId: raton.id, quantity: 3 })).status).toBe("added");
  const ordersBefore = await countOrders();
  const checkout = () =>
    placeOrder({
      cartId,
      userId: null,
      paymentMethodId: "yape",
      customerName: "Ana Torres",
      customerPhone: "987 654 321",
    });

  let outcomes: Awaited<ReturnType<typeof placeOrder>>[] = [];
  await db.transaction(async (other) => {
    // Both checkouts start while the product is locked, so that neither can finish first.
    await other.select().from(products).where(eq(products.id, raton.id)).for("update");
    const pending = Promise.all([checkout(), checkout()]);
    for (let attempt = 0; attempt < 100; attempt++) {
      const waiting = (await db.execute(
        sql`select count(*)::integer as n from pg_locks where not granted`,
      )) as unknown as {
        rows: { n: number }[];
      };
      if (waiting.rows[0]!.n >= 2) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Released when this transaction ends.
    void pending.then((done) => (outcomes = done));
    pending.catch(() => {});
  });
  for (let attempt = 0; attempt < 100 && outcomes.length === 0; attempt++)
    await new Promise((resolve) => setTimeout(resolve, 50));

  expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["empty-cart", "placed"]);
  expect(await countOrders()).toBe(ordersBefore + 1);
  const [after] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, raton.id));
  expect(after!.stock).toBe(47);
});
