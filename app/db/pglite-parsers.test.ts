// ADR 051: patches/@electric-sql+pglite+0.5.16.patch lets PGlite's parseResults read a query's own
// parsers (Drizzle passes four with every statement) in front of its 318 defaults, instead of
// copying all of them for each statement. What a value becomes must not change.
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, expect, test } from "vitest";

let db: PGlite;

beforeAll(async () => {
  db = await PGlite.create();
});

afterAll(async () => {
  await db.close();
});

const VALUES = `SELECT 42::int4 AS n, 7::int8 AS big, true AS yes, '{"a":[1,2]}'::jsonb AS doc,
  '2026-11-30 10:00:00-05'::timestamptz AS at, '2026-11-30'::date AS day, ARRAY[1,2]::int4[] AS list,
  12.50::numeric AS money`;

test("a query's own parsers win for their types; every other type keeps PGlite's own", async () => {
  const asText = (value: string) => `text:${value}`;
  const { rows } = await db.query<Record<string, unknown>>(VALUES, [], {
    parsers: { 1184: asText, 1082: asText },
  });
  expect(rows[0]).toEqual({
    n: 42,
    big: 7,
    yes: true,
    doc: { a: [1, 2] },
    at: "text:2026-11-30 15:00:00+00",
    day: "text:2026-11-30",
    list: [1, 2],
    money: "12.50",
  });
});

test("they hold for that query only: the next one, and array rows, parse as PGlite does", async () => {
  await db.query(VALUES, [], { parsers: { 23: () => "never", 1184: () => "never" } });
  const { rows } = await db.query<unknown[]>(VALUES, [], { rowMode: "array" });
  expect(rows[0]![0]).toBe(42);
  expect(rows[0]![4]).toEqual(new Date("2026-11-30T15:00:00.000Z"));
  expect(db.parsers[23]).not.toBe(undefined);
  expect(Object.keys(db.parsers).length).toBeGreaterThan(300);
});

test("inside a transaction too, as Drizzle's statements run there", async () => {
  const at = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ at: unknown }>("SELECT '2026-11-30 10:00:00-05'::timestamptz AS at", [], {
      parsers: { 1184: (value: string) => value },
    });
    return rows[0]!.at;
  });
  expect(at).toBe("2026-11-30 15:00:00+00");
});
