// ADR 055: patches/@electric-sql+pglite+0.5.16.patch reads each text field of a row from a view
// of the message PGlite received (short ASCII texts letter by letter, the rest through
// TextDecoder), instead of copying its bytes into an ArrayBuffer of its own first. Every text
// must come back whole, whatever its length and letters.
import { readFileSync } from "node:fs";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, expect, test } from "vitest";

let db: PGlite;

beforeAll(async () => {
  db = await PGlite.create();
});

afterAll(async () => {
  await db.close();
});

test("texts of every length and alphabet, around the short-text edge, come back as they went in", async () => {
  const texts = [
    "",
    "a",
    "Pelota",
    "x".repeat(31),
    "x".repeat(32),
    "x".repeat(33),
    "ñandú",
    `${"a".repeat(31)}ñ`,
    `ñ${"a".repeat(40)}`,
    "Croquetas 🐶 para perro — 15 kg",
    'línea\ncon\ttabulador y "comillas" y \\ barra',
    "Descripción larga. ".repeat(300),
  ];
  const placeholders = texts.map((_, index) => `$${index + 1}::text AS t${index}`).join(", ");
  const { rows } = await db.query<Record<string, string>>(`SELECT ${placeholders}, NULL::text AS nothing`, texts);
  expect(Object.values(rows[0]!)).toEqual([...texts, null]);
});

test("many rows of one answer each keep their own texts, and the next answer is read afresh", async () => {
  const { rows } = await db.query<{ n: number; name: string; note: string }>(
    `SELECT n, 'Producto ' || n AS name, CASE WHEN n % 3 = 0 THEN 'oferta ñ' || n ELSE repeat('z', n) END AS note
     FROM generate_series(1, 300) AS n`,
  );
  expect(rows).toHaveLength(300);
  expect(rows[0]).toEqual({ n: 1, name: "Producto 1", note: "z" });
  expect(rows[2]).toEqual({ n: 3, name: "Producto 3", note: "oferta ñ3" });
  expect(rows[299]).toEqual({ n: 300, name: "Producto 300", note: "oferta ñ300" });
  expect(rows[298]!.note).toBe("z".repeat(299));
  const again = await db.query<{ word: string; json: { a: string } }>(
    `SELECT 'otra' AS word, '{"a":"b ñ"}'::json AS json`,
  );
  expect(again.rows).toEqual([{ word: "otra", json: { a: "b ñ" } }]);
});

test("PGlite's copy carries the patch", () => {
  const folder = path.join(process.cwd(), "node_modules/@electric-sql/pglite/dist");
  const chunk = readFileSync(path.join(folder, "chunk-Y6PULSM7.js"), "utf8");
  expect(chunk).toContain("string(t){let n=r(this,w),u=__patitasBytes(r(this,x))");
});
