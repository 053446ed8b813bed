// Issue 47: the cart page reads its lines, the checkout's draft and the coupon in one statement,
// and the store layout's header count takes its units from that same read on the cart page.
import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";

import { carts, products, productVariants } from "~/db/schema";
import { addCartLine, ensureCart } from "~/domain/cart/cart.server";
import { readCartPage } from "~/domain/cart/cart-page.server";
import { saveCheckoutDraft } from "~/domain/cart/checkout-draft.server";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { setUpTestDatabase } from "~test/test-database";

import { action as cartAction, loader as cartLoader } from "./cart";
import { loader as layoutLoader } from "./layout";

const { handle } = setUpTestDatabase();

let snackId: number;
let toyId: number;

beforeAll(async () => {
  await seedDemoShop(handle().db);
  const all = await handle().db.select().from(products);
  snackId = all.find((product) => product.title.startsWith("Snack"))!.id;
  toyId = all.find((product) => product.id !== snackId && product.stock >= 5)!.id;
});

const cartPage = (cookie: string) =>
  new Request("http://localhost:3000/carrito", { headers: cookie ? { Cookie: cookie } : {} });

/** The cart page as one request renders it: the layout's loader and the page's, one context. */
async function loadCartPage(cookie: string, context: object = {}) {
  const request = cartPage(cookie);
  const [layout, page] = await Promise.all([
    layoutLoader({ request, params: {}, context } as never),
    cartLoader({ request, params: {}, context } as never) as Promise<{
      cart: { itemCount: number; lines: { productId: number; quantity: number }[] };
      checkoutValues: Record<string, string>;
    }>,
  ]);
  return { cartCount: layout.cartCount, ...page };
}

async function newCart(): Promise<{ cartId: string; cookie: string }> {
  const { cartId, setCookie } = await ensureCart(cartPage(""), null);
  return { cartId, cookie: setCookie.split(";")[0]! };
}

test("the header counts the units of the lines the page shows, in the order they were added", async () => {
  const { cartId, cookie } = await newCart();
  expect((await addCartLine(cartId, { productId: toyId, quantity: 3 })).status).toBe("added");
  expect((await addCartLine(cartId, { productId: snackId, quantity: 2 })).status).toBe("added");

  const page = await loadCartPage(cookie);
  expect(page.cart.lines.map((line) => [line.productId, line.quantity])).toEqual([
    [toyId, 3],
    [snackId, 2],
  ]);
  expect(page.cart.itemCount).toBe(5);
  expect(page.cartCount).toBe(5);
});

test("an empty cart still brings back what the shopper typed in the checkout, and its coupon", async () => {
  const { cartId, cookie } = await newCart();
  expect(await saveCheckoutDraft(cartId, { customerName: "Ana Torres", customerPhone: "987654321" })).toBe(true);
  await handle().db.update(carts).set({ couponCode: "BIENVENIDA" }).where(eq(carts.id, cartId));

  const page = await loadCartPage(cookie);
  expect(page.cart.lines).toEqual([]);
  expect(page.cartCount).toBe(0);
  expect(page.checkoutValues).toMatchObject({ customerName: "Ana Torres", customerPhone: "987654321" });
  const read = await readCartPage(cartPage(cookie), {});
  expect(read.couponCode).toBe("BIENVENIDA");
  expect(read.draft).toEqual({ customerName: "Ana Torres", customerPhone: "987654321" });
});

test("a cookie naming no cart, or no cookie, shows an empty cart and a count of 0", async () => {
  for (const cookie of ["", "patitas_cart=%22sin-carrito-0000000000%22"]) {
    const page = await loadCartPage(cookie);
    expect(page.cart.lines).toEqual([]);
    expect(page.cartCount).toBe(0);
    expect(page.checkoutValues.customerName).toBe("");
  }
});

test("a line whose presentación ran out shows as unavailable and still counts in the header", async () => {
  const { cartId, cookie } = await newCart();
  expect((await addCartLine(cartId, { productId: toyId, quantity: 1 })).status).toBe("added");
  await handle().db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.productId, toyId));
  try {
    const page = await loadCartPage(cookie);
    expect(page.cart.lines).toEqual([expect.objectContaining({ productId: toyId, isAvailable: false })]);
    expect(page.cartCount).toBe(1);
  } finally {
    await handle().db.update(productVariants).set({ stock: 20 }).where(eq(productVariants.productId, toyId));
  }
});

test("an add without JavaScript renders the page, in the same request, with the unit it added", async () => {
  const { cartId, cookie } = await newCart();
  expect((await addCartLine(cartId, { productId: snackId, quantity: 1 })).status).toBe("added");
  // One context for the action and the loaders after it, as React Router gives one request;
  // the loaders get a GET copy of the request, without its body.
  const context = {};
  const answer = await cartAction({
    request: new Request("http://localhost:3000/carrito", {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "add", productId: String(toyId), quantity: "2" }),
    }),
    params: {},
    context,
  } as never);
  expect(JSON.stringify(answer)).toContain("Producto Agregado");
  const page = await loadCartPage(cookie, context);
  expect(page.cart.itemCount).toBe(3);
  expect(page.cartCount).toBe(3);
});
