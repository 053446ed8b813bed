import { asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";

import {
  cartLines,
  customerProfiles,
  orderLines,
  orders,
  orderStatusChanges,
  paymentMethods,
  products,
  shopSettings,
  users,
} from "~/db/schema";
import { addCartLine, ensureCart } from "~/domain/cart/cart.server";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { formatMoney } from "~/lib/money";
import { signUpCustomer } from "~test/auth";
import { messageOf } from "~test/order-message";
import { setUpTestDatabase } from "~test/test-database";
import { setVariantValues } from "~test/variants";

import {
  getCustomerContact,
  listCheckoutPaymentMethods,
  placeOrder,
  type PlaceOrderInput,
  submitCheckout,
} from "./order.server";
import { getOrderWhatsAppUrl } from "./order-confirmation.server";

const { handle } = setUpTestDatabase();

type Product = typeof products.$inferSelect;
let croquetas: Product;
let snack: Product;
let raton: Product;

beforeAll(async () => {
  const { db } = handle();
  await seedDemoShop(db);
  const all = await db.select().from(products);
  croquetas = all.find((product) => product.title.startsWith("Croquetas"))!;
  snack = all.find((product) => product.title.startsWith("Snack"))!;
  raton = all.find((product) => product.title.startsWith("Ratón"))!;
});

async function cartWith(lines: [Product, number][]): Promise<string> {
  const { cartId } = await ensureCart(new Request("http://localhost:3000/carrito"), null);
  for (const [product, quantity] of lines) {
    const result = await addCartLine(cartId, { productId: product.id, quantity });
    expect(result.status).toBe("added");
  }
  return cartId;
}

let phoneCounter = 0;

/** A guest's order; each with its own phone, so that the limits per shopper stay out of the way. */
function guestOrder(cartId: string, overrides: Partial<PlaceOrderInput> = {}): PlaceOrderInput {
  phoneCounter += 1;
  return {
    cartId,
    userId: null,
    paymentMethodId: "yape",
    customerName: "Ana Torres",
    customerPhone: `987 654 ${String(phoneCounter).padStart(3, "0")}`,
    ...overrides,
  };
}

async function stockOf(productId: number): Promise<number> {
  const [row] = await handle().db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row!.stock;
}

async function setStock(productId: number, stock: number): Promise<void> {
  await setVariantValues(handle().db, productId, { stock });
}

async function countOrders(): Promise<number> {
  const rows = await handle().db.select({ id: orders.id }).from(orders);
  return rows.length;
}

async function linesOf(cartId: string) {
  return handle().db.select().from(cartLines).where(eq(cartLines.cartId, cartId));
}

describe("placing an order", () => {
  test("stores the order and its lines with copied titles and prices, takes the stock and empties the cart", async () => {
    const croquetasStock = await stockOf(croquetas.id);
    const snackStock = await stockOf(snack.id);
    const cartId = await cartWith([
      [croquetas, 2],
      [snack, 3],
    ]);

    const result = await placeOrder(guestOrder(cartId));
    if (result.status !== "placed") throw new Error(`not placed: ${result.status}`);
    expect(result.code).toMatch(/^PED-\d{6}$/);
    expect(result.code).toBe(`PED-${String(result.orderId).padStart(6, "0")}`);

    const [order] = await handle().db.select().from(orders).where(eq(orders.code, result.code));
    expect(order).toMatchObject({
      id: result.orderId,
      userId: null,
      customerName: "Ana Torres",
      customerPhone: expect.stringMatching(/^987 654 \d{3}$/),
      paymentMethodId: "yape",
      paymentMethodName: "Yape",
      status: "pendiente",
      // Croquetas on offer at S/ 114.90, snacks at S/ 24.50.
      totalCents: 2 * 11490 + 3 * 2450,
    });
    const lines = await handle()
      .db.select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order!.id))
      .orderBy(asc(orderLines.productId));
    expect(
      lines.map(({ productId, title, unitPriceCents, quantity, lineTotalCents }) => ({
        productId,
        title,
        unitPriceCents,
        quantity,
        lineTotalCents,
      })),
    ).toEqual(
      [
        { productId: croquetas.id, title: croquetas.title, unitPriceCents: 11490, quantity: 2, lineTotalCents: 22980 },
        { productId: snack.id, title: snack.title, unitPriceCents: 2450, quantity: 3, lineTotalCents: 7350 },
      ].sort((a, b) => a.productId - b.productId),
    );
    expect(await stockOf(croquetas.id)).toBe(croquetasStock - 2);
    expect(await stockOf(snack.id)).toBe(snackStock - 3);
    expect(await linesOf(cartId)).toEqual([]);

    const changes = await handle()
      .db.select()
      .from(orderStatusChanges)
      .where(eq(orderStatusChanges.orderId, order!.id));
    expect(changes.map((change) => [change.fromStatus, change.toStatus])).toEqual([[null, "pendiente"]]);

    // Renaming the product later does not rewrite the order's history.
    await handle().db.update(products).set({ title: "Otro nombre" }).where(eq(products.id, snack.id));
    const [copied] = await handle().db.select().from(orderLines).where(eq(orderLines.productId, snack.id));
    expect(copied!.title).toBe(snack.title);
    await handle().db.update(products).set({ title: snack.title }).where(eq(products.id, snack.id));
  });

  test("answers the wa.me link of the shop's number with the decoded message of the order", async () => {
    const cartId = await cartWith([
      [raton, 2],
      [croquetas, 1],
    ]);
    const result = await placeOrder(guestOrder(cartId, { paymentMethodId: "transferencia" }));
    if (result.status !== "placed") throw new Error(`not placed: ${result.status}`);
    const url = new URL((await getOrderWhatsAppUrl(result.orderId))!);
    expect(url.origin + url.pathname).toBe("https://wa.me/51924810866");
    const text = url.searchParams.get("text")!;
    expect(text).toBe(await messageOf(result));
    expect(text).toContain(result.code);
    expect(text).toContain(`${raton.title} (x2): ${formatMoney(2 * 1490)}`);
    expect(text).toContain(`${croquetas.title} (x1): ${formatMoney(11490)}`);
    expect(text).toContain(`Total: ${formatMoney(2 * 1490 + 11490)}`);
    expect(text).toContain("Método de pago: Transferencia Bancaria");
    expect(text).toContain("CCI: 002-191-112345678012-55");
  });

  test("a cart of 60 lines gives a message under 2,000 characters that names the order code", async () => {
    const { db } = handle();
    const [template] = await db.select().from(products).where(eq(products.id, snack.id));
    const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = template!;
    const created = await db
      .insert(products)
      .values(
        Array.from({ length: 60 }, (_, index) => ({
          ...fields,
          title: `Juguete de prueba número ${index + 1} con un nombre bastante largo`,
          stock: 10,
        })),
      )
      .returning();
    const cartId = await cartWith(created.map((product) => [product, 1] as [Product, number]));
    const result = await placeOrder(guestOrder(cartId));
    if (result.status !== "placed") throw new Error(`not placed: ${result.status}`);
    const text = new URL((await getOrderWhatsAppUrl(result.orderId))!).searchParams.get("text")!;
    expect(text.length).toBeLessThan(2000);
    expect(text).toContain(`El detalle completo está en el pedido ${result.code}.`);
    expect(text).toContain(`Total: ${formatMoney(60 * 2450)}`);
    const [order] = await db.select().from(orders).where(eq(orders.code, result.code));
    expect(await db.select().from(orderLines).where(eq(orderLines.orderId, order!.id))).toHaveLength(60);
  });

  test("a line whose stock dropped below its quantity is refused and nothing changes", async () => {
    const cartId = await cartWith([
      [croquetas, 1],
      [raton, 5],
    ]);
    await setStock(raton.id, 3);
    const ordersBefore = await countOrders();
    const croquetasStock = await stockOf(croquetas.id);

    const result = await placeOrder(guestOrder(cartId));
    expect(result).toEqual({
      status: "insufficient-stock",
      problems: [{ productId: raton.id, title: raton.title, requested: 5, available: 3 }],
    });
    expect(await countOrders()).toBe(ordersBefore);
    expect(await stockOf(croquetas.id)).toBe(croquetasStock);
    expect(await stockOf(raton.id)).toBe(3);
    expect((await linesOf(cartId)).map((line) => line.quantity).sort()).toEqual([1, 5]);
    await setStock(raton.id, 100);
  });

  test("the largest order a cart allows is stored and read back to the céntimo", async () => {
    // 99 units (a cart line's most, with the owner's limits at their highest) of three
    // products at S/ 999,999.99 (the editors' most): S/ 296,999,997.03, beyond a 32-bit
    // integer of céntimos.
    await handle().db.update(shopSettings).set({ maxUnitsPerOrder: 99, maxStockPercentPerOrder: 100 });
    const priced = [croquetas, snack, raton];
    for (const product of priced) {
      await setVariantValues(handle().db, product.id, {
        priceCents: 99_999_999,
        isOfferActive: false,
        stock: 1_000,
      });
    }
    const cartId = await cartWith(priced.map((product) => [product, 99] as [Product, number]));
    const result = await placeOrder(guestOrder(cartId));
    expect(result.status).toBe("placed");
    if (result.status !== "placed") return;
    expect(result.totalCents).toBe(29_699_999_703);
    const [order] = await handle().db.select().from(orders).where(eq(orders.id, result.orderId));
    expect(order!.totalCents).toBe(29_699_999_703);
    const lines = await handle().db.select().from(orderLines).where(eq(orderLines.orderId, result.orderId));
    expect(lines.map((line) => line.lineTotalCents)).toEqual([9_899_999_901, 9_899_999_901, 9_899_999_901]);
    expect(formatMoney(order!.totalCents)).toBe(formatMoney(29_699_999_703));
    for (const product of priced) {
      await setVariantValues(handle().db, product.id, {
        priceCents: product.priceCents,
        isOfferActive: product.isOfferActive,
        stock: product.stock,
      });
    }
    await handle().db.update(shopSettings).set({ maxUnitsPerOrder: 10, maxStockPercentPerOrder: 50 });
  });

  test("an archived product in the cart is refused as no longer available", async () => {
    const cartId = await cartWith([[raton, 1]]);
    await handle().db.update(products).set({ isArchived: true }).where(eq(products.id, raton.id));
    const result = await placeOrder(guestOrder(cartId));
    await handle().db.update(products).set({ isArchived: false }).where(eq(products.id, raton.id));
    expect(result).toEqual({
      status: "insufficient-stock",
      problems: [{ productId: raton.id, title: raton.title, requested: 1, available: 0 }],
    });
    expect(await linesOf(cartId)).toHaveLength(1);
  });

  test("two shoppers racing for the last unit: exactly one order, stock 0, never negative", async () => {
    const first = await cartWith([[snack, 1]]);
    const second = await cartWith([[snack, 1]]);
    await setStock(snack.id, 1);
    const ordersBefore = await countOrders();

    const results = await Promise.all([
      placeOrder(guestOrder(first, { customerName: "Primera" })),
      placeOrder(guestOrder(second, { customerName: "Segunda" })),
    ]);
    const statuses = results.map((result) => result.status).sort();
    expect(statuses).toEqual(["insufficient-stock", "placed"]);
    expect(await countOrders()).toBe(ordersBefore + 1);
    expect(await stockOf(snack.id)).toBe(0);
    const loser = results.find((result) => result.status === "insufficient-stock");
    expect(loser).toMatchObject({ problems: [{ productId: snack.id, available: 0 }] });
    // The loser keeps their cart.
    const remaining = [...(await linesOf(first)), ...(await linesOf(second))];
    expect(remaining).toHaveLength(1);
    await setStock(snack.id, 60);
  });
  // The interleaved PostgreSQL case lives in tests/postgres/order-stock-race.test.ts.

  test("the card method switched on before its credentials were typed is refused, and creates nothing", async () => {
    await handle().db.update(paymentMethods).set({ isActive: true }).where(eq(paymentMethods.id, "stripe"));
    const cartId = await cartWith([[croquetas, 1]]);
    const ordersBefore = await countOrders();
    const stock = await stockOf(croquetas.id);
    expect(await placeOrder(guestOrder(cartId, { paymentMethodId: "stripe" }))).toEqual({
      status: "unknown-payment-method",
    });
    expect(await countOrders()).toBe(ordersBefore);
    expect(await stockOf(croquetas.id)).toBe(stock);
    expect(await linesOf(cartId)).toHaveLength(1);
    await handle().db.update(paymentMethods).set({ isActive: false }).where(eq(paymentMethods.id, "stripe"));
  });

  test("a missing, inactive or unknown payment method is refused; an empty cart places nothing", async () => {
    const cartId = await cartWith([[croquetas, 1]]);
    expect(await placeOrder(guestOrder(cartId, { paymentMethodId: undefined }))).toEqual({
      status: "missing-payment-method",
    });
    // 'stripe' is inactive in the demo shop.
    expect(await placeOrder(guestOrder(cartId, { paymentMethodId: "stripe" }))).toEqual({
      status: "unknown-payment-method",
    });
    expect(await placeOrder(guestOrder(cartId, { paymentMethodId: "efectivo" }))).toEqual({
      status: "unknown-payment-method",
    });
    const empty = await cartWith([]);
    expect(await placeOrder(guestOrder(empty))).toEqual({ status: "empty-cart" });
    expect(await placeOrder(guestOrder(null as unknown as string))).toEqual({ status: "empty-cart" });
    expect(await linesOf(cartId)).toHaveLength(1);
  });

  test("the active methods are listed in the shop's order", async () => {
    expect((await listCheckoutPaymentMethods()).map((method) => method.id)).toEqual(["yape", "plin", "transferencia"]);
  });

  test("codes follow the order ids: each order gets the next one", async () => {
    const first = await placeOrder(guestOrder(await cartWith([[raton, 1]])));
    const second = await placeOrder(guestOrder(await cartWith([[raton, 1]])));
    if (first.status !== "placed" || second.status !== "placed") throw new Error("not placed");
    expect(second.orderId).toBeGreaterThan(first.orderId);
    const [row] = (
      (await handle().db.execute(sql`select count(distinct code) as n, count(*) as total from orders`)) as unknown as {
        rows: { n: number | string; total: number | string }[];
      }
    ).rows;
    expect(Number(row!.n)).toBe(Number(row!.total));
  });
});

describe("the checkout form", () => {
  test("checks the payment method before the contact, then the contact in Spanish", async () => {
    const cartId = await cartWith([[croquetas, 1]]);
    expect(
      await submitCheckout({ cartId, user: null, clientIp: null, form: { intent: "checkout", customerName: "" } }),
    ).toEqual({
      status: "missing-payment-method",
    });
    expect(
      await submitCheckout({
        cartId,
        user: null,
        clientIp: null,
        form: { intent: "checkout", paymentMethodId: "yape", customerName: "", customerPhone: "abc" },
      }),
    ).toEqual({
      status: "invalid",
      fieldErrors: {
        customerName: "Ingresa tu nombre.",
        customerPhone: "Escribe solo números, por ejemplo 987 654 321.",
        // Every wrong field at once: how to receive the order was not chosen either.
        fulfillment: "Elige cómo quieres recibir tu pedido.",
      },
    });
    expect(await linesOf(cartId)).toHaveLength(1);
  });

  test("a signed-in shopper's order is linked to the account and carries their e-mail", async () => {
    await signUpCustomer("pedido@example.pe");
    const [user] = await handle().db.select().from(users).where(eq(users.email, "pedido@example.pe"));
    expect(await getCustomerContact(user!.id)).toEqual({ name: "Cliente de Prueba", phone: "" });
    await handle()
      .db.insert(customerProfiles)
      .values({ userId: user!.id, fullName: "Lucía Quispe", phone: "912 345 678" });
    expect(await getCustomerContact(user!.id)).toEqual({ name: "Lucía Quispe", phone: "912 345 678" });

    const cartId = await cartWith([[raton, 1]]);
    const result = await submitCheckout({
      cartId,
      user: { id: user!.id, email: user!.email },
      clientIp: "198.51.100.20",
      form: {
        intent: "checkout",
        paymentMethodId: "plin",
        customerName: "Lucía Quispe",
        customerPhone: "912 345 678",
        fulfillment: "pickup",
      },
    });
    if (result.status !== "placed") throw new Error(`not placed: ${result.status}`);
    const [order] = await handle().db.select().from(orders).where(eq(orders.code, result.code));
    expect(order).toMatchObject({
      userId: user!.id,
      customerEmail: "pedido@example.pe",
      customerName: "Lucía Quispe",
      paymentMethodName: "Plin",
      // The address the request came from, for the limits on unpaid orders.
      clientIp: "198.51.100.20",
    });
    const [change] = await handle()
      .db.select()
      .from(orderStatusChanges)
      .where(eq(orderStatusChanges.orderId, order!.id));
    expect(change!.changedByUserId).toBe(user!.id);
  });
});
