// What the stock writes drop from the page cache (ADR 024): an order, a cancellation and the
// expiry of unpaid orders name the products whose stock moved, and the listings only when a
// product sold out or came back. The cache itself is replaced by a recorder here; the
// pages' behaviour over HTTP is tests/server/page-cache*.test.ts.
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, test, vi } from "vitest";

import { orders, products, shopSettings, users } from "~/db/schema";
import { addCartLine, ensureCart } from "~/domain/cart/cart.server";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { placeOrder } from "~/domain/orders/order.server";
import { changeOrderStatus } from "~/domain/orders/order-admin.server";
import { expireUnpaidOrders } from "~/domain/orders/order-expiry.server";
import { pageTags } from "~/lib/page-cache/page-tags";
import { signUpCustomer } from "~test/auth";
import { insertTestOrder } from "~test/orders";
import { setUpTestDatabase } from "~test/test-database";
import { setProductStock } from "~test/variants";

import { stockChangeTags } from "./page-invalidation.server";

const cache = vi.hoisted(() => ({ invalidatePages: vi.fn(), invalidateAllPages: vi.fn() }));
vi.mock("~/lib/page-cache/shop-page-cache.server", () => cache);

const { handle } = setUpTestDatabase();
const HOUR = 60 * 60 * 1000;
let productId: number;
let otherProductId: number;
let admin: { id: string };

beforeAll(async () => {
  const { db } = handle();
  await seedDemoShop(db);
  const [first, second] = await db.select({ id: products.id }).from(products).orderBy(products.id).limit(2);
  productId = first!.id;
  otherProductId = second!.id;
  await signUpCustomer("duena-paginas@example.pe");
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, "duena-paginas@example.pe"));
  admin = user!;
});

beforeEach(async () => {
  // Earlier tests' pending orders never expire into this one.
  await handle().db.update(orders).set({ status: "entregado" }).where(eq(orders.status, "pendiente"));
  cache.invalidatePages.mockClear();
});

/** Every tag dropped since the test began, in order. */
function droppedTags(): string[] {
  return cache.invalidatePages.mock.calls.flatMap(([tags]) => [...(tags as Iterable<string>)]);
}

async function orderAtCheckout(quantity: number, phone: string) {
  const { cartId } = await ensureCart(new Request("http://localhost:3000/carrito"), null);
  expect((await addCartLine(cartId, { productId, quantity })).status).toBe("added");
  const outcome = await placeOrder({
    cartId,
    userId: null,
    paymentMethodId: "yape",
    customerName: "Clienta",
    customerPhone: phone,
  });
  expect(outcome.status).toBe("placed");
}

describe("stockChangeTags", () => {
  test("names each product; the listings only when one sold out or came back", () => {
    expect(stockChangeTags([{ productId: 7, before: 5, after: 3 }])).toEqual([pageTags.product(7)]);
    expect(
      stockChangeTags([
        { productId: 7, before: 5, after: 3 },
        { productId: 8, before: 1, after: 0 },
      ]),
    ).toEqual([pageTags.product(7), pageTags.product(8), pageTags.productListings]);
    expect(stockChangeTags([{ productId: 9, before: 0, after: 2 }])).toEqual([
      pageTags.product(9),
      pageTags.productListings,
    ]);
  });
});

describe("stock writes drop their products' pages after the commit", () => {
  test("an order at the checkout: its product only, then the listings too for the last unit", async () => {
    await setProductStock(handle().db, productId, 5);
    await orderAtCheckout(1, "987 100 001");
    // The live discounts kept for the carts' summaries stay: this order took no discount's use
    // (one that does drops them: kept-discounts.server.test.ts).
    expect(droppedTags()).toEqual([pageTags.product(productId)]);

    cache.invalidatePages.mockClear();
    await setProductStock(handle().db, productId, 1);
    await orderAtCheckout(1, "987 100 002");
    expect(droppedTags()).toEqual([pageTags.product(productId), pageTags.productListings]);
    expect(droppedTags()).not.toContain(pageTags.product(otherProductId));
  });

  test("an order refused (not enough stock) drops nothing", async () => {
    await setProductStock(handle().db, productId, 0);
    const { cartId } = await ensureCart(new Request("http://localhost:3000/carrito"), null);
    await addCartLine(cartId, { productId, quantity: 1 });
    const outcome = await placeOrder({
      cartId,
      userId: null,
      paymentMethodId: "yape",
      customerName: "Clienta",
      customerPhone: "987 100 003",
    });
    expect(outcome.status).not.toBe("placed");
    expect(droppedTags()).toEqual([]);
  });

  test("the owner cancelling an order gives its units back to the product's pages", async () => {
    await setProductStock(handle().db, productId, 10);
    const order = await insertTestOrder(handle().db, { lines: [{ productId, quantity: 2 }] });
    cache.invalidatePages.mockClear();
    expect((await changeOrderStatus(admin, order.id, "cancelado")).status).toBe("changed");
    expect(droppedTags()).toEqual([pageTags.product(productId), pageTags.discounts]);
  });

  test("an unpaid order expiring names the product, and the listings when it was sold out", async () => {
    await handle().db.update(shopSettings).set({ paymentHours: 24 });
    await setProductStock(handle().db, productId, 3);
    await insertTestOrder(handle().db, {
      lines: [{ productId, quantity: 3 }],
      createdAt: new Date(Date.now() - 25 * HOUR),
    });
    cache.invalidatePages.mockClear();
    expect(await expireUnpaidOrders(handle().db)).toBe(1);
    expect(droppedTags()).toEqual([pageTags.product(productId), pageTags.productListings, pageTags.discounts]);
  });
});
