// The reports' daily sums (sales_days, product_sales_days: ADR 045) are kept by triggers: after
// every kind of write to orders, their lines, their payments or their refunds, they hold what
// ADR 040's definition sums from the orders, to the céntimo. PGlite, and PostgreSQL with
// TEST_DATABASE_URL (where the concurrent payments really run side by side).
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";

import { onlinePayments, orderLines, orders, paymentRefunds, products } from "~/db/schema";
import { changeOrderStatus } from "~/domain/orders/order-admin.server";
import { markOrderPaid } from "~/domain/orders/order-payment-admin.server";
import { backgroundWorkSettled } from "~/lib/background-work.server";
import { insertTestOrder, type TestOrderInput } from "~test/orders";
import { seededShopWithAdmin } from "~test/seeded-shop";
import { setVariantValues } from "~test/variants";

vi.mock("~/lib/mail.server", () => import("~test/captured-mail"));

const { handle, adminId } = seededShopWithAdmin();
let mouse: number;
let snack: number;

type DayRow = {
  day: string;
  fulfillment: string;
  method: string;
  orders: number;
  revenue: number;
  discount: number;
  units: number;
};
type ProductRow = { day: string; productId: number | null; units: number; revenue: number };

async function rows<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await handle().db.execute(statement)) as unknown as { rows: T[] }).rows.map((row) => ({ ...row }));
}

/** The sums as the triggers keep them. */
function readSums() {
  return Promise.all([
    rows<DayRow>(sql`
      select day::text as day, fulfillment, method, order_count::float8 as orders, revenue_cents::float8 as revenue,
        discount_cents::float8 as discount, units::float8 as units
      from sales_days order by 1, 2, 3`),
    rows<ProductRow>(sql`
      select day::text as day, product_id as "productId", units::float8 as units, revenue_cents::float8 as revenue
      from product_sales_days order by 1, 2`),
  ]);
}

/** The same sums worked out again from the orders, as the reports did before ADR 045. */
function recountFromOrders() {
  const sales = sql`
    select o.id, (o.paid_at at time zone 'America/Lima')::date::text as day, coalesce(o.fulfillment, 'sin_dato') as fulfillment,
      coalesce(nullif(o.paid_method_name, ''), o.payment_method_name) as method, o.discount_cents,
      coalesce(o.paid_amount_cents, o.total_cents) - coalesce((
        select sum(r.amount_cents) from payment_refunds r join online_payments p on p.id = r.online_payment_id
        where p.order_id = o.id and p.outcome = 'paid' and r.status = 'done'), 0) as revenue
    from orders o where o.paid_at is not null and o.status <> 'cancelado'`;
  return Promise.all([
    rows<DayRow>(sql`
      select s.day, s.fulfillment, s.method, count(*)::float8 as orders, sum(s.revenue)::float8 as revenue,
        sum(s.discount_cents)::float8 as discount,
        coalesce(sum((select sum(l.quantity) from order_lines l where l.order_id = s.id)), 0)::float8 as units
      from (${sales}) s group by 1, 2, 3 order by 1, 2, 3`),
    rows<ProductRow>(sql`
      select s.day, l.product_id as "productId", sum(l.quantity)::float8 as units, sum(l.line_total_cents)::float8 as revenue
      from (${sales}) s join order_lines l on l.order_id = s.id group by 1, 2 order by 1, 2`),
  ]);
}

async function expectSumsExact() {
  expect(await readSums()).toEqual(await recountFromOrders());
}

async function daySums(day: string) {
  const [days, productDays] = await readSums();
  return { days: days.filter((row) => row.day === day), products: productDays.filter((row) => row.day === day) };
}

function place(
  lines: TestOrderInput["lines"],
  columns: TestOrderInput["columns"] = {},
  status?: TestOrderInput["status"],
) {
  return insertTestOrder(handle().db, { lines, columns, ...(status ? { status } : {}) });
}

beforeAll(async () => {
  const db = handle().db;
  const [mouseRow] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.title, "Ratón de Juguete con Catnip"));
  const [snackRow] = await db
    .select({ id: products.id })
    .from(products)
    .where(sql`${products.title} like 'Snack Dental%'`);
  mouse = mouseRow!.id;
  snack = snackRow!.id;
  await setVariantValues(db, mouse, { priceCents: 10_000, stock: 5_000, isOfferActive: false });
  await setVariantValues(db, snack, { priceCents: 2_550, stock: 5_000, isOfferActive: false });
});

afterAll(async () => {
  await backgroundWorkSettled();
});

describe("the reports' daily sums", () => {
  test("start equal to the orders the demo shop already holds", async () => {
    await expectSumsExact();
  });

  test("an order paid from the back office counts on today's Lima day, moving along changes nothing, cancelling takes it away", async () => {
    const admin = { id: adminId() };
    const order = await place([
      { productId: mouse, quantity: 2 },
      { productId: snack, quantity: 1 },
    ]);
    // The day 'Marcar como pagado' records, by the database's clock.
    const [clock] = await rows<{ today: string }>(sql`select (now() at time zone 'America/Lima')::date::text as today`);
    const today = clock!.today;
    const before = await daySums(today);
    const plinRow = (sums: typeof before) =>
      sums.days.find((row) => row.fulfillment === "sin_dato" && row.method === "Plin");
    const mouseOf = (sums: typeof before) => sums.products.find((row) => row.productId === mouse);

    const paid = await markOrderPaid(admin, order.id, { methodName: "Plin", amountCents: 22_000, operation: "OP-1" });
    expect(paid.status).toBe("paid");
    const after = await daySums(today);
    expect(plinRow(after)).toMatchObject({
      orders: (plinRow(before)?.orders ?? 0) + 1,
      revenue: (plinRow(before)?.revenue ?? 0) + 22_000,
      units: (plinRow(before)?.units ?? 0) + 3,
    });
    expect(mouseOf(after)).toMatchObject({
      units: (mouseOf(before)?.units ?? 0) + 2,
      revenue: (mouseOf(before)?.revenue ?? 0) + 20_000,
    });
    await expectSumsExact();

    expect((await changeOrderStatus(admin, order.id, "en_preparacion")).status).toBe("changed");
    expect(await daySums(today)).toEqual(after);

    const cancelled = await changeOrderStatus(admin, order.id, "cancelado", undefined, { cancelReason: "Sin stock" });
    expect(cancelled.status).toBe("changed");
    expect(await daySums(today)).toEqual(before);
    await expectSumsExact();
  });

  test("a payment at 23:30 in Lima is that Lima day's; its date, amount, method or delivery corrected moves it", async () => {
    const db = handle().db;
    const order = await place([{ productId: snack, quantity: 4 }], { fulfillment: "pickup" });
    // 23:30 of 13 March in Lima is already 14 March in UTC.
    await db
      .update(orders)
      .set({
        status: "pagado",
        paidAt: new Date("2031-03-14T04:30:00Z"),
        paidAmountCents: 9_000,
        paidMethodName: "Yape",
      })
      .where(eq(orders.id, order.id));
    expect(await daySums("2031-03-13")).toEqual({
      days: [
        { day: "2031-03-13", fulfillment: "pickup", method: "Yape", orders: 1, revenue: 9_000, discount: 0, units: 4 },
      ],
      products: [{ day: "2031-03-13", productId: snack, units: 4, revenue: 10_200 }],
    });
    expect(await daySums("2031-03-14")).toEqual({ days: [], products: [] });

    await db
      .update(orders)
      .set({
        paidAt: new Date("2031-03-14T15:00:00Z"),
        paidAmountCents: 10_200,
        paidMethodName: "Plin",
        fulfillment: "delivery",
      })
      .where(eq(orders.id, order.id));
    expect(await daySums("2031-03-13")).toEqual({ days: [], products: [] });
    expect(await daySums("2031-03-14")).toEqual({
      days: [
        {
          day: "2031-03-14",
          fulfillment: "delivery",
          method: "Plin",
          orders: 1,
          revenue: 10_200,
          discount: 0,
          units: 4,
        },
      ],
      products: [{ day: "2031-03-14", productId: snack, units: 4, revenue: 10_200 }],
    });
    // The payment taken back ('Pendiente' again): no sale.
    await db.update(orders).set({ paidAt: null, status: "pendiente" }).where(eq(orders.id, order.id));
    expect(await daySums("2031-03-14")).toEqual({ days: [], products: [] });
    await expectSumsExact();
  });

  test("a refund counts once the provider confirmed it, while its payment is the order's paid one", async () => {
    const db = handle().db;
    const order = await place(
      [{ productId: mouse, quantity: 1 }],
      {
        paidAt: new Date("2031-04-02T15:00:00Z"),
        paidAmountCents: 10_000,
        paidMethodName: "Tarjeta",
      },
      "pagado",
    );
    const revenue = async () => (await daySums("2031-04-02")).days.map((row) => row.revenue);
    expect(await revenue()).toEqual([10_000]);
    const [payment] = await db
      .insert(onlinePayments)
      .values({
        orderId: order.id,
        provider: "mercadopago",
        providerPaymentId: `sums-${order.id}`,
        amountCents: 10_000,
        outcome: "paid",
      })
      .returning();
    const [pending] = await db
      .insert(paymentRefunds)
      .values({ onlinePaymentId: payment!.id, amountCents: 2_500, requestKey: `sums-${order.id}-1` })
      .returning();
    expect(await revenue()).toEqual([10_000]);
    await db.update(paymentRefunds).set({ status: "done" }).where(eq(paymentRefunds.id, pending!.id));
    expect(await revenue()).toEqual([7_500]);
    await db
      .insert(paymentRefunds)
      .values({ onlinePaymentId: payment!.id, amountCents: 1_000, status: "done", requestKey: `sums-${order.id}-2` });
    expect(await revenue()).toEqual([6_500]);
    await expectSumsExact();
    // A payment that turns out not to be the order's ('duplicate'): its refunds are not the order's.
    await db.update(onlinePayments).set({ outcome: "duplicate" }).where(eq(onlinePayments.id, payment!.id));
    expect(await revenue()).toEqual([10_000]);
    await db.update(onlinePayments).set({ outcome: "paid" }).where(eq(onlinePayments.id, payment!.id));
    expect(await revenue()).toEqual([6_500]);
    await db.delete(paymentRefunds).where(eq(paymentRefunds.id, pending!.id));
    expect(await revenue()).toEqual([9_000]);
    await db.delete(onlinePayments).where(eq(onlinePayments.id, payment!.id));
    expect(await revenue()).toEqual([10_000]);
    await expectSumsExact();
  });

  test("lines added, changed or removed change the day's units and its products", async () => {
    const db = handle().db;
    const order = await place(
      [{ productId: mouse, quantity: 1 }],
      {
        paidAt: new Date("2031-05-05T15:00:00Z"),
        paidAmountCents: 10_000,
        paidMethodName: "Yape",
      },
      "entregado",
    );
    const [line] = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    await db.update(orderLines).set({ quantity: 3, lineTotalCents: 30_000 }).where(eq(orderLines.id, line!.id));
    await db.insert(orderLines).values({
      orderId: order.id,
      productId: snack,
      variantId: null,
      title: "Snack",
      unitPriceCents: 2_550,
      quantity: 2,
      lineTotalCents: 5_100,
    });
    expect(await daySums("2031-05-05")).toEqual({
      days: [
        {
          day: "2031-05-05",
          fulfillment: "sin_dato",
          method: "Yape",
          orders: 1,
          revenue: 10_000,
          discount: 0,
          units: 5,
        },
      ],
      products: [
        { day: "2031-05-05", productId: mouse, units: 3, revenue: 30_000 },
        { day: "2031-05-05", productId: snack, units: 2, revenue: 5_100 },
      ].sort((a, b) => a.productId - b.productId),
    });
    await db.update(orderLines).set({ productId: snack }).where(eq(orderLines.id, line!.id));
    expect((await daySums("2031-05-05")).products).toEqual([
      { day: "2031-05-05", productId: snack, units: 5, revenue: 35_100 },
    ]);
    await db.delete(orderLines).where(eq(orderLines.id, line!.id));
    expect(await daySums("2031-05-05")).toMatchObject({
      days: [{ units: 2 }],
      products: [{ productId: snack, units: 2, revenue: 5_100 }],
    });
    await expectSumsExact();
  });

  test("orders written many at a time add up as one by one, and a deleted order takes its sale with it", async () => {
    const db = handle().db;
    const inserted = await db
      .insert(orders)
      .values(
        [1, 2, 3].map((n) => ({
          code: `SUMS-${n}`,
          customerPhone: `900 000 00${n}`,
          paymentMethodName: "Yape",
          status: "entregado" as const,
          totalCents: 2_550 * n,
          paidAt: new Date(`2031-06-0${n}T15:00:00Z`),
        })),
      )
      .returning({ id: orders.id });
    const ids = inserted.map((row) => row.id).sort((a, b) => a - b);
    await db.insert(orderLines).values(
      ids.map((orderId, index) => ({
        orderId,
        productId: snack,
        title: "Snack",
        unitPriceCents: 2_550,
        quantity: index + 1,
        lineTotalCents: 2_550 * (index + 1),
      })),
    );
    expect(await daySums("2031-06-03")).toEqual({
      days: [
        {
          day: "2031-06-03",
          fulfillment: "sin_dato",
          method: "Yape",
          orders: 1,
          revenue: 7_650,
          discount: 0,
          units: 3,
        },
      ],
      products: [{ day: "2031-06-03", productId: snack, units: 3, revenue: 7_650 }],
    });
    await expectSumsExact();
    await db.delete(orders).where(inArray(orders.id, ids));
    for (const day of ["2031-06-01", "2031-06-02", "2031-06-03"]) {
      expect(await daySums(day)).toEqual({ days: [], products: [] });
    }
    await expectSumsExact();
  });

  test("orders of one day paid at the same time add up exactly", async () => {
    const admin = { id: adminId() };
    const placed = [];
    for (let n = 0; n < 8; n++) {
      placed.push(
        await place([
          { productId: n % 2 ? mouse : snack, quantity: 1 },
          { productId: n % 2 ? snack : mouse, quantity: 1 },
        ]),
      );
    }
    const results = await Promise.all(
      placed.map((order) =>
        markOrderPaid(admin, order.id, { methodName: "Yape", amountCents: order.totalCents, operation: "" }),
      ),
    );
    expect(results.map((result) => result.status)).toEqual(placed.map(() => "paid"));
    await expectSumsExact();
  });
});
