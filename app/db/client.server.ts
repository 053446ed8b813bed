import { execFile } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

import { PGlite } from "@electric-sql/pglite";
import { fuzzystrmatch } from "@electric-sql/pglite/contrib/fuzzystrmatch";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { PoolClient } from "pg";

import { logError } from "~/lib/log.server";
import { findProjectRoot } from "~/lib/paths.server";

import { keepFileSizes } from "./pglite-file-sizes.server";
import { withNamedStatements } from "./pglite-named-statements.server";
import * as schema from "./schema";

type Schema = typeof schema;
/** What every query module sees: the same API on PGlite and on PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = {
  db: Database;
  driver: "pglite" | "postgres";
  /** Applies the migrations (of `folder`, by default the app's: tests migrate a copy cut short). */
  migrate: (folder?: string) => Promise<void>;
  /**
   * Runs the start-up's one-time work (the seed, the main administrator) one instance at a
   * time: on PostgreSQL under the migrations' advisory lock, so two instances starting
   * together cannot both create or repair the same rows. PGlite has one process.
   */
  withStartupLock: <T>(work: () => Promise<T>) => Promise<T>;
  /**
   * PGlite only: runs `work` with a database whose every statement runs `prelude` (a statement
   * without parameters, e.g. a set_config(…, true)) first, in the same round trip and the same
   * implicit transaction, which ends with that statement (ADR 075). Its statements are not one
   * transaction together, and it has no transaction() of its own.
   */
  withStatementPrelude?: <T>(prelude: string, work: (db: Database) => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
};

const migrationsFolder = path.join(findProjectRoot(), "app/db/migrations");
// DB_QUERY_LOG=1 writes each query's first line to standard error: how bench/README.md counts
// the queries of one request. DB_QUERY_LOG=full writes each whole, with its parameters, as a
// JSON line (what `EXPLAIN ANALYZE` needs to replay it).
const queryLogger = {
  logQuery: (query: string, params: unknown[]) =>
    process.stderr.write(
      process.env.DB_QUERY_LOG === "full"
        ? `${JSON.stringify({ query, params })}\n`
        : `query: ${query.slice(0, 160)}\n`,
    ),
};
const drizzleOptions = {
  schema,
  casing: "snake_case",
  ...(process.env.DB_QUERY_LOG === "1" || process.env.DB_QUERY_LOG === "full" ? { logger: queryLogger } : {}),
} as const;
// An arbitrary constant: instances starting together on one PostgreSQL take turns.
export const MIGRATION_LOCK_ID = 72_730_001;

/**
 * The embedded database lives in the server's own memory, on a small machine (1 GB is
 * common). Its shared buffers are resident in the process from the start, whatever is read:
 * PostgreSQL's default 128 MB cost that much RSS. 16 MB holds the hot pages of a shop's
 * catalogue: at 10,000 products pages are served as fast as with 32 MB, and a search over
 * 100,000 products is only a little slower. The pages that do not fit are read from the
 * operating system's file cache, which the process does not pay for. Measured in
 * bench/README.md and docs/decisions/008.
 */
const PGLITE_SETTINGS = ["-c", "shared_buffers=16MB"];

/**
 * A new embedded database is created (PGlite's initdb) in a child process that then exits.
 * initdb grows PGlite's WebAssembly memory far past what the shop needs, and a process never
 * gives such memory back: created here, the server would hold it until its next restart
 * (ADR 008; bench/README.md, 'A new shop's first npm start').
 */
async function initializeInChildProcess(location: string, startParams: string[]): Promise<void> {
  const script = path.join(findProjectRoot(), "scripts/init-embedded-database.js");
  await promisify(execFile)(process.execPath, [script, location, JSON.stringify(startParams)], {
    cwd: findProjectRoot(),
  });
}

/**
 * A PostgreSQL that is down, unreachable or stuck must not hold the shop: every page waits
 * for a connection (from the server, or from the pool when all ten are busy) at most 5 s,
 * and a statement that runs 15 s is cancelled by the server. A page's queries take
 * milliseconds; the Excel exports and imports read in batches, and a whole import's
 * preview at 100,000 products stays well within it (bench/README.md). Migrations lift the limit
 * on their own connection; backups and restores open their own (scripts/).
 */
const POSTGRES_CONNECT_TIMEOUT_MS = 5_000;
const POSTGRES_STATEMENT_TIMEOUT_MS = 15_000;

/**
 * Opens PostgreSQL when `databaseUrl` is given, else the embedded PGlite in
 * `<dataDir>/db`, or in memory when `dataDir` is "memory://". `statementTimeoutMs`
 * shortens PostgreSQL's statement limit for tests.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  statementTimeoutMs?: number;
  /** In memory only: start from this dumped data directory (PGlite's dumpDataDir) instead of initdb. */
  loadDataDir?: Blob;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // Loaded only for PostgreSQL: the embedded shop never needs the driver or its heap (bench/history.md).
    const [{ default: pg }, { drizzle: drizzleNodePg }, { migrate: migrateNodePg }] = await Promise.all([
      import("pg"),
      import("drizzle-orm/node-postgres"),
      import("drizzle-orm/node-postgres/migrator"),
    ]);
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS,
      // Sent at connection start: no extra round trip, and it holds for every statement.
      statement_timeout: options.statementTimeoutMs ?? POSTGRES_STATEMENT_TIMEOUT_MS,
    });
    // PostgreSQL may close an idle connection (a restart, an administrator, a dropped
    // test database): pg reports it on the pool, and without a listener the process dies.
    pool.on("error", (error) => logError("PostgreSQL closed an idle connection", error));
    const db = drizzleNodePg({ client: pool, ...drizzleOptions }) as unknown as Database;
    // Migrations and the start-up's one-time work, one instance at a time. A migration may
    // rewrite a big table, and waits here while another instance migrates: neither is a hung
    // page. The connection is then closed, never handed back to the pool without its timeout.
    async function withMigrationLock<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query("SET statement_timeout = 0");
        await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
        try {
          return await work(client);
        } finally {
          await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]);
        }
      } finally {
        client.release(true);
      }
    }
    return {
      db,
      driver: "postgres",
      migrate: (folder = migrationsFolder) =>
        withMigrationLock((client) =>
          migrateNodePg(drizzleNodePg({ client, ...drizzleOptions }), { migrationsFolder: folder }),
        ),
      withStartupLock: (work) => withMigrationLock(work),
      close: () => pool.end(),
    };
  }

  return openEmbeddedDatabase(options);
}

/** The embedded PGlite in `<dataDir>/db`, or in memory when `dataDir` is "memory://". */
async function openEmbeddedDatabase(options: { dataDir?: string; loadDataDir?: Blob }): Promise<DatabaseHandle> {
  const dataDir = options.dataDir ?? "memory://";
  const startParams = [...PGlite.defaultStartParams, ...PGLITE_SETTINGS];
  let location = dataDir;
  if (dataDir !== "memory://") {
    location = path.join(dataDir, "db");
    mkdirSync(location, { recursive: true });
    if (!existsSync(path.join(location, "PG_VERSION"))) await initializeInChildProcess(location, startParams);
  }
  // pg_trgm for the substring and vocabulary indexes, fuzzystrmatch for the search's typos
  // (migrations 0001 and 0013).
  const client = await PGlite.create(location, {
    extensions: { pg_trgm, fuzzystrmatch },
    startParams,
    ...(options.loadDataDir && dataDir === "memory://" ? { loadDataDir: options.loadDataDir } : {}),
  });
  keepFileSizes(client); // asked of the disk once, not at every scan (ADR 058)
  // Each statement parsed and planned once, then reused (ADR 054, superseding 046's withdrawal).
  const named = withNamedStatements(client);
  const pgliteDb = drizzlePglite({ client: named.client, ...drizzleOptions });
  const withPrelude = new Map<string, Database>();
  return {
    db: pgliteDb as unknown as Database,
    driver: "pglite",
    withStatementPrelude: (prelude, work) => {
      let db = withPrelude.get(prelude);
      if (!db) {
        db = drizzlePglite({ client: named.afterPrelude(prelude), ...drizzleOptions }) as unknown as Database;
        withPrelude.set(prelude, db);
      }
      return work(db);
    },
    migrate: (folder = migrationsFolder) => migratePglite(pgliteDb, { migrationsFolder: folder }),
    withStartupLock: (work) => work(),
    close: () => client.close(),
  };
}

// On globalThis so that the dev server's module reloads keep one open database.
const registry = globalThis as typeof globalThis & { __petshopDatabase?: DatabaseHandle };

export function setDatabase(handle: DatabaseHandle | undefined): void {
  registry.__petshopDatabase = handle;
}

export function getDatabaseHandle(): DatabaseHandle {
  const handle = registry.__petshopDatabase;
  if (!handle) throw new Error("The database is not open: call startApp() first.");
  return handle;
}

export function getDb(): Database {
  return getDatabaseHandle().db;
}
