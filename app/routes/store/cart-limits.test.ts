// The limits of POST /carrito that keep one visitor from emptying the shelves: orders hold
// their units from the moment they are sent, before anyone pays.
//  - at most MAX_UNITS_PER_LINE (99) units of one product in a cart;
//  - at most 20 orders placed per address and hour;
//  - a refused first "add" leaves no cart behind and sets no cookie.
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { requestAs } from "~/auth/testing.server";
import { cartLines, carts, orders, products } from "~/db/schema";
import { seedDemoShop } from "~/db/seed/seed.server";
import { useTestDatabase } from "~/db/test-database.server";
import { action as cartAction } from "./cart";

const { handle } = useTestDatabase();
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
  await handle().db.update(products).set({ stock: 1_000_000_000 }).where(eq(products.id, productId));
});

type Answer = { data: { toast?: { title: string; description: string } }; init: { status?: number; headers?: Record<string, string> } | null };

async function post(fields: Record<string, string>, { cookie = null as string | null, ip = "10.1.1.1" } = {}) {
  const request = requestAs(cookie, "/carrito", { method: "POST", body: new URLSearchParams(fields) });
  return cartAction({ request, params: {}, context: { clientIp: ip } } as never) as Promise<unknown>;
}

function cookieOf(answer: unknown): string | null {
  const header = (answer as Answer).init?.headers?.["Set-Cookie"];
  return header ? header.split(";")[0]! : null;
}

async function lineQuantity(): Promise<number[]> {
  const rows = await handle().db.select({ quantity: cartLines.quantity }).from(cartLines).where(eq(cartLines.productId, productId));
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
      description: `Puedes pedir hasta 99 unidades de ${title} por pedido y ya tienes 99 en tu carrito. Para una cantidad mayor, escríbenos por WhatsApp.`,
    });
    const typed = (await post({ intent: "update", productId: String(productId), quantity: "150" }, { cookie })) as Answer;
    expect(typed.data.toast).toMatchObject({
      title: "Cantidad máxima",
      description: `Puedes pedir hasta 99 unidades de ${title} por pedido; ajustamos la cantidad. Para una cantidad mayor, escríbenos por WhatsApp.`,
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
      const answer = (await post({ intent: "update", productId: String(productId), quantity }, { cookie })) as Answer;
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

describe("orders placed per address", () => {
  async function checkout(ip: string) {
    const added = await post({ intent: "add", productId: String(productId) }, { ip });
    return post(
      { intent: "checkout", paymentMethodId: "yape", customerName: "Ana Torres", customerPhone: "987 654 321" },
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
      const answer = (await post({ intent: "checkout", paymentMethodId: "", customerName: "Ana", customerPhone: "987 654 321" }, { ip: "203.0.113.9" })) as Answer;
      expect(answer.init?.status).toBe(400);
    }
    expect((await checkout("203.0.113.9")) as Response).toBeInstanceOf(Response);
  });
});
