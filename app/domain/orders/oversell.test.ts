// Issue 7, Reliability 1: no oversell. 100 shoppers place an order at the same moment for
// a product with 10 units: exactly 10 orders, the stock ends at 0 and is never negative.
// Runs on in-memory PGlite in `npm test` and again on PostgreSQL when TEST_DATABASE_URL
// is set (vitest.config.ts), where the pool's 10 connections really interleave.
import { eq, inArray, sql } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";

import { orderLines, orders, products } from "~/db/schema";
import { addCartLine, ensureCart } from "~/domain/cart/cart.server";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { setUpTestDatabase } from "~test/test-database";
import { setVariantValues } from "~test/variants";

import { placeOrder } from "./order.server";

const { handle } = setUpTestDatabase();
let productId: number;

beforeAll(async () => {
  await seedDemoShop(handle().db);
  const [product] = await handle()
    .db.select({ id: products.id })
    .from(products)
    .where(eq(products.isArchived, false))
    .limit(1);
  productId = product!.id;
});

/** `count` carts, each holding `quantity(i)` units of the product (stock is set afterwards). */
async function fillCarts(count: number, quantity: (index: number) => number): Promise<string[]> {
  await setVariantValues(handle().db, productId, { stock: 1000 });
  const carts: string[] = [];
  for (let index = 0; index < count; index++) {
    const { cartId } = await ensureCart(new Request("http://localhost:3000/carrito"), null);
    const added = await addCartLine(cartId, { productId, quantity: quantity(index) });
    expect(added.status).toBe("added");
    carts.push(cartId);
  }
  return carts;
}

function placeAll(carts: string[]) {
  return Promise.all(
    carts.map((cartId, index) =>
      placeOrder({
        cartId,
        userId: null,
        paymentMethodId: "yape",
        customerName: `Cliente ${index}`,
        // 100 different shoppers: each their own phone.
        customerPhone: `987 654 ${String(index).padStart(3, "0")}`,
      }),
    ),
  );
}

async function stockOf(): Promise<number> {
  const [row] = await handle().db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row!.stock;
}

test(
  "100 concurrent orders for a product with 10 units: exactly 10 orders, stock 0",
  { timeout: 120_000 },
  async () => {
    const carts = await fillCarts(100, () => 1);
    await setVariantValues(handle().db, productId, { stock: 10 });
    const [{ before }] = (await handle()
      .db.select({ before: sql<number>`count(*)::int` })
      .from(orders)) as [{ before: number }];

    const results = await placeAll(carts);

    const placed = results.filter((result) => result.status === "placed");
    expect(placed).toHaveLength(10);
    // Everyone else is told, in the cart's terms, that the stock ran out; nothing else went wrong.
    for (const result of results.filter((candidate) => candidate.status !== "placed")) {
      expect(result).toMatchObject({
        status: "insufficient-stock",
        problems: [{ productId, requested: 1, available: 0 }],
      });
    }
    expect(await stockOf()).toBe(0);
    const [{ after }] = (await handle()
      .db.select({ after: sql<number>`count(*)::int` })
      .from(orders)) as [{ after: number }];
    expect(after - before).toBe(10);
    // Each placed order holds its one unit; distinct codes.
    const ids = placed.map((result) => (result.status === "placed" ? result.orderId : 0));
    const lines = await handle().db.select().from(orderLines).where(inArray(orderLines.orderId, ids));
    expect(lines.map((line) => line.quantity)).toEqual(Array(10).fill(1));
    expect(new Set(placed.map((result) => (result.status === "placed" ? result.code : ""))).size).toBe(10);
  },
);

test("orders of 1 to 3 units racing for 10 units never take more than there is", { timeout: 120_000 }, async () => {
  const carts = await fillCarts(40, (index) => (index % 3) + 1);
  await setVariantValues(handle().db, productId, { stock: 10 });

  const results = await placeAll(carts);

  const taken = results.reduce((sum, result, index) => sum + (result.status === "placed" ? (index % 3) + 1 : 0), 0);
  expect(taken).toBeLessThanOrEqual(10);
  expect(await stockOf()).toBe(10 - taken);
  expect(await stockOf()).toBeGreaterThanOrEqual(0);
  // Once the last units are gone, nobody who wanted more than what is left got an order.
  expect(10 - taken).toBeLessThan(3);
});
