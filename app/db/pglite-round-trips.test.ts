// ADR 053: patches/@electric-sql+pglite+0.5.16.patch sends a query's Parse and Describe in one call
// into the database and its Bind, Describe and Execute in another, instead of one call each.
// What a query answers, and how it fails, must not change.
import { readFileSync } from "node:fs";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, expect, test } from "vitest";

let db: PGlite;

beforeAll(async () => {
  db = await PGlite.create();
  await db.exec(`CREATE TABLE pets (id serial PRIMARY KEY, name text NOT NULL, born date, kilos numeric)`);
});

afterAll(async () => {
  await db.close();
});

test("a query with parameters answers its rows, fields and counts as before", async () => {
  const inserted = await db.query<{ id: number; name: string }>(
    "INSERT INTO pets (name, born, kilos) VALUES ($1, $2, $3), ($4, $5, $6) RETURNING id, name",
    ["Nube", "2024-03-01", "4.5", "Rocky", null, "12"],
  );
  expect(inserted.rows).toEqual([
    { id: 1, name: "Nube" },
    { id: 2, name: "Rocky" },
  ]);
  expect(inserted.affectedRows).toBe(2);
  expect(inserted.fields.map((field) => field.name)).toEqual(["id", "name"]);

  const found = await db.query<{ name: string; born: Date | null }>(
    "SELECT name, born FROM pets WHERE id = ANY($1::int[]) ORDER BY id",
    [[1, 2]],
  );
  expect(found.rows.map((row) => row.name)).toEqual(["Nube", "Rocky"]);
  expect(found.rows[1]!.born).toBeNull();
  expect(found.fields.map((field) => field.name)).toEqual(["name", "born"]);

  const updated = await db.query("UPDATE pets SET kilos = kilos + $1 WHERE name <> $2", [1, "nadie"]);
  expect(updated.affectedRows).toBe(2);
  expect(updated.rows).toEqual([]);
  const none = await db.query("SELECT name FROM pets WHERE id = $1", [99]);
  expect(none.rows).toEqual([]);
  expect(none.fields.map((field) => field.name)).toEqual(["name"]);
});

test("a statement that cannot be parsed, or a value that does not fit, fails and leaves the next query working", async () => {
  await expect(db.query("SELEC name FROM pets WHERE id = $1", [1])).rejects.toThrow(/syntax error/);
  await expect(db.query("SELECT name FROM pets WHERE id = $1", ["not a number"])).rejects.toThrow(
    /invalid input syntax for type integer/,
  );
  await expect(db.query("INSERT INTO pets (name) VALUES ($1)", [null])).rejects.toThrow(/null value/);
  const after = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM pets WHERE name = $1", ["Nube"]);
  expect(after.rows).toEqual([{ n: 1 }]);
});

test("inside a transaction: its queries see each other, and a failure rolls it back", async () => {
  await db.transaction(async (tx) => {
    await tx.query("INSERT INTO pets (name) VALUES ($1)", ["Luna"]);
    const seen = await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM pets WHERE name = $1", ["Luna"]);
    expect(seen.rows).toEqual([{ n: 1 }]);
  });
  await expect(
    db.transaction(async (tx) => {
      await tx.query("INSERT INTO pets (name) VALUES ($1)", ["Toby"]);
      await tx.query("INSERT INTO pets (name) VALUES ($1)", [null]);
    }),
  ).rejects.toThrow(/null value/);
  const { rows } = await db.query<{ name: string }>("SELECT name FROM pets WHERE name IN ($1, $2) ORDER BY name", [
    "Luna",
    "Toby",
  ]);
  expect(rows).toEqual([{ name: "Luna" }]);
});

test("PGlite's copy carries the patch", () => {
  const folder = path.join(process.cwd(), "node_modules/@electric-sql/pglite/dist");
  const chunk = readFileSync(path.join(folder, "chunk-UYHX356B.js"), "utf8");
  expect(chunk).toContain('__patitasConcat([l.bind({values:o}),l.describe({type:"P"}),l.execute({})])');
});
