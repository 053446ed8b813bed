// Issue 29, finding 4, as the hostile shopper played it: one anonymous visitor tries to mark
// the whole catalogue 'Agotado' with orders nobody pays. With the default limits (10 units or
// half the stock per product, counting the visitor's unpaid orders of the last hour), no
// product with 2 units or more can sell out to them within the hour: N = the products with a
// single unit left (here 1), which any one order may take. PGlite, and PostgreSQL with
// TEST_DATABASE_URL, where the simultaneous orders of the second test really interleave.
import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";

import { orderLines, orders, products } from "~/db/schema";
import { addCartLine, ensureCart } from "~/domain/cart/cart.server";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { DEFAULT_ORDER_LIMITS, getOrderCap } from "~/domain/orders/order-limits";
import { action as cartAction } from "~/routes/store/cart";
import { requestAs } from "~test/auth";
import { setUpTestDatabase } from "~test/test-database";
import { findVariant } from "~test/variants";

import { placeOrder } from "./order.server";

const { handle } = setUpTestDatabase();
let template: typeof products.$inferInsert;
let phoneCounter = 0;

beforeAll(async () => {
  await seedDemoShop(handle().db);
  const [snack] = await handle()
    .db.select()
    .from(products)
    .where(eq(products.title, "Snack Dental para Perro x 7 unidades"));
  const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = snack!;
  template = fields;
});

/** The stocks of a small shop's shelves, the last unit of something included. */
const EXTRA_STOCKS = [1, 2, 3, 4, 5, 9, 15, 250];

async function addProducts(label: string): Promise<{ id: number; title: string; stock: number }[]> {
  return handle()
    .db.insert(products)
    .values(EXTRA_STOCKS.map((stock) => ({ ...template, title: `${label} con ${stock} en stock`, stock })))
    .returning({ id: products.id, title: products.title, stock: products.stock });
}

function newPhone(): string {
  phoneCounter += 1;
  return `9${String(phoneCounter).padStart(8, "0")}`;
}

async function stocksOf(ids: number[]): Promise<Map<number, number>> {
  const rows = await handle()
    .db.select({ id: products.id, stock: products.stock })
    .from(products)
    .where(inArray(products.id, ids));
  return new Map(rows.map((row) => [row.id, row.stock]));
}

/** Units of each product held by orders still 'Pendiente'. */
async function heldBy(ids: number[]): Promise<Map<number, number>> {
  const rows = await handle()
    .db.select({ productId: orderLines.productId, quantity: orderLines.quantity })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(inArray(orderLines.productId, ids));
  const held = new Map<number, number>();
  for (const row of rows) held.set(row.productId!, (held.get(row.productId!) ?? 0) + row.quantity);
  return held;
}

type Answer = {
  data: { stockProblems?: string[] };
  init: { status?: number; headers?: Record<string, string> } | null;
};

async function post(fields: Record<string, string>, cookie: string | null, ip: string): Promise<unknown> {
  const request = requestAs(cookie, "/carrito", { method: "POST", body: new URLSearchParams(fields) });
  return cartAction({ request, params: {}, context: { clientIp: ip } } as never);
}

/**
 * The hoarder at the cart page: each round a new cart with every product not yet refused, as
 * many units as the cart takes, and a new phone; on each refusal, the lines lowered to what
 * the answer allows (or removed), and sent again.
 */
async function hoard(ip: string, shelf: { id: number; title: string }[]): Promise<number> {
  const exhausted = new Set<number>();
  let placed = 0;
  for (let round = 0; round < 30; round++) {
    const stocks = await stocksOf(shelf.map((product) => product.id));
    const wanted = shelf.filter((product) => !exhausted.has(product.id) && stocks.get(product.id)! > 0);
    if (wanted.length === 0) break;
    let cookie: string | null = null;
    const inCart = new Set(wanted.map((product) => product.id));
    for (const product of wanted) {
      const quantity = String(Math.min(stocks.get(product.id)!, 99));
      const added = (await post({ intent: "add", productId: String(product.id), quantity }, cookie, ip)) as Answer;
      cookie ??= added.init?.headers?.["Set-Cookie"]?.split(";")[0] ?? null;
    }
    for (let attempt = 0; attempt < 10; attempt++) {
      const answer = await post(
        {
          intent: "checkout",
          paymentMethodId: "yape",
          fulfillment: "pickup",
          customerName: "Hoarder",
          customerPhone: newPhone(),
        },
        cookie,
        ip,
      );
      if (answer instanceof Response) {
        expect(answer.status).toBe(302);
        placed += 1;
        break;
      }
      const refused = answer as Answer;
      // 429: the address's orders of the hour are used up.
      if (refused.init?.status === 429) return placed;
      expect(refused.init?.status).toBe(409);
      const problems = refused.data.stockProblems ?? [];
      expect(problems.length).toBeGreaterThan(0);
      for (const problem of problems) {
        const product = shelf.find(
          (candidate) => problem.startsWith(`${candidate.title}:`) || problem.startsWith(`${candidate.title} `),
        )!;
        const allowed =
          /hasta (\d+) unidad/.exec(problem)?.[1] ?? /solo quedan? (\d+) unidad/.exec(problem)?.[1] ?? "0";
        if (allowed === "0") {
          exhausted.add(product.id);
          inCart.delete(product.id);
        }
        const { id: variantId } = await findVariant(handle().db, product.id);
        await post({ intent: "update", variantId: String(variantId), quantity: allowed }, cookie, ip);
      }
      if (inCart.size === 0) break;
    }
  }
  return placed;
}

test(
  "one address, a new phone every time, adapting to every refusal: no product with 2 units or more sells out",
  { timeout: 120_000 },
  async () => {
    // The products without sizes: the hoarder adds by product. (The same caps apply to each
    // presentación: tests/postgres/oversell.test.ts and order-stock-race.)
    const seeded = await handle()
      .db.select({ id: products.id, title: products.title, stock: products.stock })
      .from(products)
      .where(
        and(
          eq(products.isArchived, false),
          sql`(select count(*) from product_variants v where v.product_id = "products"."id" and not v.is_archived) = 1`,
        ),
      );
    const shelf = [...seeded, ...(await addProducts("Juguete"))];
    const initial = new Map(shelf.map((product) => [product.id, product.stock]));

    const placed = await hoard("198.51.100.66", shelf);
    expect(placed).toBeGreaterThan(0);

    const stocks = await stocksOf([...initial.keys()]);
    const held = await heldBy([...initial.keys()]);
    const soldOut = shelf.filter((product) => stocks.get(product.id) === 0);
    // Only the product that had a single unit: N = 1.
    expect(soldOut.map((product) => initial.get(product.id))).toEqual([1]);
    for (const product of shelf) {
      const cap = getOrderCap(DEFAULT_ORDER_LIMITS, initial.get(product.id)!);
      // The hoarder got all the rules allow of every product, and not one unit more.
      expect(held.get(product.id), product.title).toBe(cap);
      expect(stocks.get(product.id), product.title).toBe(initial.get(product.id)! - cap);
    }
  },
);

test(
  "the same hoard sent all at once, three orders per product: each product gives its share once",
  { timeout: 120_000 },
  async () => {
    const shelf = await addProducts("Rascador");
    const ip = "198.51.100.77";
    const carts: { productId: number; cartId: string }[] = [];
    for (const product of shelf) {
      for (let copy = 0; copy < 3; copy++) {
        const { cartId } = await ensureCart(new Request("http://localhost:3000/carrito"), null);
        expect(
          (
            await addCartLine(cartId, {
              productId: product.id,
              quantity: getOrderCap(DEFAULT_ORDER_LIMITS, product.stock),
            })
          ).status,
        ).toBe("added");
        carts.push({ productId: product.id, cartId });
      }
    }
    // Straight to the checkout, past the cart page's in-memory count per address: the limit on
    // holdings alone must stop them.
    const results = await Promise.all(
      carts.map(({ cartId }) =>
        placeOrder({
          cartId,
          userId: null,
          clientIp: ip,
          paymentMethodId: "yape",
          customerName: "Hoarder",
          customerPhone: newPhone(),
        }),
      ),
    );

    for (const product of shelf) {
      const mine = results.filter((_, index) => carts[index]!.productId === product.id);
      expect(
        mine.filter((result) => result.status === "placed"),
        product.title,
      ).toHaveLength(1);
    }
    const stocks = await stocksOf(shelf.map((product) => product.id));
    for (const product of shelf) {
      const left = stocks.get(product.id)!;
      expect(left, product.title).toBe(product.stock - getOrderCap(DEFAULT_ORDER_LIMITS, product.stock));
      if (product.stock >= 2) expect(left, product.title).toBeGreaterThan(0);
    }
  },
);
