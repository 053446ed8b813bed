// Issue 40: the checkout's choices and contact details are kept on the cart, so that leaving
// the cart for a product and coming back finds them; placing the order clears them.
import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";

import { carts, products } from "~/db/schema";
import { addCartLine, ensureCart } from "~/domain/cart/cart.server";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { action as saveDraft } from "~/routes/api/checkout-draft";
import { setUpTestDatabase } from "~test/test-database";

import { action as cartAction, loader as cartLoader } from "./cart";

const { handle } = setUpTestDatabase();

let productId: number;

beforeAll(async () => {
  await seedDemoShop(handle().db);
  productId = (await handle().db.select().from(products)).find((product) => product.title.startsWith("Snack"))!.id;
});

async function newCart(): Promise<{ cartId: string; cookie: string }> {
  const { cartId, setCookie } = await ensureCart(new Request("http://localhost:3000/carrito"), null);
  expect((await addCartLine(cartId, { productId, quantity: 1 })).status).toBe("added");
  return { cartId, cookie: setCookie.split(";")[0]! };
}

function post(path: string, cookie: string, fields: Record<string, string>): Request {
  return new Request(`http://localhost:3000${path}`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

async function loadCart(cookie: string) {
  const request = new Request("http://localhost:3000/carrito", { headers: { Cookie: cookie } });
  return (await cartLoader({ request, params: {}, context: {} } as never)) as {
    checkoutValues: Record<string, string>;
  };
}

test("the draft is kept on the shopper's cart and fills the checkout when they come back", async () => {
  const { cookie } = await newCart();
  const answer = await saveDraft({
    request: post("/carrito/borrador", cookie, {
      fulfillment: "pickup",
      paymentMethodId: "yape",
      customerName: "Ana Torres",
      customerPhone: "987654321",
      comprobante: "factura",
      ruc: "20123456786",
      intent: "checkout",
      isAdmin: "true",
    }),
    params: {},
    context: {},
  } as never);
  expect(answer.status).toBe(204);
  expect(answer.headers.get("Cache-Control")).toBe("private, no-store");

  const { checkoutValues } = await loadCart(cookie);
  expect(checkoutValues).toMatchObject({
    fulfillment: "pickup",
    paymentMethodId: "yape",
    customerName: "Ana Torres",
    customerPhone: "987654321",
    comprobante: "factura",
    ruc: "20123456786",
    customerEmail: "",
  });
  // Only the checkout's own fields are kept.
  expect(checkoutValues).not.toHaveProperty("isAdmin");
});

test("another visitor's cart never sees it, and a too long or unknown cart is refused without a change", async () => {
  const shopper = await newCart();
  const stranger = await newCart();
  await saveDraft({
    request: post("/carrito/borrador", shopper.cookie, { customerName: "Ana Torres" }),
    params: {},
    context: {},
  } as never);
  expect((await loadCart(stranger.cookie)).checkoutValues.customerName).toBe("");

  const tooLong = await saveDraft({
    request: post("/carrito/borrador", shopper.cookie, { customerName: "x".repeat(301) }),
    params: {},
    context: {},
  } as never);
  expect(tooLong.status).toBe(400);
  expect((await loadCart(shopper.cookie)).checkoutValues.customerName).toBe("Ana Torres");

  const noCart = await saveDraft({
    request: post("/carrito/borrador", "", { customerName: "Nadie" }),
    params: {},
    context: {},
  } as never);
  expect(noCart.status).toBe(404);
});

test("placing the order clears the draft", async () => {
  const { cartId, cookie } = await newCart();
  const fields = {
    fulfillment: "pickup",
    paymentMethodId: "yape",
    customerName: "Ana Torres",
    customerPhone: "987 111 333",
  };
  await saveDraft({ request: post("/carrito/borrador", cookie, fields), params: {}, context: {} } as never);
  const placed = await cartAction({
    request: post("/carrito", cookie, { ...fields, intent: "checkout", send: "page", comprobante: "boleta" }),
    params: {},
    context: {},
  } as never).catch((response: unknown) => response);
  expect((placed as Response).status).toBe(302);
  const [row] = await handle().db.select().from(carts).where(eq(carts.id, cartId));
  expect(row!.checkoutDraft).toBeNull();
});
