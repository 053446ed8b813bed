import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";

import { cartLines, carts, products, productVariants, users } from "~/db/schema";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { signUpCustomer } from "~test/auth";
import { setUpTestDatabase } from "~test/test-database";

import { describeAddResult } from "./cart";
import {
  addCartLine,
  cartCookie,
  clearCart,
  ensureCart,
  getCart,
  getCartItemCount,
  readCartId,
  removeCartLine,
  setCartLineQuantity,
} from "./cart.server";
import { addToCartSchema, updateCartLineSchema } from "./cart-schemas";

const { handle } = setUpTestDatabase();

type Product = typeof products.$inferSelect;
let croquetas: Product;
let snack: Product;

beforeAll(async () => {
  const { db } = handle();
  await seedDemoShop(db);
  const all = await db.select().from(products);
  croquetas = all.find((product) => product.title.startsWith("Croquetas"))!;
  snack = all.find((product) => product.title.startsWith("Snack"))!;
});

async function newCart(): Promise<string> {
  const { cartId } = await ensureCart(new Request("http://localhost:3000/carrito"), null);
  return cartId;
}

async function readLines(cartId: string) {
  return handle().db.select().from(cartLines).where(eq(cartLines.cartId, cartId));
}

/** A product's stock is its presentación's (each of these products has one). */
async function setStock(productId: number, stock: number): Promise<void> {
  await handle().db.update(productVariants).set({ stock }).where(eq(productVariants.productId, productId));
}

/** The id of a product's only presentación: the cart's lines are presentaciones. */
async function variantOf(productId: number): Promise<number> {
  const [variant] = await handle()
    .db.select({ id: productVariants.id })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  return variant!.id;
}

describe("the cart cookie", () => {
  test("a first write creates a cart with a random id sent back in an httpOnly cookie", async () => {
    const request = new Request("http://localhost:3000/carrito");
    const { cartId, setCookie } = await ensureCart(request, null);
    expect(cartId).toMatch(/^[\w-]{32}$/);
    expect(setCookie).toMatch(/^patitas_cart=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    const [row] = await handle().db.select().from(carts).where(eq(carts.id, cartId));
    expect(row).toBeDefined();

    // The next request carries the cookie and finds the same cart; its cookie is sent again
    // only to live 60 days from this write.
    const cookie = setCookie.split(";")[0]!;
    const next = new Request("http://localhost:3000/carrito", { headers: { Cookie: cookie } });
    expect(await readCartId(next)).toBe(cartId);
    const again = await ensureCart(next, null);
    expect(again).toMatchObject({ cartId, isNew: false });
    expect(again.setCookie.split(";")[0]).toBe(cookie);
  });

  test("an id the server never issued is not adopted", async () => {
    const forged = await cartCookie.serialize("a-made-up-cart-id-000000");
    const request = new Request("http://localhost:3000/carrito", {
      headers: { Cookie: forged.split(";")[0]! },
    });
    const { cartId, isNew, setCookie } = await ensureCart(request, null);
    expect(cartId).not.toBe("a-made-up-cart-id-000000");
    expect(isNew).toBe(true);
    expect(
      await readCartId(new Request("http://localhost:3000/", { headers: { Cookie: setCookie.split(";")[0]! } })),
    ).toBe(cartId);
  });

  test("a signed-in shopper's cart carries their account", async () => {
    await signUpCustomer("carrito@example.pe");
    const [user] = await handle().db.select().from(users).where(eq(users.email, "carrito@example.pe"));
    const { cartId } = await ensureCart(new Request("http://localhost:3000/carrito"), user!.id);
    const [row] = await handle().db.select().from(carts).where(eq(carts.id, cartId));
    expect(row!.userId).toBe(user!.id);
  });
});

describe("adding to the cart", () => {
  test("adds a new line, then adds units to the same line, and the badge counts units", async () => {
    const cartId = await newCart();
    expect(await addCartLine(cartId, { productId: croquetas.id, quantity: 1 })).toEqual({
      status: "added",
      title: croquetas.title,
      quantity: 1,
    });
    await addCartLine(cartId, { productId: croquetas.id, quantity: 2 });
    await addCartLine(cartId, { productId: snack.id, quantity: 1 });
    const lines = await readLines(cartId);
    expect(lines.map((line) => [line.productId, line.quantity]).sort()).toEqual(
      [
        [croquetas.id, 3],
        [snack.id, 1],
      ].sort(),
    );
    const cookie = (await cartCookie.serialize(cartId)).split(";")[0]!;
    const request = new Request("http://localhost:3000/", { headers: { Cookie: cookie } });
    expect(await getCartItemCount(request)).toBe(4);
  });

  test("the toast of a successful add is the spec's", () => {
    expect(describeAddResult({ status: "added", title: "Cama", quantity: 1 })).toEqual({
      title: "¡Producto Agregado!",
      description: "Cama se ha añadido al carrito.",
      action: { label: "Ver carrito", href: "/carrito" },
    });
  });

  test("a line never exceeds the stock: the add is refused and the line keeps its quantity", async () => {
    const cartId = await newCart();
    await setStock(snack.id, 3);
    await addCartLine(cartId, { productId: snack.id, quantity: 2 });
    const refused = await addCartLine(cartId, { productId: snack.id, quantity: 2 });
    expect(refused).toEqual({ status: "exceeds-stock", title: snack.title, available: 3, inCart: 2 });
    expect(describeAddResult(refused)).toMatchObject({
      title: "Stock insuficiente",
      variant: "destructive",
    });
    expect((await readLines(cartId))[0]!.quantity).toBe(2);
    expect(await addCartLine(cartId, { productId: snack.id, quantity: 1 })).toMatchObject({
      status: "added",
      quantity: 3,
    });
    await setStock(snack.id, 60);
  });

  test("two tabs adding at once take turns: eight adds of one unit against a stock of 5 leave 5", async () => {
    const cartId = await newCart();
    await setStock(snack.id, 5);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => addCartLine(cartId, { productId: snack.id, quantity: 1 })),
    );
    expect(results.filter((result) => result.status === "added")).toHaveLength(5);
    expect(results.filter((result) => result.status === "exceeds-stock")).toHaveLength(3);
    expect((await readLines(cartId)).map((line) => line.quantity)).toEqual([5]);
    // Meanwhile the stepper of a third tab: the quantity it sets is the line's, whatever came first.
    const [, set] = await Promise.all([
      addCartLine(cartId, { productId: snack.id, quantity: 1 }),
      setCartLineQuantity(cartId, { variantId: await variantOf(snack.id), quantity: 2 }),
    ]);
    expect(set).toMatchObject({ status: "updated", quantity: 2 });
    expect((await readLines(cartId))[0]!.quantity).toBeLessThanOrEqual(3);
    await setStock(snack.id, 60);
  });

  test("sold-out, archived and unknown products are refused and nothing is stored", async () => {
    const cartId = await newCart();
    await setStock(snack.id, 0);
    expect(await addCartLine(cartId, { productId: snack.id, quantity: 1 })).toEqual({
      status: "out-of-stock",
      title: snack.title,
    });
    await setStock(snack.id, 60);
    await handle().db.update(products).set({ isArchived: true }).where(eq(products.id, snack.id));
    expect(await addCartLine(cartId, { productId: snack.id, quantity: 1 })).toEqual({
      status: "unknown-product",
    });
    await handle().db.update(products).set({ isArchived: false }).where(eq(products.id, snack.id));
    expect(await addCartLine(cartId, { productId: 999_999, quantity: 1 })).toEqual({
      status: "unknown-product",
    });
    expect(await readLines(cartId)).toEqual([]);
  });

  test("the form contract: quantity defaults to 1, a product id is required", () => {
    expect(addToCartSchema.parse({ intent: "add", productId: "7" })).toEqual({
      intent: "add",
      productId: 7,
      quantity: 1,
    });
    expect(addToCartSchema.parse({ intent: "add", productId: "7", quantity: "" }).quantity).toBe(1);
    expect(addToCartSchema.parse({ intent: "add", productId: "7", quantity: "3" }).quantity).toBe(3);
    expect(addToCartSchema.safeParse({ intent: "add", productId: "x" }).success).toBe(false);
    expect(addToCartSchema.safeParse({ intent: "add", productId: "7", quantity: "0" }).success).toBe(false);
    expect(updateCartLineSchema.parse({ intent: "update", variantId: "7", quantity: "-1" }).quantity).toBe(-1);
  });
});

describe("changing the cart", () => {
  test("update sets the quantity, lowers it to the stock, and zero or less removes the line", async () => {
    const cartId = await newCart();
    await addCartLine(cartId, { productId: croquetas.id, quantity: 1 });
    expect(await setCartLineQuantity(cartId, { variantId: await variantOf(croquetas.id), quantity: 5 })).toEqual({
      status: "updated",
      title: croquetas.title,
      quantity: 5,
    });
    expect((await readLines(cartId))[0]!.quantity).toBe(5);

    expect(await setCartLineQuantity(cartId, { variantId: await variantOf(croquetas.id), quantity: 1000 })).toEqual({
      status: "limited",
      title: croquetas.title,
      quantity: croquetas.stock,
    });
    expect((await readLines(cartId))[0]!.quantity).toBe(croquetas.stock);

    expect(await setCartLineQuantity(cartId, { variantId: await variantOf(croquetas.id), quantity: 0 })).toEqual({
      status: "removed",
      title: croquetas.title,
    });
    expect(await readLines(cartId)).toEqual([]);

    await addCartLine(cartId, { productId: croquetas.id, quantity: 1 });
    await setCartLineQuantity(cartId, { variantId: await variantOf(croquetas.id), quantity: -3 });
    expect(await readLines(cartId)).toEqual([]);
    expect(await setCartLineQuantity(cartId, { variantId: await variantOf(croquetas.id), quantity: 2 })).toEqual({
      status: "missing",
    });
  });

  test("a line whose product sold out leaves the cart when its quantity is changed", async () => {
    const cartId = await newCart();
    await addCartLine(cartId, { productId: snack.id, quantity: 2 });
    await setStock(snack.id, 0);
    expect(await setCartLineQuantity(cartId, { variantId: await variantOf(snack.id), quantity: 1 })).toEqual({
      status: "sold-out",
      title: snack.title,
    });
    expect(await readLines(cartId)).toEqual([]);
    await setStock(snack.id, 60);
  });

  test("remove deletes one line; clear empties the cart but keeps it", async () => {
    const cartId = await newCart();
    await addCartLine(cartId, { productId: croquetas.id, quantity: 2 });
    await addCartLine(cartId, { productId: snack.id, quantity: 1 });
    expect(await removeCartLine(cartId, await variantOf(snack.id))).toBe(snack.title);
    expect(await removeCartLine(cartId, await variantOf(snack.id))).toBeNull();
    expect((await readLines(cartId)).map((line) => line.productId)).toEqual([croquetas.id]);

    await clearCart(cartId);
    expect(await readLines(cartId)).toEqual([]);
    expect(await handle().db.select().from(carts).where(eq(carts.id, cartId))).toHaveLength(1);
  });

  test("the cart view prices lines at today's unit price, offer included, and flags short stock", async () => {
    const cartId = await newCart();
    await addCartLine(cartId, { productId: croquetas.id, quantity: 2 });
    await addCartLine(cartId, { productId: snack.id, quantity: 3 });
    await setStock(snack.id, 1);
    const view = await getCart(cartId);
    await setStock(snack.id, 60);

    const [first, second] = view.lines;
    // Croquetas are on offer (S/ 114.90 instead of S/ 129.90).
    expect(first).toMatchObject({
      productId: croquetas.id,
      unitPriceCents: 11490,
      quantity: 2,
      lineTotalCents: 22980,
      isAvailable: true,
      // The demo shop's 40 croquetas: 10 units per order (the default maximum, under half).
      maxPerOrder: 10,
    });
    // One left: an order may still take it.
    expect(second).toMatchObject({ productId: snack.id, unitPriceCents: 2450, stock: 1, quantity: 3, maxPerOrder: 1 });
    expect(view.totalCents).toBe(22980 + 3 * 2450);
    expect(view.itemCount).toBe(5);
    expect(await getCart(null)).toEqual({ lines: [], itemCount: 0, totalCents: 0 });
  });
});
