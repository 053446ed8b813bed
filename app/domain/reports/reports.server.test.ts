import { eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";

import { bookings, onlinePayments, orderStatusChanges, paymentRefunds, products, searchDays, users } from "~/db/schema";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import type { CatalogSearchResult } from "~/domain/search/catalog-search.server";
import { flushSearchCounts } from "~/domain/search/search-counts.server";
import { noteSearchOutcome } from "~/domain/search/search-misses.server";
import { insertTestOrder } from "~test/orders";
import { findServiceId } from "~test/services";
import { setUpTestDatabase } from "~test/test-database";
import { setVariantValues } from "~test/variants";

import { getBookingReport } from "./booking-report.server";
import { getCustomerReport } from "./customer-report.server";
import { getOrderFunnel } from "./order-funnel.server";
import { getProductReport, listLowStock } from "./product-report.server";
import { exportReportTable, getReport } from "./report.server";
import { readReportRange } from "./report-range";
import { getSalesGlance } from "./sales-glance.server";
import { getSalesReport, getSalesSeries, getSalesTotals } from "./sales-report.server";
import { getSearchReport } from "./search-report.server";

const { handle } = setUpTestDatabase();

// 'Mes anterior' seen on 5 December 2026: November against October, in Lima.
const { range: november } = readReportRange({ preset: "mes-anterior" }, "2026-12-05");
let snack: { id: number; title: string };
let mouse: { id: number; title: string };

async function findProduct(prefix: string) {
  const [row] = await handle()
    .db.select({ id: products.id, title: products.title })
    .from(products)
    .where(like(products.title, `${prefix}%`));
  return row!;
}

async function place(
  productId: number,
  quantity: number,
  createdAt: string,
  extra: Parameters<typeof insertTestOrder>[1] extends infer I ? Partial<I & object> : never = {},
) {
  return insertTestOrder(handle().db, { lines: [{ productId, quantity }], createdAt: new Date(createdAt), ...extra });
}

beforeAll(async () => {
  const db = handle().db;
  await seedDemoShop(db);
  mouse = await findProduct("Ratón de Juguete");
  snack = await findProduct("Snack Dental");
  await setVariantValues(db, mouse.id, { priceCents: 10_000, stock: 100, isOfferActive: false });
  await setVariantValues(db, snack.id, { priceCents: 2_550, stock: 100, isOfferActive: false });
  await db.insert(users).values({ id: "cliente-1", name: "Rosa Díaz", email: "rosa@example.pe" });
  const repeatPhone = { customerPhone: "999 111 222", customerName: "Luis Paz" };

  // Paid at 23:30 of 31 October in Lima (already 1 November in UTC): October's.
  await place(mouse.id, 2, "2026-10-31T20:00:00Z", {
    status: "pagado",
    columns: {
      fulfillment: "delivery",
      deliveryFeeCents: 1_000,
      paidAt: new Date("2026-11-01T04:30:00Z"),
      paidAmountCents: 21_000,
    },
  });
  // October, by a customer who buys again in November.
  await place(mouse.id, 1, "2026-10-20T15:00:00Z", {
    status: "entregado",
    columns: {
      ...repeatPhone,
      fulfillment: "pickup",
      paidAt: new Date("2026-10-20T16:00:00Z"),
      paidAmountCents: 10_000,
    },
  });
  // Placed and paid at 00:30 and 01:00 of 1 November in Lima, with a S/ 12.00 coupon.
  await place(snack.id, 4, "2026-11-01T05:30:00Z", {
    status: "pagado",
    discounts: [{ name: "Cupón", code: "HOLA", kind: "amount", amountCents: 1_200 }],
    columns: {
      fulfillment: "pickup",
      paymentMethodName: "Plin",
      paidMethodName: "Plin",
      paidAt: new Date("2026-11-01T06:00:00Z"),
      paidAmountCents: 9_000,
    },
  });
  await place(mouse.id, 1, "2026-11-02T15:00:00Z", {
    status: "entregado",
    columns: {
      ...repeatPhone,
      fulfillment: "delivery",
      paidAt: new Date("2026-11-02T16:00:00Z"),
      paidAmountCents: 10_000,
    },
  });
  // Paid by card at 23:59 of 15 November in Lima, S/ 25.00 refunded (and S/ 10.00 still asked).
  const card = await place(mouse.id, 1, "2026-11-15T15:00:00Z", {
    status: "en_preparacion",
    columns: {
      userId: "cliente-1",
      fulfillment: "delivery",
      paymentMethodName: "Tarjeta",
      paidMethodName: "Tarjeta",
      paidAt: new Date("2026-11-16T04:59:00Z"),
      paidAmountCents: 10_000,
    },
  });
  const [payment] = await db
    .insert(onlinePayments)
    .values({
      orderId: card.id,
      provider: "mercadopago",
      providerPaymentId: "1",
      amountCents: 10_000,
      outcome: "paid",
      refundedCents: 3_500,
    })
    .returning();
  await db.insert(paymentRefunds).values([
    { onlinePaymentId: payment!.id, amountCents: 2_500, status: "done", requestKey: "r1" },
    { onlinePaymentId: payment!.id, amountCents: 1_000, status: "pending", requestKey: "r2" },
  ]);
  // Paid, then cancelled by the owner: no sale.
  await place(snack.id, 1, "2026-11-10T15:00:00Z", {
    status: "cancelado",
    columns: { paidAt: new Date("2026-11-10T16:00:00Z"), paidAmountCents: 2_550 },
  });
  // Expired unpaid: cancelled by the shop itself.
  const expired = await place(mouse.id, 1, "2026-11-12T15:00:00Z", { status: "cancelado" });
  await db
    .insert(orderStatusChanges)
    .values({ orderId: expired.id, fromStatus: "pendiente", toStatus: "cancelado", isAutomatic: true });
  await place(snack.id, 2, "2026-11-18T15:00:00Z");
});

describe("the November report", () => {
  test("'Ventas': paid less refunded, per Lima day, against October", async () => {
    const sales = await getSalesReport(november);
    expect(sales.current).toEqual({
      revenueCents: 26_500,
      orderCount: 3,
      averageTicketCents: 8_833,
      units: 6,
      discountCents: 1_200,
    });
    expect(sales.previous).toEqual({
      revenueCents: 31_000,
      orderCount: 2,
      averageTicketCents: 15_500,
      units: 3,
      discountCents: 0,
    });
    expect(sales.series).toHaveLength(30);
    expect(sales.series.filter((point) => point.orderCount > 0)).toEqual([
      { bucket: "2026-11-01", revenueCents: 9_000, orderCount: 1 },
      { bucket: "2026-11-02", revenueCents: 10_000, orderCount: 1 },
      { bucket: "2026-11-15", revenueCents: 7_500, orderCount: 1 },
    ]);
    expect(sales.byFulfillment).toEqual([
      { key: "delivery", revenueCents: 17_500, orderCount: 2 },
      { key: "pickup", revenueCents: 9_000, orderCount: 1 },
    ]);
    expect(sales.byMethod).toEqual([
      { key: "Yape", revenueCents: 10_000, orderCount: 1 },
      { key: "Plin", revenueCents: 9_000, orderCount: 1 },
      { key: "Tarjeta", revenueCents: 7_500, orderCount: 1 },
    ]);
  });

  test("a long range is drawn per week (from Monday) and per month", async () => {
    const { range } = readReportRange({ preset: "personalizado", from: "01/10/2026", to: "30/11/2026" }, "2026-12-05");
    expect(range.unit).toBe("day");
    const { range: long } = readReportRange(
      { preset: "personalizado", from: "01/01/2026", to: "30/11/2026" },
      "2026-12-05",
    );
    expect(long.unit).toBe("month");
    const sales = await getSalesReport(long);
    expect(sales.series).toHaveLength(11);
    expect(sales.series.slice(-2)).toEqual([
      { bucket: "2026-10-01", revenueCents: 31_000, orderCount: 2 },
      { bucket: "2026-11-01", revenueCents: 26_500, orderCount: 3 },
    ]);
  });

  test("'Embudo de pedidos': the orders placed on November's Lima days", async () => {
    expect(await getOrderFunnel(november)).toEqual({
      sentCount: 6,
      paidCount: 4,
      deliveredCount: 1,
      cancelledCount: 1,
      expiredCount: 1,
      pendingCount: 1,
    });
  });

  test("'Productos': best sellers, products without sales and the days of stock left", async () => {
    const report = await getProductReport(november, "2026-12-05");
    expect(report.byUnits).toEqual([
      { name: snack.title, units: 4, revenueCents: 10_200 },
      { name: mouse.title, units: 2, revenueCents: 20_000 },
    ]);
    expect(report.byRevenue.map((row) => row.name)).toEqual([mouse.title, snack.title]);
    expect(report.byBrand.reduce((sum, row) => sum + row.revenueCents, 0)).toBe(30_200);
    expect(report.byCategory.reduce((sum, row) => sum + row.units, 0)).toBe(6);
    const live = await handle().db.select({ id: products.id }).from(products).where(eq(products.isArchived, false));
    expect(report.unsoldCount).toBe(live.length - 2);
    expect(report.unsold.map((row) => row.productId)).not.toContain(snack.id);

    // On 20 November the last 30 days ordered 6 snacks (4 + 2; the cancelled one not): 3 left last 15 days.
    await setVariantValues(handle().db, snack.id, { stock: 3 });
    const low = await listLowStock("2026-11-20");
    expect(low.find((row) => row.productId === snack.id)).toMatchObject({ stock: 3, recentUnits: 6, daysLeft: 15 });
  });

  test("'Clientes': new and returning, top customers, orders from an account", async () => {
    expect(await getCustomerReport(november)).toEqual({
      customerCount: 3,
      newCount: 2,
      returningCount: 1,
      orderCount: 3,
      registeredOrderCount: 1,
      top: [
        { name: "Luis Paz", phone: "999 111 222", orderCount: 1, revenueCents: 10_000 },
        expect.objectContaining({ orderCount: 1, revenueCents: 9_000 }),
        expect.objectContaining({ orderCount: 1, revenueCents: 7_500 }),
      ],
    });
  });

  test("'Servicios y reservas': per service and per Lima hour", async () => {
    const serviceId = await findServiceId(handle().db, "Baño y Corte para Perro");
    const booking = (startsAt: string, status: "attended" | "no_show" | "cancelled", code: string) => ({
      code,
      accessToken: code,
      serviceId,
      serviceTitle: "Baño y Corte para Perro",
      size: "small" as const,
      startsAt: new Date(startsAt),
      endsAt: new Date(new Date(startsAt).getTime() + 3_600_000),
      status,
      petName: "Toby",
      petSpecies: "dog" as const,
      customerName: "Ana",
      customerPhone: "987654321",
    });
    await handle()
      .db.insert(bookings)
      .values([
        booking("2026-11-03T15:00:00Z", "attended", "R1"),
        booking("2026-11-03T15:30:00Z", "no_show", "R2"),
        booking("2026-11-04T20:00:00Z", "cancelled", "R3"),
        // 20:00 of 30 November in Lima, 1 December in UTC: November's.
        booking("2026-12-01T01:00:00Z", "attended", "R4"),
        booking("2026-12-01T15:00:00Z", "attended", "R5"),
      ]);
    expect(await getBookingReport(november)).toEqual({
      byService: [
        { service: "Baño y Corte para Perro", bookingCount: 4, attendedCount: 2, noShowCount: 1, cancelledCount: 1 },
      ],
      byHour: [
        { hour: 10, bookingCount: 2 },
        { hour: 20, bookingCount: 1 },
      ],
    });
  });

  test("'Búsquedas': the searches of the range's days, and those that found nothing", async () => {
    const searched = (query: string, found: number) =>
      ({ query, products: { total: found }, services: { total: 0 } }) as unknown as CatalogSearchResult;
    noteSearchOutcome(searched("Croquetas", 3), new Date("2026-11-05T15:00:00Z"));
    noteSearchOutcome(searched("croquetas", 3), new Date("2026-11-06T15:00:00Z"));
    noteSearchOutcome(searched("loro", 0), new Date("2026-11-06T15:00:00Z"));
    // 1 December in UTC, still 30 November in Lima.
    noteSearchOutcome(searched("Loro ", 0), new Date("2026-12-01T03:00:00Z"));
    noteSearchOutcome(searched("loro", 0), new Date("2026-12-01T15:00:00Z"));
    // Written behind (ADR 065); the report writes them before it reads.
    expect(await handle().db.select().from(searchDays).where(eq(searchDays.query, "loro"))).toEqual([]);
    await flushSearchCounts();
    expect(await handle().db.select().from(searchDays).where(eq(searchDays.query, "loro"))).toHaveLength(3);
    expect(await getSearchReport(november)).toEqual({
      top: [
        { query: "croquetas", searchCount: 2, missCount: 0 },
        { query: "loro", searchCount: 2, missCount: 2 },
      ],
      misses: [{ query: "loro", searchCount: 2, missCount: 2 }],
    });
  });

  test("the whole page shows each section's figures, and a table downloads", async () => {
    const on5December = new Date("2026-12-05T15:00:00Z");
    const report = await getReport({ preset: "mes-anterior" }, on5December);
    expect(report.data.ventas).toEqual(await getSalesReport(november));
    expect(report.data.productos).toEqual(await getProductReport(november, "2026-12-05"));
    expect(report.data.clientes).toEqual(await getCustomerReport(november));
    expect(report.tables.ventas[0]!.rows[0]).toEqual(["Ingresos pagados", 26_500, 31_000, "−15 %"]);
    const file = await exportReportTable({ preset: "mes-anterior" }, "clientes-top", on5December);
    expect(file?.fileName).toBe("reporte-clientes-top-2026-11-01-a-2026-11-30.xlsx");
    expect(file?.bytes.byteLength).toBeGreaterThan(1000);
    expect(await exportReportTable({ preset: "mes-anterior" }, "otra-tabla", on5December)).toBeNull();
  });

  test("the dashboard's glance: today and this month against the same days of last month", async () => {
    const glance = await getSalesGlance(new Date("2026-11-20T20:00:00Z"));
    expect(glance.day).toMatchObject({ previousDate: "2026-10-20" });
    expect(glance.day.current.revenueCents).toBe(0);
    // 20 October: the repeat customer's S/ 100.00.
    expect(glance.day.previous.revenueCents).toBe(10_000);
    expect(glance.month.current.revenueCents).toBe(26_500);
    expect(glance.month.previous.revenueCents).toBe(10_000);
    expect(glance.series.current).toHaveLength(20);
    expect(glance.series.previous).toHaveLength(20);
    // Added up from one statement's days, the glance tells what the reports' own sums tell.
    const month = { from: "2026-11-01", to: "2026-11-20" };
    const lastMonth = { from: "2026-10-01", to: "2026-10-20" };
    expect(glance.day.current).toEqual(await getSalesTotals({ from: "2026-11-20", to: "2026-11-20" }));
    expect(glance.day.previous).toEqual(await getSalesTotals({ from: "2026-10-20", to: "2026-10-20" }));
    expect(glance.month.current).toEqual(await getSalesTotals(month));
    expect(glance.month.previous).toEqual(await getSalesTotals(lastMonth));
    expect(glance.series.current).toEqual(await getSalesSeries(month, "day"));
    expect(glance.series.previous).toEqual(await getSalesSeries(lastMonth, "day"));
    expect(glance.month.current.orderCount).toBeGreaterThan(0);
    expect(glance.series.current.some((point) => point.revenueCents > 0)).toBe(true);
  });
});
