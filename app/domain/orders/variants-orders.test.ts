// Issue 23's guarantees for orders of presentaciones, with real concurrent requests: on
// in-memory PGlite in `npm test`, and on PostgreSQL when TEST_DATABASE_URL is set
// (vitest.config.ts), where the pool's connections really interleave.
import { eq, inArray } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";

import { orderLines, orders, products, productVariants } from "~/db/schema";
import { addCartLine, ensureCart } from "~/domain/cart/cart.server";
import { messageOf } from "~test/order-message";
import { seededShopWithAdmin } from "~test/seeded-shop";

import { placeOrder } from "./order.server";
import { changeOrderStatus, getAdminOrder } from "./order-admin.server";

const { handle, adminId } = seededShopWithAdmin();
let food: { id: number; small: number; large: number };

beforeAll(async () => {
  const [product] = await handle()
    .db.select({ id: products.id })
    .from(products)
    .where(eq(products.title, "Alimento Pro Plan Cachorro Razas Pequeñas"));
  const sizes = await handle()
    .db.select({ id: productVariants.id })
    .from(productVariants)
    .where(eq(productVariants.productId, product!.id))
    .orderBy(productVariants.sortOrder);
  food = { id: product!.id, small: sizes[0]!.id, large: sizes[1]!.id };
});

async function stocks(): Promise<Record<number, number>> {
  const rows = await handle()
    .db.select({ id: productVariants.id, stock: productVariants.stock })
    .from(productVariants)
    .where(inArray(productVariants.id, [food.small, food.large]));
  return Object.fromEntries(rows.map((row) => [row.id, row.stock]));
}

async function setStock(variantId: number, stock: number) {
  await handle().db.update(productVariants).set({ stock }).where(eq(productVariants.id, variantId));
}

async function cartWith(lines: { variantId: number; quantity: number }[]): Promise<string> {
  const { cartId } = await ensureCart(new Request("http://localhost:3000/carrito"), null);
  for (const line of lines) {
    expect((await addCartLine(cartId, { productId: food.id, ...line })).status).toBe("added");
  }
  return cartId;
}

function place(cartId: string, index: number) {
  return placeOrder({
    cartId,
    userId: null,
    paymentMethodId: "yape",
    customerName: `Cliente ${index}`,
    customerPhone: `986 555 ${String(index).padStart(3, "0")}`,
  });
}

test(
  "100 concurrent orders for a presentación with 10 units: exactly 10 orders, its stock 0, the other size untouched",
  { timeout: 120_000 },
  async () => {
    await setStock(food.large, 1000);
    const carts: string[] = [];
    for (let index = 0; index < 100; index++) carts.push(await cartWith([{ variantId: food.large, quantity: 1 }]));
    await setStock(food.large, 10);
    const before = await stocks();

    const results = await Promise.all(carts.map((cartId, index) => place(cartId, index)));

    expect(results.filter((result) => result.status === "placed")).toHaveLength(10);
    for (const result of results.filter((candidate) => candidate.status !== "placed")) {
      expect(result).toMatchObject({ status: "insufficient-stock", problems: [{ requested: 1, available: 0 }] });
    }
    const after = await stocks();
    expect(after[food.large]).toBe(0);
    expect(after[food.small]).toBe(before[food.small]);
    const sold = await handle().db.select().from(orderLines).where(eq(orderLines.variantId, food.large));
    expect(sold.reduce((sum, line) => sum + line.quantity, 0)).toBe(10);
    expect(sold.every((line) => line.variantName === "15 kg" && line.productId === food.id)).toBe(true);
    // The product sums its sizes up: the 3 kg bags only.
    const [product] = await handle().db.select().from(products).where(eq(products.id, food.id));
    expect(product!.stock).toBe(after[food.small]);
  },
);

test("cancelling an order returns each presentación's units once, even when cancelled twice at once", async () => {
  await setStock(food.small, 20);
  await setStock(food.large, 5);
  const placed = await place(
    await cartWith([
      { variantId: food.small, quantity: 3 },
      { variantId: food.large, quantity: 2 },
    ]),
    900,
  );
  expect(placed.status).toBe("placed");
  expect(await stocks()).toEqual({ [food.small]: 17, [food.large]: 3 });
  // The WhatsApp message and the back office name each line's presentación.
  const title = "Alimento Pro Plan Cachorro Razas Pequeñas";
  expect(placed.status === "placed" && (await messageOf(placed))).toContain(`${title} — 3 kg (x3)`);
  expect(placed.status === "placed" && (await messageOf(placed))).toContain(`${title} — 15 kg (x2)`);
  const [order] = await handle()
    .db.select({ id: orders.id })
    .from(orders)
    .where(eq(orders.customerName, "Cliente 900"));

  const detail = await getAdminOrder(order!.id);
  expect(detail!.lines.map((line) => line.title)).toEqual([`${title} — 3 kg`, `${title} — 15 kg`]);

  const admin = { id: adminId() };
  const [first, second] = await Promise.all([
    changeOrderStatus(admin, order!.id, "cancelado", "pendiente"),
    changeOrderStatus(admin, order!.id, "cancelado", "pendiente"),
  ]);
  expect([first.status, second.status].sort()).toEqual(["changed", "stale"]);
  expect(await stocks()).toEqual({ [food.small]: 20, [food.large]: 5 });
});
