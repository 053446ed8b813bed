import { readFileSync } from "node:fs";

import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, test } from "vitest";

import { findProjectRoot } from "~/lib/paths.server";
import { setUpTestDatabase } from "~test/test-database";

import * as schema from "./schema";

const { handle } = setUpTestDatabase();

async function query<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await handle().db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

describe(`migrations (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  test("create every table of the schema", async () => {
    const expected = Object.values(schema)
      .filter((value) => is(value, PgTable))
      .map((table) => getTableName(table as PgTable))
      .sort();
    const rows = await query<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    const actual = rows.map((row) => row.table_name).sort();
    expect(actual).toEqual(expected);
    expect(expected).toContain("products");
    expect(expected).toContain("complaints");
  });

  test("are recorded once, and running them again changes nothing", async () => {
    const journal = JSON.parse(readFileSync(`${findProjectRoot()}/app/db/migrations/meta/_journal.json`, "utf8")) as {
      entries: unknown[];
    };
    await handle().migrate();
    const [row] = await query<{ count: string | number }>(
      sql`select count(*) as count from drizzle.__drizzle_migrations`,
    );
    expect(Number(row!.count)).toBe(journal.entries.length);
  });

  test("money is integer céntimos and stock can never be negative", async () => {
    const columns = await query<{ column_name: string; data_type: string }>(
      sql`select column_name, data_type from information_schema.columns
          where table_name = 'products' and column_name in ('price_cents', 'offer_price_cents', 'stock')`,
    );
    expect(columns.every((column) => column.data_type === "integer")).toBe(true);
    await handle().db.insert(schema.productFamilies).values({ id: 900, name: "Aves", slug: "aves" });
    await handle()
      .db.insert(schema.productCategories)
      .values({ id: 900, name: "Jaulas", slug: "jaulas", familyId: 900 });
    await expect(
      handle().db.insert(schema.products).values({
        title: "Jaula",
        familyId: 900,
        categoryId: 900,
        priceCents: 1000,
        stock: -1,
      }),
    ).rejects.toThrow();
  });

  test("slugs are unique per level: the same category name may live under two families", async () => {
    const { db } = handle();
    await db.insert(schema.productFamilies).values([
      { id: 910, name: "Peces", slug: "peces" },
      { id: 911, name: "Roedores", slug: "roedores" },
    ]);
    await db.insert(schema.productCategories).values([
      { name: "Alimentos", slug: "alimentos", familyId: 910 },
      { name: "Alimentos", slug: "alimentos", familyId: 911 },
    ]);
    await expect(
      db.insert(schema.productCategories).values({ name: "Alimentos", slug: "alimentos", familyId: 910 }),
    ).rejects.toThrow();
    await expect(db.insert(schema.productFamilies).values({ name: "Peces", slug: "peces" })).rejects.toThrow();
  });
});
