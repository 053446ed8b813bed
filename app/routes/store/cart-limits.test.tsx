// The limits of POST /carrito that keep one visitor from emptying the shelves: orders hold
// their units from the moment they are sent, before anyone pays.
//  - at most MAX_UNITS_PER_LINE (99) units of one product in a cart;
//  - an order takes at most the owner's share of a product (10 units or half the stock by
//    default), which the cart line explains (domain/orders/order-limits.ts);
//  - at most 20 orders placed per address and hour, 3 unpaid ones per guest phone;
//  - a refused first "add" leaves no cart behind and sets no cookie.
import { and, count, desc, eq, ne } from "drizzle-orm";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { cartLines, carts, orders, products, shopSettings } from "~/db/schema";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { requestAs } from "~test/auth";
import { setUpTestDatabase } from "~test/test-database";
import { findVariant, setVariantValues } from "~test/variants";

import CartScreen, { action as cartAction, loader as cartLoader } from "./cart";

const { handle } = setUpTestDatabase();
let productId: number;
let title: string;

beforeAll(async () => {
  await seedDemoShop(handle().db);
  const [product] = await handle()
    .db.select({ id: products.id, title: products.title })
    .from(products)
    .where(eq(products.isArchived, false))
    .limit(1);
  productId = product!.id;
  title = product!.title;
  await setVariantValues(handle().db, productId, { stock: 1_000_000_000 });
});

type Answer = {
  data: { toast?: { title: string; description: string } };
  init: { status?: number; headers?: Record<string, string> } | null;
};

async function post(fields: Record<string, string>, { cookie = null as string | null, ip = "10.1.1.1" } = {}) {
  const request = requestAs(cookie, "/carrito", { method: "POST", body: new URLSearchParams(fields) });
  return cartAction({ request, params: {}, context: { clientIp: ip } } as never) as Promise<unknown>;
}

function cookieOf(answer: unknown): string | null {
  const header = (answer as Answer).init?.headers?.["Set-Cookie"];
  return header ? header.split(";")[0]! : null;
}

async function lineQuantity(): Promise<number[]> {
  const rows = await handle()
    .db.select({ quantity: cartLines.quantity })
    .from(cartLines)
    .where(eq(cartLines.productId, productId));
  return rows.map((row) => row.quantity);
}

describe("units of one product per cart", () => {
  test("99 go in; the 100th is refused with the reason, and typing 150 sets 99", async () => {
    const first = await post({ intent: "add", productId: String(productId), quantity: "99" });
    expect((first as Answer).data.toast?.title).toBe("¡Producto Agregado!");
    const cookie = cookieOf(first)!;
    const more = (await post({ intent: "add", productId: String(productId), quantity: "1" }, { cookie })) as Answer;
    expect(more.init?.status).toBe(409);
    expect(more.data.toast).toMatchObject({
      title: "Cantidad máxima",
      description: `Tu carrito admite hasta 99 unidades de ${title} y ya tienes 99. Para una cantidad mayor, escríbenos por WhatsApp.`,
    });
    const typed = (await post(
      { intent: "update", variantId: String((await findVariant(handle().db, productId)).id), quantity: "150" },
      { cookie },
    )) as Answer;
    expect(typed.data.toast).toMatchObject({
      title: "Cantidad máxima",
      description: `Tu carrito admite hasta 99 unidades de ${title}; ajustamos la cantidad. Para una cantidad mayor, escríbenos por WhatsApp.`,
    });
    expect(await lineQuantity()).toContain(99);
    expect(await lineQuantity()).not.toContain(150);
    await post({ intent: "clear" }, { cookie });
  });

  test("a single add of 2,500,000 units is refused before it reaches the order's totals", async () => {
    const answer = (await post({ intent: "add", productId: String(productId), quantity: "2500000" })) as Answer;
    expect(answer.data.toast?.title).toBe("Cantidad máxima");
    expect(await lineQuantity()).toEqual([]);
  });
});

describe("a quantity box left blank", () => {
  test("'Actualizar' without a number keeps the line as it was and says so", async () => {
    const first = await post({ intent: "add", productId: String(productId), quantity: "4" });
    const cookie = cookieOf(first)!;
    for (const quantity of ["", "   "]) {
      const variantId = String((await findVariant(handle().db, productId)).id);
      const answer = (await post({ intent: "update", variantId, quantity }, { cookie })) as Answer;
      expect(answer.init?.status).toBe(400);
      expect(answer.data.toast).toMatchObject({ title: "Error" });
      expect(await lineQuantity()).toEqual([4]);
    }
    await post({ intent: "clear" }, { cookie });
  });
});

describe("a refused first add", () => {
  test("leaves no cart and sets no cookie", async () => {
    const [before] = await handle().db.select({ n: count() }).from(carts);
    const refusedAdds: Record<string, string>[] = [
      { intent: "add", productId: "999999" },
      { intent: "add", productId: String(productId), quantity: "100" },
    ];
    for (const fields of refusedAdds) {
      const answer = await post(fields);
      expect((answer as Answer).init?.status).not.toBe(200);
      expect(cookieOf(answer)).toBeNull();
    }
    const [after] = await handle().db.select({ n: count() }).from(carts);
    expect(after!.n).toBe(before!.n);
  });
});

let phoneCounter = 0;

describe("orders placed per address", () => {
  // Twenty orders of one product from one address: the owner allows the whole stock per
  // order here, so that only the count of orders stops them.
  beforeAll(async () => {
    await handle().db.update(shopSettings).set({ maxUnitsPerOrder: 99, maxStockPercentPerOrder: 100 });
  });
  afterAll(async () => {
    await handle().db.update(shopSettings).set({ maxUnitsPerOrder: 10, maxStockPercentPerOrder: 50 });
  });

  async function checkout(ip: string) {
    const added = await post({ intent: "add", productId: String(productId) }, { ip });
    phoneCounter += 1;
    return post(
      {
        intent: "checkout",
        paymentMethodId: "yape",
        fulfillment: "pickup",
        customerName: "Ana Torres",
        customerPhone: `987 654 ${String(phoneCounter).padStart(3, "0")}`,
      },
      { cookie: cookieOf(added), ip },
    );
  }

  async function orderCount(): Promise<number> {
    const [row] = await handle().db.select({ n: count() }).from(orders);
    return row!.n;
  }

  test("the 21st order within the hour from one address is refused in Spanish; another address still orders", async () => {
    const start = await orderCount();
    for (let i = 0; i < 20; i++) {
      const placed = await checkout("203.0.113.7");
      expect(placed).toBeInstanceOf(Response);
      expect((placed as Response).status).toBe(302);
    }
    expect(await orderCount()).toBe(start + 20);
    const refused = (await checkout("203.0.113.7")) as Answer;
    expect(refused.init?.status).toBe(429);
    expect(refused.data.toast).toMatchObject({
      title: "Error",
      description:
        "Recibimos demasiados pedidos desde tu conexión en la última hora. Escríbenos por WhatsApp para completar tu pedido, o inténtalo más tarde.",
    });
    expect(await orderCount()).toBe(start + 20);
    const other = await checkout("203.0.113.8");
    expect((other as Response).status).toBe(302);
    expect(await orderCount()).toBe(start + 21);
  });

  test("orders refused for another reason do not count", async () => {
    for (let i = 0; i < 25; i++) {
      const answer = (await post(
        { intent: "checkout", paymentMethodId: "", customerName: "Ana", customerPhone: "987 654 321" },
        { ip: "203.0.113.9" },
      )) as Answer;
      expect(answer.init?.status).toBe(400);
    }
    expect((await checkout("203.0.113.9")) as Response).toBeInstanceOf(Response);
  });
});

describe("the share of a product one order may take, at the cart page", () => {
  let shareProduct: { id: number; title: string };

  beforeAll(async () => {
    const [row] = await handle()
      .db.select({ id: products.id, title: products.title })
      .from(products)
      .where(and(eq(products.isArchived, false), ne(products.id, productId)))
      .limit(1);
    shareProduct = row!;
    await setVariantValues(handle().db, shareProduct.id, { stock: 40 });
  });

  async function cartOf(quantity: number, ip: string): Promise<string> {
    const added = await post({ intent: "add", productId: String(shareProduct.id), quantity: String(quantity) }, { ip });
    return cookieOf(added)!;
  }

  /** The cart page as the shopper sees it, rendered from its loader. */
  async function renderCart(cookie: string): Promise<string> {
    const request = requestAs(cookie, "/carrito");
    const loaderData = await cartLoader({ request, params: {}, context: {} } as never);
    const page = <CartScreen {...({ loaderData, actionData: undefined } as Parameters<typeof CartScreen>[0])} />;
    const router = createMemoryRouter([{ path: "*", element: page }], { initialEntries: ["/carrito"] });
    return renderToString(<RouterProvider router={router} />).replaceAll("<!-- -->", "");
  }

  test("the line explains the limit, with the WhatsApp link; in red once it is over it", async () => {
    const note = "Puedes pedir hasta 10 unidades de este producto por pedido. Para cantidades mayores, ";
    const over = await cartOf(12, "203.0.113.40");
    const overPage = await renderCart(over);
    expect(overPage).toContain(note);
    expect(overPage).toContain(". Ajusta la cantidad para enviar tu pedido.");
    const link = /<a href="(https:\/\/wa\.me\/[^"]+)"[^>]*>escríbenos por WhatsApp<\/a>/.exec(overPage);
    expect(link).not.toBeNull();
    const url = new URL(link![1]!.replaceAll("&amp;", "&"));
    expect(url.pathname).toBe("/51924810866");
    expect(url.searchParams.get("text")).toBe(
      `Hola, quisiera pedir 12 unidades de ${shareProduct.title}. ¿Me ayudan con un pedido por mayor?`,
    );
    // The quantity stays as chosen: the shopper decides.
    expect(overPage).toMatch(/name="quantity"[^>]*value="12"/);

    const atLimit = await renderCart(await cartOf(10, "203.0.113.40"));
    expect(atLimit).toContain(note);
    expect(atLimit).not.toContain("Ajusta la cantidad para enviar tu pedido.");
    expect(await renderCart(await cartOf(3, "203.0.113.40"))).not.toContain(note);
  });

  test("sending more is refused beside the form, nothing typed is lost, and the order then keeps the address", async () => {
    const cookie = await cartOf(12, "203.0.113.41");
    const [{ n: before }] = (await handle().db.select({ n: count() }).from(orders)) as [{ n: number }];
    const fields = {
      intent: "checkout",
      paymentMethodId: "plin",
      fulfillment: "pickup",
      customerName: "Rosa Quispe",
      customerPhone: "955 444 333",
    };
    const refused = (await post(fields, { cookie, ip: "203.0.113.41" })) as Answer & {
      data: { values: Record<string, string>; stockProblems: string[] };
    };
    expect(refused.init?.status).toBe(409);
    expect(refused.data.toast?.title).toBe("Cantidad máxima por pedido");
    expect(refused.data.stockProblems).toEqual([
      `${shareProduct.title}: puedes pedir hasta 10 unidades por pedido y pediste 12.`,
    ]);
    expect(refused.data.values).toMatchObject({
      paymentMethodId: "plin",
      fulfillment: "pickup",
      customerName: "Rosa Quispe",
      customerPhone: "955 444 333",
    });
    const [{ n: after }] = (await handle().db.select({ n: count() }).from(orders)) as [{ n: number }];
    expect(after).toBe(before);

    await post(
      {
        intent: "update",
        variantId: String((await findVariant(handle().db, shareProduct.id)).id),
        quantity: "10",
      },
      { cookie, ip: "203.0.113.41" },
    );
    const placed = (await post(fields, { cookie, ip: "203.0.113.41" })) as Response;
    expect(placed.status).toBe(302);
    const [stored] = await handle().db.select().from(orders).orderBy(desc(orders.id)).limit(1);
    expect(stored).toMatchObject({ customerName: "Rosa Quispe", clientIp: "203.0.113.41", status: "pendiente" });
  });

  test("a guest phone with three unpaid orders is told so beside the phone field", async () => {
    const fields = {
      intent: "checkout",
      paymentMethodId: "yape",
      fulfillment: "pickup",
      customerName: "Luis Rojas",
      customerPhone: "944 777 888",
    };
    for (const ip of ["203.0.113.42", "203.0.113.43", "203.0.113.44"]) {
      expect(((await post(fields, { cookie: await cartOf(1, ip), ip })) as Response).status).toBe(302);
    }
    const refused = (await post(fields, { cookie: await cartOf(1, "203.0.113.45"), ip: "203.0.113.45" })) as Answer & {
      data: { values: Record<string, string>; errors: Record<string, string> };
    };
    expect(refused.init?.status).toBe(429);
    expect(refused.data.toast).toMatchObject({
      title: "Pedidos pendientes",
      description:
        "Ya tienes 3 pedidos sin pagar con este celular. Coordina su pago por WhatsApp o espera a que los confirmemos antes de enviar otro.",
    });
    expect(refused.data.errors).toEqual({
      customerPhone: "Este celular ya tiene 3 pedidos sin pagar. Escríbenos por WhatsApp para coordinarlos.",
    });
    expect(refused.data.values.customerName).toBe("Luis Rojas");
  });
});
