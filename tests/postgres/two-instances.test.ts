import { and, count, eq, inArray, like, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, expect, test } from "vitest";

import { MIGRATION_LOCK_ID } from "~/db/client.server";
import { contactMessages, orders, orderStatusChanges, products, productVariants } from "~/db/schema";

import { findForm } from "../support/html-form";
import { insertTestOrder } from "../support/orders";
import { serverProblems, type ServerProcess, signInAtAdmin } from "../support/server-process";
import { formPost, mergeCookies, placeGuestOrderOverHttp } from "../support/shop-traffic";
import {
  createEmptyDatabase,
  instanceEnv,
  spawnInstance,
  startTwoInstances,
  type TwoInstances,
} from "../support/two-instances";

// Runs only with TEST_DATABASE_URL (see vitest.config.ts and .ci/run): two production servers
// on one PostgreSQL database, each with its own DATA_DIR and page cache (ADR 042). The tests
// run in order on one pair: the housekeeping's first run, a minute after both started, is
// awaited by the third test, and the last one kills instance A.
let shop: TwoInstances;
let startedAt: number;
let overdueOrder: { id: number; code: string };
let overdueProductId: number;
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  startedAt = Date.now();
  shop = await startTwoInstances();
  const { db } = shop.database;
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.title, "Ratón de Juguete con Catnip"));
  overdueProductId = product!.id;
  // Unpaid for three days (the shop's 'Horas para pagar' is 24): both housekeepings will find it.
  overdueOrder = await insertTestOrder(db, {
    lines: [{ productId: overdueProductId, quantity: 4 }],
    createdAt: new Date(Date.now() - 72 * HOUR),
  });
}, 120_000);

afterAll(async () => {
  await shop?.stop();
});

async function text(server: ServerProcess, path: string, init: RequestInit = {}) {
  const response = await fetch(`${server.url}${path}`, { redirect: "manual", ...init });
  const html = (await response.text()).replaceAll("<!-- -->", "");
  return { status: response.status, cache: response.headers.get("x-cache"), html };
}

test("a product edited through A is fresh on B within a second", async () => {
  const { a, b } = shop;
  const [product] = await shop.database.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.title, "Cama Acolchada Redonda para Gato"));
  const page = `/producto/${product!.id}`;
  await text(b, page);
  const stored = await text(b, page);
  expect(stored.cache).toBe("HIT");
  const title = "Cama Acolchada Redonda Premium para Gato";
  expect(stored.html).not.toContain(title);

  const cookie = await signInAtAdmin(a.url);
  const editor = `/admin/productos/editar/${product!.id}`;
  const form = findForm((await text(a, editor, { headers: { Cookie: cookie } })).html, { title: true });
  const saved = await formPost(a.url, form.action || editor, { ...form.fields, title }, { Cookie: cookie });
  expect(saved.status).toBe(302);
  const savedAt = Date.now();
  let seen = false;
  while (!seen && Date.now() - savedAt < 1_000) {
    seen = (await text(b, page)).html.includes(title);
    if (!seen) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(seen, "B shows the new title within 1 s").toBe(true);
});

/** One guest order from `ip` through `server`: its status (302 placed, 429 over the address's limit). */
async function orderFrom(server: ServerProcess, ip: string, productId: number, phone: string): Promise<number> {
  const visitor = { "X-Forwarded-For": ip };
  const added = await formPost(
    server.url,
    "/carrito",
    { intent: "add", productId: String(productId), quantity: "1" },
    visitor,
  );
  if (added.status !== 200) expect.fail(`add to cart answered ${added.status}: ${serverProblems(server)}`);
  await added.body?.cancel();
  const checkout = await formPost(
    server.url,
    "/carrito",
    {
      intent: "checkout",
      paymentMethodId: "yape",
      fulfillment: "pickup",
      customerName: "Ana Torres",
      customerPhone: phone,
    },
    { Cookie: mergeCookies("", added), ...visitor },
  );
  await checkout.body?.cancel();
  if (checkout.status !== 302 && checkout.status !== 429) {
    expect.fail(`checkout answered ${checkout.status}: ${serverProblems(server)}`);
  }
  return checkout.status;
}

/** Products with one presentación and stock enough for a few units each to one shopper. */
async function singlePresentationProducts(): Promise<number[]> {
  const single = await shop.database.db
    .select({ id: productVariants.productId })
    .from(productVariants)
    .groupBy(productVariants.productId)
    .having(and(eq(count(), 1), sql`min(${productVariants.stock}) >= 20`));
  // Four of the demo shop's: no product gets more than the 10 units one shopper may hold.
  expect(single.length).toBeGreaterThanOrEqual(4);
  return single.map((row) => row.id);
}

test("orders from one address split between A and B stop at the shop's limit of 20 an hour", async () => {
  const { db } = shop.database;
  const ids = await singlePresentationProducts();
  const ip = "203.0.113.77";
  const answers: number[] = [];
  for (let i = 0; i < 22; i++) {
    const server = i % 2 === 0 ? shop.a : shop.b;
    answers.push(await orderFrom(server, ip, ids[i % ids.length]!, `9${String(70_000_000 + i)}`));
  }
  expect(answers.slice(0, 20)).toEqual(Array(20).fill(302));
  expect(answers.slice(20)).toEqual([429, 429]);
  const [placed] = await db.select({ n: count() }).from(orders).where(eq(orders.clientIp, ip));
  expect(placed!.n).toBe(20);
});

test("26 orders at once from another address, half through each instance: exactly 20 placed", async () => {
  const { db } = shop.database;
  const ids = await singlePresentationProducts();
  const ip = "203.0.113.78";
  const answers = await Promise.all(
    Array.from({ length: 26 }, (_, i) =>
      orderFrom(i % 2 === 0 ? shop.a : shop.b, ip, ids[i % ids.length]!, `9${String(71_000_000 + i)}`),
    ),
  );
  expect(answers.filter((status) => status === 302)).toHaveLength(20);
  expect(answers.filter((status) => status === 429)).toHaveLength(6);
  const [placed] = await db.select({ n: count() }).from(orders).where(eq(orders.clientIp, ip));
  expect(placed!.n).toBe(20);
});

test("32 contact messages at once from one address, half through each instance: the limit of 30 an hour holds", async () => {
  const visitor = { "X-Forwarded-For": "203.0.113.79" };
  const answers = await Promise.all(
    Array.from({ length: 32 }, async (_, i) => {
      const server = i % 2 === 0 ? shop.a : shop.b;
      const fields = {
        fullName: `Visitante ${i}`,
        email: `visitante${i}@example.pe`,
        subject: "Horario",
        message: "¿Abren los domingos?",
      };
      const response = await formPost(server.url, "/contacto", fields, visitor);
      return { status: response.status, html: await response.text() };
    }),
  );
  expect(answers.filter((answer) => answer.status === 302)).toHaveLength(30);
  const refused = answers.filter((answer) => answer.status === 429);
  expect(refused).toHaveLength(2);
  for (const answer of refused) expect(answer.html).toContain("Recibimos demasiados envíos desde tu conexión.");
  const [stored] = await shop.database.db
    .select({ n: count() })
    .from(contactMessages)
    .where(like(contactMessages.fullName, "Visitante %"));
  expect(stored!.n).toBe(30);
});

test("an expired order is cancelled once although both instances run the housekeeping", async () => {
  const { db } = shop.database;
  const stockOf = async () =>
    (await db.select({ stock: products.stock }).from(products).where(eq(products.id, overdueProductId)))[0]!.stock;
  const before = await stockOf();
  // Both instances run it a minute after their start, at about the same time.
  await expect
    .poll(
      async () =>
        (await db.select({ status: orders.status }).from(orders).where(eq(orders.id, overdueOrder.id)))[0]!.status,
      // A minute after each instance listened; a loaded machine takes up to a minute to start them.
      { timeout: Math.max(5_000, startedAt + 180_000 - Date.now()), interval: 500 },
    )
    .toBe("cancelado");
  const housekeepingRuns = () =>
    [shop.a, shop.b].flatMap((server) =>
      server
        .output()
        .split("\n")
        .filter((line) => line.includes('"msg":"housekeeping"'))
        .map((line) => JSON.parse(line) as { expiredOrders?: number }),
    );
  // Both instances' runs are over (a run cancels and then logs).
  await expect.poll(() => housekeepingRuns().length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
  const cancelled = await db
    .select({ n: count() })
    .from(orderStatusChanges)
    .where(and(eq(orderStatusChanges.orderId, overdueOrder.id), eq(orderStatusChanges.toStatus, "cancelado")));
  expect(cancelled[0]!.n).toBe(1);
  expect(housekeepingRuns().reduce((total, run) => total + (run.expiredOrders ?? 0), 0)).toBe(1);
  expect(await stockOf()).toBe(before + 4);
}, 240_000);

test("kill -9 of A while shoppers order through both: every acknowledged order is stored, B keeps serving", async () => {
  const { a, b } = shop;
  const { db } = shop.database;
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.title, "Snack Dental para Perro x 7 unidades"));
  const line = [{ productId: product!.id, quantity: 1 }];
  const acknowledged: string[] = [];
  let firstThroughA: () => void = () => {};
  const aAnswered = new Promise<void>((resolve) => (firstThroughA = resolve));
  const visits = Array.from({ length: 24 }, async (_, i) => {
    const server = i % 2 === 0 ? a : b;
    await new Promise((resolve) => setTimeout(resolve, i * 40));
    try {
      const { code } = await placeGuestOrderOverHttp(server.url, line, `Cliente ${i}`);
      acknowledged.push(code);
      if (server === a) firstThroughA();
      return "placed";
    } catch {
      return server === a ? "lost with A" : "failed on B";
    }
  });
  await aAnswered;
  a.child.kill("SIGKILL");
  expect(await a.exited).toBeNull();
  const outcomes = await Promise.all(visits);
  expect(outcomes).not.toContain("failed on B");
  expect(acknowledged.length).toBeGreaterThan(0);
  const stored = await db.select({ code: orders.code }).from(orders).where(inArray(orders.code, acknowledged));
  expect(stored.map((row) => row.code).sort()).toEqual([...acknowledged].sort());

  // B goes on: pages, and new orders.
  expect((await text(b, "/productos")).status).toBe(200);
  for (let i = 0; i < 3; i++) {
    const { code } = await placeGuestOrderOverHttp(b.url, line, `Después ${i}`);
    expect((await db.select({ code: orders.code }).from(orders).where(eq(orders.code, code))).length).toBe(1);
  }
});

test("kill -9 of an instance holding the start-up's lock (migrating an empty database): the other does the work", async () => {
  const database = await createEmptyDatabase();
  const locks = new pg.Client({ connectionString: database.url });
  await locks.connect();
  const first = await spawnInstance(instanceEnv(database.url));
  let second: Awaited<ReturnType<typeof spawnInstance>> | undefined;
  try {
    // The first instance holds the migrations' advisory lock (and is migrating, or seeding).
    await expect
      .poll(
        async () =>
          (
            await locks.query<{ n: number }>(
              "select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = $1 and granted",
              [MIGRATION_LOCK_ID],
            )
          ).rows[0]!.n,
        { timeout: 30_000, interval: 10 },
      )
      .toBe(1);
    second = await spawnInstance(instanceEnv(database.url));
    first.child.kill("SIGKILL");
    await second.listening;
    const home = await fetch(`http://localhost:${second.port}/productos`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Perros");
    const counts = await locks.query<{ products: number; admins: number }>(
      "select (select count(*)::int from products) as products, (select count(*)::int from users) as admins",
    );
    // The demo shop, seeded once: six products and the one administrator.
    expect(counts.rows[0]).toEqual({ products: 6, admins: 1 });
  } finally {
    first.child.kill("SIGKILL");
    second?.child.kill("SIGTERM");
    await new Promise((resolve) => (second ? second.child.once("exit", resolve) : resolve(null)));
    await locks.end();
    await database.drop();
  }
}, 120_000);
