// Issue 29, finding 4: an order holds its units before anyone pays, so one shopper may hold
// only a share of each product, counting their unpaid orders of the last hour, and a guest
// phone only a few unpaid orders. Runs on PGlite and again on PostgreSQL (TEST_DATABASE_URL),
// where the concurrent orders below really interleave.
import { eq, inArray, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, test } from "vitest";

import { cartLines, orderLines, orders, products, shopSettings, users } from "~/db/schema";
import { addCartLine, ensureCart } from "~/domain/cart/cart.server";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { signUpCustomer } from "~test/auth";
import { setUpTestDatabase } from "~test/test-database";

import { placeOrder, type PlaceOrderResult } from "./order.server";
import { changeOrderStatus } from "./order-admin.server";

const { handle } = setUpTestDatabase();
let template: typeof products.$inferInsert;
let phoneCounter = 0;
let owner: { id: string };

beforeAll(async () => {
  const { db } = handle();
  await seedDemoShop(db);
  const [snack] = await db.select().from(products).where(eq(products.title, "Snack Dental para Perro x 7 unidades"));
  const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = snack!;
  template = fields;
  await signUpCustomer("duena-limites@example.pe");
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, "duena-limites@example.pe"));
  owner = user!;
});

beforeEach(async () => {
  await handle().db.update(shopSettings).set({ maxUnitsPerOrder: 10, maxStockPercentPerOrder: 50 });
});

let productCounter = 0;

async function productWithStock(stock: number): Promise<number> {
  productCounter += 1;
  const [row] = await handle()
    .db.insert(products)
    .values({ ...template, title: `Producto de prueba ${productCounter}`, stock })
    .returning({ id: products.id });
  return row!.id;
}

function nextPhone(): string {
  phoneCounter += 1;
  return `955 ${String(phoneCounter).padStart(6, "0")}`;
}

type Shopper = { ip?: string | null; phone?: string; userId?: string | null };

/** A cart with these lines (cart lines allow up to 99 of a product), then its order. */
async function cartWith(lines: [number, number][], userId: string | null = null): Promise<string> {
  const { cartId } = await ensureCart(new Request("http://localhost:3000/carrito"), userId);
  for (const [productId, quantity] of lines) {
    expect((await addCartLine(cartId, { productId, quantity })).status).toBe("added");
  }
  return cartId;
}

function checkout(cartId: string, shopper: Shopper = {}): Promise<PlaceOrderResult> {
  return placeOrder({
    cartId,
    userId: shopper.userId ?? null,
    clientIp: shopper.ip ?? null,
    paymentMethodId: "yape",
    customerName: "Ana Torres",
    customerPhone: shopper.phone ?? nextPhone(),
  });
}

async function order(lines: [number, number][], shopper: Shopper = {}): Promise<PlaceOrderResult> {
  return checkout(await cartWith(lines, shopper.userId ?? null), shopper);
}

async function stockOf(productId: number): Promise<number> {
  const [row] = await handle().db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row!.stock;
}

async function countOrders(): Promise<number> {
  const [row] = await handle()
    .db.select({ n: sql<number>`count(*)::integer` })
    .from(orders);
  return Number(row!.n);
}

function placedId(result: PlaceOrderResult): number {
  if (result.status !== "placed") throw new Error(`not placed: ${JSON.stringify(result)}`);
  return result.orderId;
}

describe("the share of a product one order may hold", () => {
  test("10 units or half the stock, whichever is smaller; a refused order changes nothing and says why", async () => {
    const big = await productWithStock(40);
    const small = await productWithStock(7);
    const last = await productWithStock(1);
    const before = await countOrders();

    const cartId = await cartWith([
      [big, 11],
      [small, 4],
      [last, 1],
    ]);
    const refused = await checkout(cartId);
    expect(refused).toEqual({
      status: "over-order-limit",
      problems: [
        { productId: big, title: expect.any(String), requested: 11, allowed: 10, held: 0 },
        { productId: small, title: expect.any(String), requested: 4, allowed: 3, held: 0 },
      ],
    });
    expect(await countOrders()).toBe(before);
    expect([await stockOf(big), await stockOf(small), await stockOf(last)]).toEqual([40, 7, 1]);
    // The cart keeps what the shopper chose.
    const kept = await handle().db.select().from(cartLines).where(eq(cartLines.cartId, cartId));
    expect(kept.map((line) => line.quantity).sort((a, b) => a - b)).toEqual([1, 4, 11]);

    placedId(
      await order([
        [big, 10],
        [small, 3],
        [last, 1],
      ]),
    );
    // The last unit of a product may still be ordered: at least one while there is stock.
    expect([await stockOf(big), await stockOf(small), await stockOf(last)]).toEqual([30, 4, 0]);
  });

  test("one guest's unpaid orders of the last hour count together by address, whatever the phone", async () => {
    const product = await productWithStock(20);
    const ip = "203.0.113.50";
    placedId(await order([[product, 6]], { ip }));
    expect(await order([[product, 5]], { ip })).toMatchObject({
      status: "over-order-limit",
      problems: [{ productId: product, requested: 5, allowed: 4, held: 6 }],
    });
    placedId(await order([[product, 4]], { ip }));
    expect(await order([[product, 1]], { ip })).toMatchObject({
      status: "over-order-limit",
      problems: [{ requested: 1, allowed: 0, held: 10 }],
    });
    expect(await stockOf(product)).toBe(10);
    // Someone else (another address, another phone) orders their own share of what is left.
    placedId(await order([[product, 5]], { ip: "203.0.113.51" }));
    expect(await stockOf(product)).toBe(5);
  });

  test("by phone too, however it is typed and from whatever address", async () => {
    const product = await productWithStock(30);
    placedId(await order([[product, 7]], { ip: "203.0.113.60", phone: "+51 944-000-111" }));
    expect(await order([[product, 4]], { ip: "203.0.113.61", phone: "944 000 111" })).toMatchObject({
      status: "over-order-limit",
      problems: [{ allowed: 3, held: 7 }],
    });
  });

  test("a signed-in shopper's orders count by account, apart from guests at the same address", async () => {
    const product = await productWithStock(40);
    const ip = "203.0.113.70";
    placedId(await order([[product, 10]], { ip, userId: owner.id }));
    expect(await order([[product, 1]], { ip: "203.0.113.71", userId: owner.id })).toMatchObject({
      status: "over-order-limit",
      problems: [{ allowed: 0, held: 10 }],
    });
    // A guest behind the same address (a carrier's shared one) still gets their share.
    placedId(await order([[product, 10]], { ip }));
  });

  test("orders over an hour old, paid ones (En Proceso) and cancelled ones no longer count", async () => {
    const product = await productWithStock(40);
    const ip = "203.0.113.80";
    const first = placedId(await order([[product, 10]], { ip }));
    await handle()
      .db.update(orders)
      .set({ createdAt: new Date(Date.now() - 61 * 60 * 1000) })
      .where(eq(orders.id, first));
    const second = placedId(await order([[product, 10]], { ip }));
    await changeOrderStatus(owner, second, "en_preparacion");
    const third = placedId(await order([[product, 5]], { ip }));
    await changeOrderStatus(owner, third, "cancelado");
    // 20 in stock again after the cancellation, and nothing held within the hour: 10 units.
    placedId(await order([[product, 10]], { ip }));
    expect(await stockOf(product)).toBe(10);
  });

  test("the owner's settings set the cap", async () => {
    const product = await productWithStock(30);
    await handle().db.update(shopSettings).set({ maxUnitsPerOrder: 3 });
    expect(await order([[product, 4]])).toMatchObject({ status: "over-order-limit", problems: [{ allowed: 3 }] });
    await handle().db.update(shopSettings).set({ maxUnitsPerOrder: 99, maxStockPercentPerOrder: 100 });
    placedId(await order([[product, 30]]));
    expect(await stockOf(product)).toBe(0);
  });

  test("twelve orders sent at once from one address hold no more than its share", { timeout: 60_000 }, async () => {
    const product = await productWithStock(40);
    const carts = await Promise.all(Array.from({ length: 12 }, () => cartWith([[product, 3]])));
    // Without the products' row locks taken before the shopper's orders are read, on
    // PostgreSQL every one of them would see no earlier order and all would go through.
    const results = await Promise.all(carts.map((cartId) => checkout(cartId, { ip: "203.0.113.90" })));
    expect(results.filter((result) => result.status === "placed")).toHaveLength(3);
    for (const result of results.filter((candidate) => candidate.status !== "placed")) {
      expect(result).toMatchObject({ status: "over-order-limit", problems: [{ requested: 3, allowed: 1, held: 9 }] });
    }
    expect(await stockOf(product)).toBe(31);
  });
});

describe("unpaid guest orders per phone", () => {
  test(`three at a time; the fourth is refused and nothing is stored`, async () => {
    const product = await productWithStock(100);
    const typings = ["966 111 222", "+51 966-111-222", "51966111222"];
    const ids: number[] = [];
    for (const [index, phone] of typings.entries()) {
      ids.push(placedId(await order([[product, 1]], { ip: `198.51.100.${index + 1}`, phone })));
    }
    const before = await countOrders();
    const cartId = await cartWith([[product, 1]]);
    expect(await checkout(cartId, { ip: "198.51.100.9", phone: "966111222" })).toEqual({
      status: "too-many-pending-orders",
    });
    expect(await countOrders()).toBe(before);
    expect(await handle().db.select().from(cartLines).where(eq(cartLines.cartId, cartId))).toHaveLength(1);

    // A signed-in shopper with the same number is not a guest: their account counts instead.
    placedId(await order([[product, 1]], { phone: "966 111 222", userId: owner.id }));
    // Once the shop confirms one (paid, En Proceso), another may be sent.
    await changeOrderStatus(owner, ids[0]!, "en_preparacion");
    placedId(await checkout(cartId, { phone: "966111222" }));
    // Orders of more than a day ago no longer count.
    expect(await order([[product, 1]], { phone: "966111222" })).toEqual({ status: "too-many-pending-orders" });
    await handle()
      .db.update(orders)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(inArray(orders.id, ids.slice(1)));
    placedId(await order([[product, 1]], { phone: "966111222" }));
  });

  test("six orders sent at once with one phone: three go through", { timeout: 60_000 }, async () => {
    // Six products, so that only the count per phone stops them (not the share of one product).
    const productIds = await Promise.all(Array.from({ length: 6 }, () => productWithStock(50)));
    const carts = await Promise.all(productIds.map((productId) => cartWith([[productId, 1]])));
    const results = await Promise.all(
      carts.map((cartId, index) => checkout(cartId, { ip: `192.0.2.${index + 1}`, phone: "977 222 333" })),
    );
    expect(results.map((result) => result.status).sort()).toEqual([
      "placed",
      "placed",
      "placed",
      "too-many-pending-orders",
      "too-many-pending-orders",
      "too-many-pending-orders",
    ]);
    const held = await handle()
      .db.select({ units: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::integer` })
      .from(orderLines)
      .where(inArray(orderLines.productId, productIds));
    expect(Number(held[0]!.units)).toBe(3);
  });
});
