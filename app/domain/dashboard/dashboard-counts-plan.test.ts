// Migration 0031's partial indexes serve the back office's counts of orders awaiting payment and
// of paid orders without a comprobante (the dashboard's tiles, the 8:00 digest, 'Sin pagar' in
// the orders list) only while those conditions stay what the indexes' predicates say (issue 47):
// a count then reads the few orders it counts, not every order the shop ever took.
import { type SQL, sql } from "drizzle-orm";
import { expect, test } from "vitest";

import { orders } from "~/db/schema";
import { orderPaidWithoutDocument } from "~/domain/invoicing/order-documents.server";
import { paymentConditions } from "~/domain/orders/order-admin.server";
import { setUpTestDatabase } from "~test/test-database";

const { handle } = setUpTestDatabase();

/** The plan PostgreSQL picks to count the orders of `condition` when it may not read the whole table. */
async function planOf(condition: SQL): Promise<string> {
  return handle().db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    const result = await tx.execute(sql`EXPLAIN SELECT count(*) FROM ${orders} WHERE ${condition}`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, string>[];
    return rows.map((row) => Object.values(row)[0]).join("\n");
  });
}

test("the orders awaiting payment are counted from their own index", async () => {
  expect(await planOf(paymentConditions["sin-pagar"])).toContain("orders_unpaid_index");
});

test("the paid orders without a comprobante are counted from the live paid orders' index", async () => {
  expect(await planOf(orderPaidWithoutDocument)).toContain("orders_paid_live_index");
});
