import { eq, inArray, sql } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";

import { orders, products } from "~/db/schema";
import { addCartLine, ensureCart } from "~/domain/cart/cart.server";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { placeOrder } from "~/domain/orders/order.server";
import { setUpTestDatabase } from "~test/test-database";
import { setVariantValues } from "~test/variants";

// Runs only on PostgreSQL (see vitest.config.ts), where transactions really interleave
// (app/domain/orders/oversell.test.ts covers one product on both databases). Here every
// cart holds two scarce products, half of them added in the opposite order: the orders
// must neither oversell either product nor deadlock (placeOrder locks rows in id order).
const { handle } = setUpTestDatabase();
let first: number;
let second: number;

beforeAll(async () => {
  await seedDemoShop(handle().db);
  const rows = await handle()
    .db.select({ id: products.id })
    .from(products)
    .where(eq(products.isArchived, false))
    .limit(2);
  [first, second] = rows.map((row) => row.id) as [number, number];
});

test(
  "100 concurrent two-product orders for 10 and 7 units: no oversell, no deadlock",
  { timeout: 120_000 },
  async () => {
    const { db } = handle();
    await setVariantValues(db, [first, second], { stock: 1000 });
    const carts: string[] = [];
    for (let index = 0; index < 100; index++) {
      const { cartId } = await ensureCart(new Request("http://localhost:3000/carrito"), null);
      for (const productId of index % 2 === 0 ? [first, second] : [second, first]) {
        expect((await addCartLine(cartId, { productId, quantity: 1 })).status).toBe("added");
      }
      carts.push(cartId);
    }
    await setVariantValues(db, first, { stock: 10 });
    await setVariantValues(db, second, { stock: 7 });
    const [{ before }] = (await db.select({ before: sql<number>`count(*)::int` }).from(orders)) as [{ before: number }];

    const results = await Promise.all(
      carts.map((cartId, index) =>
        placeOrder({
          cartId,
          userId: null,
          paymentMethodId: "yape",
          customerName: `Cliente ${index}`,
          // 100 different shoppers: each their own phone.
          customerPhone: `987654${String(index).padStart(3, "0")}`,
        }),
      ),
    );

    expect(results.filter((result) => result.status === "placed")).toHaveLength(7);
    expect(results.every((result) => result.status === "placed" || result.status === "insufficient-stock")).toBe(true);
    const stock = await db
      .select({ id: products.id, stock: products.stock })
      .from(products)
      .where(inArray(products.id, [first, second]));
    expect(Object.fromEntries(stock.map((row) => [row.id, row.stock]))).toEqual({ [first]: 3, [second]: 0 });
    const [{ after }] = (await db.select({ after: sql<number>`count(*)::int` }).from(orders)) as [{ after: number }];
    expect(after - before).toBe(7);
  },
);
