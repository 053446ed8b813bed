import { existsSync } from "node:fs";
import path from "node:path";

import { asc, eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";

import { orderLines, orders, orderStatusChanges, products, productVariants } from "~/db/schema";
import { withOwnDataDir } from "~test/order-page";
import { setUpTestDatabase } from "~test/test-database";

import { demoOrders, seedDemoOrders } from "./demo-orders";
import { seedDemoShop } from "./seed.server";

const { handle } = setUpTestDatabase();
const dataDir = withOwnDataDir();

async function stockByTitle(): Promise<Map<string, number>> {
  const rows = await handle()
    .db.select({ title: products.title, stock: productVariants.stock })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .orderBy(asc(productVariants.id));
  const stock = new Map<string, number>();
  for (const row of rows) if (!stock.has(row.title)) stock.set(row.title, row.stock);
  return stock;
}

let before: Map<string, number>;
beforeAll(async () => {
  await seedDemoShop(handle().db);
  before = await stockByTitle();
  await seedDemoOrders(handle().db, "admin");
});

test("a new shop gets four orders in different statuses, with the receipt of the unpaid one stored privately", async () => {
  const { db } = handle();
  const stored = await db.select().from(orders).orderBy(asc(orders.id));
  expect(stored.map((order) => [order.status, order.fulfillment, order.paidAt !== null])).toEqual([
    ["entregado", "delivery", true],
    ["pagado", "pickup", true],
    ["pendiente", "delivery", false],
    ["cancelado", "pickup", false],
  ]);
  const pending = stored[2]!;
  expect(pending.receiptOperation).toBe("08123456");
  expect(pending.receiptImage).toMatch(/^[a-f0-9]{32}\.webp$/);
  expect(existsSync(path.join(dataDir(), "receipts", pending.receiptImage!))).toBe(true);
  expect(stored[1]).toMatchObject({ comprobante: "factura", documentType: "ruc", documentNumber: "20100047218" });

  // Each total is its lines plus its fee, to the céntimo.
  for (const order of stored) {
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(order.totalCents).toBe(lines.reduce((sum, line) => sum + line.lineTotalCents, 0) + order.deliveryFeeCents);
    expect(order.accessToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
  }

  // The expired one was cancelled by the shop itself.
  const history = await db.select().from(orderStatusChanges).where(eq(orderStatusChanges.orderId, stored[3]!.id));
  expect(history.map((change) => [change.toStatus, change.isAutomatic])).toEqual([
    ["pendiente", false],
    ["cancelado", true],
  ]);
});

test("the open orders hold their units; the delivered and cancelled ones leave the stock as seeded", async () => {
  const after = await stockByTitle();
  const held = new Map<string, number>();
  for (const demo of demoOrders.filter((order) => order.holdsStock)) {
    for (const line of demo.lines) held.set(line.title, (held.get(line.title) ?? 0) + line.quantity);
  }
  for (const [title, stock] of before) expect(after.get(title), title).toBe(stock - (held.get(title) ?? 0));
});
