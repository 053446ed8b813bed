import { createHash, randomBytes } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  openAsBlob,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";

import { openDatabase } from "~/db/client.server";

// Each test file gets its own database, copied from one migrated once per run (issue 42):
// PGlite's initdb alone takes over a second and the migrations half a second more, for each
// of some hundred files. On PGlite the copy is a dumped data directory (dumpDataDir, kept in
// /tmp under a hash of the migrations, so a run after an unchanged one dumps nothing) loaded
// per file (loadDataDir); on PostgreSQL, CREATE DATABASE … TEMPLATE of a database migrated by
// the global set-up and dropped at its end.

/** What the global set-up hands the test files (Vitest's provide/inject). */
export type DatabaseTemplates =
  { driver: "pglite"; blankDump: string; migratedDump: string } | { driver: "postgres"; migratedTemplate: string };

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

const root = path.resolve(import.meta.dirname, "../..");
const migrationsFolder = path.join(root, "app/db/migrations");

/**
 * PGlite's data directory holds three databases, and the tests (like the shop) only ever open
 * `postgres`: template0 and template1 are some 600 of the dump's 1,400 files and 15 of its
 * 44 MB, which every test file would unpack again (PGlite writes each file through its
 * in-memory file system). Dropped before the dump, a file's database is ready about a third
 * sooner; nothing on PGlite creates a database from them.
 */
const UNUSED_TEMPLATES = [
  "ALTER DATABASE template1 IS_TEMPLATE false",
  "DROP DATABASE template1",
  "ALTER DATABASE template0 IS_TEMPLATE false",
  "DROP DATABASE template0",
  "CHECKPOINT",
];

/** A hash of every migration file and the PGlite version: a new migration makes a new template. */
function templateKey(): string {
  const hash = createHash("sha256");
  const files = readdirSync(migrationsFolder, { recursive: true, encoding: "utf8" }).sort();
  for (const file of files) {
    const full = path.join(migrationsFolder, file);
    if (!file.endsWith(".sql") && !file.endsWith(".json")) continue;
    hash.update(file).update(readFileSync(full));
  }
  const pglite = JSON.parse(readFileSync(path.join(root, "node_modules/@electric-sql/pglite/package.json"), "utf8"));
  hash.update(String(pglite.version)).update(UNUSED_TEMPLATES.join(";"));
  return hash.digest("hex").slice(0, 16);
}

async function dumpNewDatabase(isMigrated: boolean): Promise<Blob> {
  const handle = await openDatabase({ dataDir: "memory://" });
  try {
    if (isMigrated) await handle.migrate();
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    for (const statement of UNUSED_TEMPLATES) await client.exec(statement);
    return await client.dumpDataDir("none");
  } finally {
    await handle.close();
  }
}

/** The two PGlite dumps (blank, migrated) of this migrations folder, made when missing. */
export async function preparePgliteTemplates(): Promise<DatabaseTemplates> {
  // One folder per checkout: two checkouts on one machine (a worktree beside the main one)
  // would otherwise remove each other's dumps below.
  const checkout = createHash("sha256").update(root).digest("hex").slice(0, 8);
  const folder = path.join(tmpdir(), `patitas-vitest-templates-${checkout}`);
  mkdirSync(folder, { recursive: true });
  const key = templateKey();
  const dumps = {
    blankDump: path.join(folder, `${key}-blank.tar`),
    migratedDump: path.join(folder, `${key}-migrated.tar`),
  };
  for (const [file, isMigrated] of [
    [dumps.blankDump, false],
    [dumps.migratedDump, true],
  ] as const) {
    if (existsSync(file)) continue;
    const blob = await dumpNewDatabase(isMigrated);
    // Written aside then renamed: a run started meanwhile never reads half a file.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
    renameSync(partial, file);
  }
  // Older keys' dumps (earlier migrations) are left by earlier runs: removed.
  for (const file of readdirSync(folder)) {
    if (!file.startsWith(key)) rmSync(path.join(folder, file), { force: true });
  }
  return { driver: "pglite", ...dumps };
}

/** A dump for one test file's loadDataDir (read from the file as PGlite reads it, not copied first). */
export function readPgliteDump(file: string): Promise<Blob> {
  return openAsBlob(file);
}

export async function runAdminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * On PostgreSQL: a migrated template database for this run (a blank one is CREATE DATABASE's
 * own), and the teardown that drops it. Its connections are closed before any file copies it
 * (PostgreSQL refuses to copy a database someone is connected to).
 */
export async function preparePostgresTemplates(
  serverUrl: string,
): Promise<{ templates: DatabaseTemplates; drop: () => Promise<void> }> {
  const migratedTemplate = `patitas_tpl_${randomBytes(4).toString("hex")}`;
  await runAdminQuery(serverUrl, `CREATE DATABASE ${migratedTemplate}`);
  const handle = await openDatabase({ databaseUrl: databaseUrl(serverUrl, migratedTemplate) });
  try {
    await handle.migrate();
  } finally {
    await handle.close();
  }
  return {
    templates: { driver: "postgres", migratedTemplate },
    drop: () => runAdminQuery(serverUrl, `DROP DATABASE IF EXISTS ${migratedTemplate} WITH (FORCE)`),
  };
}
