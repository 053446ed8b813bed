import { randomBytes } from "node:crypto";

import { afterAll, beforeAll, inject } from "vitest";

import { type DatabaseHandle, openDatabase, setDatabase } from "~/db/client.server";
import { tableRateStore } from "~/domain/operations/rate-limit-table.server";
import { flushSearchCounts } from "~/domain/search/search-counts.server";
import { useRateStore } from "~/lib/rate-limit.server";

import { takePreloadedDatabase } from "./database-preload";
import { databaseUrl, readPgliteDump, runAdminQuery } from "./database-template";

/**
 * Gives the calling test file its own fresh, migrated database, installed as the app's
 * database for the file's tests: in-memory PGlite loaded from the run's migrated dump, or,
 * when TEST_DATABASE_URL is set, a new database on that PostgreSQL server copied from the
 * run's migrated template and dropped afterwards (tests/support/database-template.ts). A
 * migration's own test asks for an unmigrated one (isMigrated: false) and migrates step by step.
 */
export function setUpTestDatabase(options: { isMigrated?: boolean } = {}): { handle: () => DatabaseHandle } {
  let handle: DatabaseHandle | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  const isMigrated = options.isMigrated !== false;

  beforeAll(async () => {
    const templates = inject("databaseTemplates");
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (serverUrl) {
      if (templates.driver !== "postgres")
        throw new Error("setUpTestDatabase: the global set-up made no PostgreSQL template");
      const name = `patitas_test_${randomBytes(6).toString("hex")}`;
      await runAdminQuery(
        serverUrl,
        `CREATE DATABASE ${name}${isMigrated ? ` TEMPLATE ${templates.migratedTemplate}` : ""}`,
      );
      handle = await openDatabase({ databaseUrl: databaseUrl(serverUrl, name) });
      dropDatabase = () => runAdminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } else {
      if (templates.driver !== "pglite") throw new Error("setUpTestDatabase: the global set-up made no PGlite dump");
      // Loading since the file started, when the file runs with the preload (database-preload.ts).
      const preloaded = isMigrated ? takePreloadedDatabase() : undefined;
      handle = preloaded
        ? await preloaded
        : await openDatabase({
            dataDir: "memory://",
            loadDataDir: await readPgliteDump(isMigrated ? templates.migratedDump : templates.blankDump),
          });
    }
    setDatabase(handle);
    // As the app's start does (startup.server.ts): on PostgreSQL the limits count in the shared table.
    if (handle.driver === "postgres") useRateStore(tableRateStore(handle.db));
  });

  afterAll(async () => {
    // As the app's stop does: the searches counted in memory (ADR 065) go to this database, not
    // to a timer that would find none. An unmigrated database has no table for them.
    await flushSearchCounts().catch(() => undefined);
    useRateStore(undefined);
    setDatabase(undefined);
    await handle?.close();
    await dropDatabase?.();
  });

  return {
    handle() {
      if (!handle) throw new Error("setUpTestDatabase: the database is not open yet");
      return handle;
    },
  };
}
