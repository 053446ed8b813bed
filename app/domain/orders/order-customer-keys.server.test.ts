// Migration 0030's indexes serve the checkout's look-ups of a guest's earlier orders only while
// the queries write the very same expressions (issue 47): a checkout then reads a few index
// entries instead of every order the shop ever took.
import { type SQL, sql } from "drizzle-orm";
import { expect, test } from "vitest";

import { orders } from "~/db/schema";
import { setUpTestDatabase } from "~test/test-database";

import { orderEmailKey, orderPhoneKey } from "./order-customer-keys.server";

const { handle } = setUpTestDatabase();

/** The plan PostgreSQL picks for `condition` on orders when it may not read the whole table. */
async function planOf(condition: SQL): Promise<string> {
  return handle().db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    const result = await tx.execute(sql`EXPLAIN SELECT ${orders.id} FROM ${orders} WHERE ${condition}`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, string>[];
    return rows.map((row) => Object.values(row)[0]).join("\n");
  });
}

test("a guest's earlier orders are found by phone through its index", async () => {
  expect(await planOf(sql`${orderPhoneKey} = ${"987654321"}`)).toContain("orders_phone_key_index");
});

test("and by e-mail through its own", async () => {
  expect(await planOf(sql`${orderEmailKey} = ${"ana@example.pe"}`)).toContain("orders_email_lower_index");
});

test("the discounts' 'any of the three' reads both indexes and the account's", async () => {
  const plan = await planOf(
    sql`(${orders.userId} = ${"u1"} or ${orderPhoneKey} = ${"987654321"} or ${orderEmailKey} = ${"ana@example.pe"})`,
  );
  expect(plan).toContain("orders_phone_key_index");
  expect(plan).toContain("orders_email_lower_index");
});
