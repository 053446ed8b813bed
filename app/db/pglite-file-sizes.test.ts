// ADR 058: the embedded database keeps its files' sizes instead of asking the disk at every
// scan. A wrong size would lose rows or overwrite them: after every kind of write (a table
// growing, rows deleted and the tail cut by VACUUM, TRUNCATE, VACUUM FULL, an index rebuilt, a
// restart) every row must read back (a scan reads up to the size kept) and the files on disk
// must be what PostgreSQL reports; and each way the file system changes a size is checked on a
// file of its own.
import fs, { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, expect, test, vi } from "vitest";

import { keepFileSizes } from "./pglite-file-sizes.server";

let dir: string;
let db: PGlite;

async function open() {
  db = await PGlite.create(dir);
  expect(keepFileSizes(db)).toBe(true);
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "patitas-file-sizes-"));
  await open();
  await db.exec(`
    create table notes (id serial primary key, body text not null);
    create index notes_body on notes (body);`);
}, 60_000);

afterAll(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Every relation of the test's table: PostgreSQL's size beside the size of its file on disk. */
async function sizes() {
  const { rows } = await db.query<{ name: string; file: string; size: number }>(`
    select c.relname as name, pg_relation_filepath(c.oid) as file, pg_relation_size(c.oid)::integer as size
    from pg_class c where c.relname in ('notes', 'notes_pkey', 'notes_body') order by c.relname`);
  return rows.map((row) => ({
    name: row.name,
    seen: row.size,
    onDisk: statSync(path.join(dir, row.file), { throwIfNoEntry: false })?.size ?? 0,
  }));
}

async function expectSizesOnDisk() {
  const all = await sizes();
  expect(all).toHaveLength(3);
  for (const relation of all) expect(relation.seen, relation.name).toBe(relation.onDisk);
  return all;
}

async function count() {
  return (await db.query<{ n: number }>("select count(*)::integer as n from notes")).rows[0]!.n;
}

const addRows = (from: number, to: number) =>
  db.query(
    `insert into notes (body) select 'nota ' || g || repeat('x', 200) from generate_series($1::int, $2::int) g`,
    [from, to],
  );

test("a table and its indexes growing: the sizes seen are the files' sizes, every row read back", async () => {
  await expectSizesOnDisk();
  await addRows(1, 5_000);
  const grown = await expectSizesOnDisk();
  expect(grown.find((relation) => relation.name === "notes")!.seen).toBeGreaterThan(8192 * 100);
  await addRows(5_001, 6_000);
  await expectSizesOnDisk();
  expect(await count()).toBe(6_000);
  const last = await db.query<{ body: string }>("select body from notes where id = 6000");
  expect(last.rows[0]!.body).toMatch(/^nota 6000x/);
});

test("scanning a table again asks the disk for no size: the kept one is used", async () => {
  await db.query("select count(*) from notes");
  const fstat = vi.spyOn(fs, "fstatSync");
  try {
    for (let i = 0; i < 20; i++) await db.query("select count(*) from notes where body like 'nota 1%'");
    expect(fstat).not.toHaveBeenCalled();
  } finally {
    fstat.mockRestore();
  }
});

test("rows deleted and the tail cut by VACUUM, then written again: no row lost, none overwritten", async () => {
  await db.query("delete from notes where id > 1000");
  await db.exec("vacuum notes");
  const cut = await expectSizesOnDisk();
  expect(cut.find((relation) => relation.name === "notes")!.seen).toBeLessThan(8192 * 100);
  await addRows(10_001, 12_000);
  await expectSizesOnDisk();
  expect(await count()).toBe(3_000);
  const ids = await db.query<{ low: number; high: number }>("select min(id) as low, max(id) as high from notes");
  expect(ids.rows[0]).toEqual({ low: 1, high: 8_000 });
});

test("TRUNCATE, VACUUM FULL and REINDEX write new files: their sizes are seen from the start", async () => {
  await db.exec("vacuum full notes");
  await expectSizesOnDisk();
  await db.exec("reindex table notes");
  await expectSizesOnDisk();
  await db.exec("truncate notes");
  expect(await expectSizesOnDisk()).toEqual(expect.arrayContaining([{ name: "notes", seen: 0, onDisk: 0 }]));
  await addRows(1, 2_000);
  await expectSizesOnDisk();
  expect(await count()).toBe(2_000);
});

test("after a restart the database reads the same rows, and the sizes are the files' again", async () => {
  await db.exec("checkpoint");
  await db.close();
  await open();
  expect(await count()).toBe(2_000);
  await addRows(2_001, 3_000);
  await expectSizesOnDisk();
  expect(await count()).toBe(3_000);
});

type Fs = {
  open: (path: string, flags: string) => { fd: number };
  write: (stream: { fd: number }, buffer: Uint8Array, offset: number, length: number, position?: number) => number;
  llseek: (stream: { fd: number }, offset: number, whence: number) => number;
  ftruncate: (fd: number, length: number) => void;
  truncate: (path: string, length: number) => void;
  close: (stream: { fd: number }) => void;
  unlink: (path: string) => void;
};

test("each way a file's size changes in PGlite's file system moves or forgets the kept size", () => {
  const files = (db as unknown as { Module: { FS: Fs } }).Module.FS;
  const scratch = "/pglite/data/patitas-size-scratch";
  const end = (stream: { fd: number }) => files.llseek(stream, 0, 2);
  const stream = files.open(scratch, "w+");
  try {
    expect(end(stream)).toBe(0);
    files.write(stream, new Uint8Array(100), 0, 100, 0);
    expect(end(stream)).toBe(100);
    files.write(stream, new Uint8Array(10), 0, 10, 40);
    expect(end(stream)).toBe(100);
    expect(files.llseek(stream, -30, 2)).toBe(70);
    files.ftruncate(stream.fd, 25);
    expect(end(stream)).toBe(25);
    files.truncate(scratch, 5);
    expect(end(stream)).toBe(5);
    const appending = files.open(scratch, "a");
    files.write(appending, new Uint8Array(7), 0, 7);
    files.close(appending);
    expect(end(stream)).toBe(12);
    expect(statSync(path.join(dir, "patitas-size-scratch")).size).toBe(12);
    files.close(files.open(scratch, "w"));
    expect(end(stream)).toBe(0);
  } finally {
    files.close(stream);
    files.unlink(scratch);
  }
});

test("a database in memory is left to its own file system", async () => {
  const memory = await PGlite.create();
  try {
    expect(keepFileSizes(memory)).toBe(false);
  } finally {
    await memory.close();
  }
});
