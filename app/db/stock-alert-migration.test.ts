// Migration 0019 (issue 41) on a shop with stock alerts: those taken before confirmations
// existed keep their one e-mail, as confirmed, but once per inbox (plus-addresses collapse).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";

import { normalizeMailbox } from "~/lib/mailbox";
import { findProjectRoot } from "~/lib/paths.server";
import { setUpTestDatabase } from "~test/test-database";

const { handle } = setUpTestDatabase({ isMigrated: false });
let before: string;

/** The migrations folder as it was before `tag`. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), "patitas-migrations-"));
  cpSync(path.join(findProjectRoot(), "app/db/migrations"), folder, { recursive: true });
  const journalPath = path.join(folder, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((entry) => entry.tag === tag),
  );
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

const typed = [
  "ana@example.pe",
  "ana+1@example.pe",
  "ana+2@example.pe",
  "rosa.quispe@gmail.com",
  "rosaquispe+stock@googlemail.com",
  "luis.vega@example.pe",
];

beforeAll(async () => {
  before = migrationsBefore("0019_stock_alert_confirmation");
  await handle().migrate(before);
  await handle().db.execute(sql`insert into product_families (id, name, slug) values (1, 'Perros', 'perros')`);
  await handle().db.execute(
    sql`insert into product_categories (id, name, slug, family_id) values (1, 'Collares', 'collares', 1)`,
  );
  await handle().db.execute(sql`insert into products (id, title, family_id, category_id) values (1, 'Collar', 1, 1)`);
  await handle().db.execute(sql`insert into product_variants (id, product_id, name) values (1, 1, 'Talla M')`);
  for (const [index, email] of typed.entries()) {
    await handle().db.execute(
      sql`insert into stock_alerts (variant_id, email, created_at) values (1, ${email}, ${new Date(Date.UTC(2026, 0, 1 + index)).toISOString()})`,
    );
  }
  await handle().migrate();
});

afterAll(() => rmSync(before, { recursive: true, force: true }));

test("existing alerts are kept once per inbox, as typed first, confirmed when they were taken", async () => {
  const result = (await handle().db.execute(
    sql`select email, mailbox, token, confirmed_at = created_at as "isConfirmedAtCreation" from stock_alerts order by id`,
  )) as unknown as { rows: { email: string; mailbox: string; token: string; isConfirmedAtCreation: boolean }[] };
  const rows = result.rows;
  expect(rows.map((row) => [row.email, row.mailbox])).toEqual([
    ["ana@example.pe", "ana@example.pe"],
    ["rosa.quispe@gmail.com", "rosaquispe@gmail.com"],
    ["luis.vega@example.pe", "luis.vega@example.pe"],
  ]);
  // The SQL agrees with the code that keys new subscriptions.
  expect(rows.every((row) => row.mailbox === normalizeMailbox(row.email))).toBe(true);
  expect(rows.every((row) => row.isConfirmedAtCreation)).toBe(true);
  expect(new Set(rows.map((row) => row.token)).size).toBe(rows.length);
});
