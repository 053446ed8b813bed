// The embedded database's named statements (ADRs 046 and 054): each statement parsed once and reused,
// with PGlite's own types, locks, errors and transactions.
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";

import { type DatabaseHandle, openDatabase } from "./client.server";
import { MAX_NAMED_STATEMENTS } from "./pglite-named-statements.server";

let handle: DatabaseHandle;
let pg: PGlite;

beforeAll(async () => {
  handle = await openDatabase({ dataDir: "memory://" });
  pg = (handle.db as unknown as { $client: PGlite }).$client;
  await pg.exec(`create table items (id serial primary key, name text unique not null, price int not null,
    is_on_sale boolean not null default false, tags text[] not null default '{}', extra jsonb, added_at timestamptz)`);
});

afterAll(async () => {
  await handle.close();
});

const namedCount = async () =>
  (await pg.query<{ n: number }>("select count(*)::int as n from pg_prepared_statements")).rows[0]!.n;

test("a statement asked twice is parsed once, and its values keep their types both ways", async () => {
  const insert = "insert into items (name, price, is_on_sale, tags, extra, added_at) values ($1, $2, $3, $4, $5, $6)";
  const before = await namedCount();
  await pg.query(insert, [
    "Pelota",
    1990,
    true,
    ["perro", "juguete"],
    { color: "rojo" },
    new Date("2026-11-29T15:00:00Z"),
  ]);
  await pg.query(insert, ["Correa", 3500, false, [], null, null]);
  // One more named statement, the insert's, however often it runs (the count was named already).
  expect(await namedCount()).toBe(before + 1);
  const { rows } = await pg.query<Record<string, unknown>>(
    "select name, price, is_on_sale, tags, extra, added_at from items where price > $1 order by price",
    [1000],
  );
  expect(rows).toEqual([
    {
      name: "Pelota",
      price: 1990,
      is_on_sale: true,
      tags: ["perro", "juguete"],
      extra: { color: "rojo" },
      added_at: new Date("2026-11-29T15:00:00Z"),
    },
    { name: "Correa", price: 3500, is_on_sale: false, tags: [], extra: null, added_at: null },
  ]);
});

test("an error names its statement, and the statement still works after it", async () => {
  const insert = "insert into items (name, price) values ($1, $2)";
  await pg.query(insert, ["Cama", 8000]);
  await expect(pg.query(insert, ["Cama", 9000])).rejects.toMatchObject({ code: "23505", query: insert });
  await pg.query(insert, ["Cama grande", 9000]);
  const { rows } = await pg.query<{ n: number }>("select count(*)::int as n from items where name like $1", ["Cama%"]);
  expect(rows[0]!.n).toBe(2);
});

test("a schema change drops the kept statements: a table's new column shows at once", async () => {
  await pg.query("select * from items where id = $1", [1]);
  await pg.query("alter table items add column stock int not null default 7");
  const { rows } = await pg.query<{ stock: number }>("select * from items where id = $1", [1]);
  expect(rows[0]!.stock).toBe(7);
});

test("a setting for the transaction keeps them: the search's SET LOCAL does not drop its own statement", async () => {
  const search = "select name from items where price > $1 order by name";
  await pg.query(search, [0]);
  const named = await namedCount();
  await pg.transaction(async (tx) => {
    await tx.query("SET LOCAL enable_seqscan = off");
    await tx.query(search, [0]);
  });
  expect(await namedCount()).toBe(named);
});

test("at most MAX_NAMED_STATEMENTS stay named: the least recently used are closed", async () => {
  for (let index = 0; index < MAX_NAMED_STATEMENTS + 20; index++) {
    await pg.query(`select $1::int + ${index} as n`, [1]);
  }
  // Evicted names are closed with the next Parse: this one.
  await pg.query("select 'último' as word");
  expect(await namedCount()).toBeLessThanOrEqual(MAX_NAMED_STATEMENTS);
  expect(await namedCount()).toBeGreaterThan(MAX_NAMED_STATEMENTS - 10);
});

test("a statement outside a transaction waits for it: it never sees what the transaction rolls back", async () => {
  let inserted!: () => void;
  const hasInserted = new Promise<void>((resolve) => (inserted = resolve));
  const transaction = pg
    .transaction(async (tx) => {
      await tx.query("insert into items (name, price) values ($1, $2)", ["Fantasma", 100]);
      inserted();
      await new Promise((resolve) => setTimeout(resolve, 50));
      throw new Error("rolled back on purpose");
    })
    .catch((error: Error) => error.message);
  await hasInserted;
  // Asked while the transaction holds its row: answered after its rollback.
  const count = pg.query<{ n: number }>("select count(*)::int as n from items where name = $1", ["Fantasma"]);
  expect(await transaction).toBe("rolled back on purpose");
  expect((await count).rows[0]!.n).toBe(0);
});

test("twenty statements at once, a transaction among them, each get their own answer", async () => {
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, index) =>
      index === 10
        ? pg.transaction(async (tx) => {
            await tx.query("insert into items (name, price) values ($1, $2)", ["Concurrente", 4200]);
            return (await tx.query<{ n: number }>("select price as n from items where name = $1", ["Concurrente"]))
              .rows[0]!.n;
          })
        : pg.query<{ n: number }>("select $1::int * 2 as n", [index]).then((result) => result.rows[0]!.n),
    ),
  );
  expect(answers).toEqual(Array.from({ length: 20 }, (_, index) => (index === 10 ? 4200 : index * 2)));
});

test("a statement after its prelude: one round trip, the setting for that statement only, and an error ends it (ADR 075)", async () => {
  const prelude = "SELECT set_config('enable_seqscan', 'off', true), set_config('work_mem', '1234kB', true)";
  const settings =
    "select current_setting('enable_seqscan') as seqscan, current_setting('work_mem') as mem, $1::int as n";
  const asked = await handle.withStatementPrelude!(prelude, async (db) => {
    const first = await db.execute(sql.raw(settings.replace("$1", "7")));
    // Between two statements of the work, another caller's statement sees PostgreSQL's own settings.
    const between = await pg.query<{ seqscan: string }>("select current_setting('enable_seqscan') as seqscan");
    const second = await db.execute(sql`select current_setting('work_mem') as mem, ${8}::int as n`);
    const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;
    return { first: rowsOf(first), between: between.rows, second: rowsOf(second) };
  });
  expect(asked).toEqual({
    first: [{ seqscan: "off", mem: "1234kB", n: 7 }],
    between: [{ seqscan: "on" }],
    second: [{ mem: "1234kB", n: 8 }],
  });
  // The settings ended with each statement's implicit transaction.
  expect((await pg.query("select current_setting('work_mem') as mem")).rows).toEqual([{ mem: "4MB" }]);
  // A failing statement rejects with its error, and leaves no transaction open behind it.
  await expect(
    handle.withStatementPrelude!(prelude, (db) => db.execute(sql`select 1 / ${0}::int`)),
  ).rejects.toMatchObject({ cause: { code: "22012" } });
  expect((await pg.query("select current_setting('enable_seqscan') as seqscan")).rows).toEqual([{ seqscan: "on" }]);
  await pg.transaction(async (tx) => {
    await tx.query("insert into items (name, price) values ($1, $2)", ["Arnés", 4500]);
  });
  expect((await pg.query("select price from items where name = $1", ["Arnés"])).rows).toEqual([{ price: 4500 }]);
  // Not for a transaction of its own.
  await expect(handle.withStatementPrelude!(prelude, (db) => db.transaction(async () => 1))).rejects.toThrow(
    /No transaction/,
  );
});
