// ADR 071: patches/drizzle-orm+0.45.4.patch keeps the answer of drizzle's `is(value, Type)` per
// class and kind, instead of walking the value's class chain at every check. The answers must
// be the library's own for every kind of value the shop's queries hand it.
import { Column, entityKind, is, Param, Placeholder, SQL, sql, Subquery, Table, View } from "drizzle-orm";
import { PgColumn, PgDialect, PgTable, QueryBuilder } from "drizzle-orm/pg-core";
import { expect, test } from "vitest";

import * as schema from "~/db/schema";
import { products } from "~/db/schema";

/** drizzle-orm 0.45.4's own `is`, as published, for comparison. */
function publishedIs(value: unknown, type: { [entityKind]?: string } & (abstract new (...args: never[]) => unknown)) {
  if (!value || typeof value !== "object") return false;
  if (value instanceof type) return true;
  let cls = Object.getPrototypeOf(value).constructor as { [entityKind]?: string } | null;
  while (cls) {
    if (entityKind in cls && cls[entityKind] === type[entityKind]) return true;
    cls = Object.getPrototypeOf(cls) as { [entityKind]?: string } | null;
  }
  return false;
}

const tables = Object.values(schema).filter((value) => is(value, PgTable));
const values: unknown[] = [
  ...tables,
  ...tables.flatMap((table) => Object.values(table as unknown as Record<string, unknown>)),
  sql`select 1`,
  sql.raw("now()"),
  sql<number>`count(*)`.as("total"),
  sql.placeholder("id"),
  new Param(7),
  new QueryBuilder().select({ id: products.id }).from(products).as("page"),
  new PgDialect(),
  {},
  [],
  new Date(),
  "text",
  42,
  null,
  undefined,
  new (class NotDrizzle {})(),
];
const types = [Column, PgColumn, SQL, SQL.Aliased, Placeholder, Param, Table, PgTable, View, Subquery] as const;

test("the installed check is the patched one", () => {
  expect(is.toString()).toContain("knownKinds");
});

test("every value of the schema and of a query gets the library's own answer, asked once or again", () => {
  expect(tables.length).toBeGreaterThan(20);
  let checked = 0;
  for (let round = 0; round < 2; round += 1) {
    for (const value of values) {
      for (const type of types) {
        expect(is(value, type), `${String(value)} is ${type.name}`).toBe(publishedIs(value, type));
        checked += 1;
      }
    }
  }
  expect(checked).toBeGreaterThan(2 * 300 * types.length);
  // Both answers occur: columns are columns and not SQL, an alias is SQL.Aliased and not SQL.
  expect(is(products.id, Column)).toBe(true);
  expect(is(products.id, SQL)).toBe(false);
  expect(is(sql`1`.as("one"), SQL.Aliased)).toBe(true);
  expect(is(sql`1`.as("one"), SQL)).toBe(false);
});
