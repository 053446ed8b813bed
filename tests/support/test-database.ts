import { randomBytes } from "node:crypto";

import pg from "pg";
import { afterAll, beforeAll } from "vitest";

import { type DatabaseHandle, openDatabase, setDatabase } from "~/db/client.server";

/**
 * Gives the calling test file its own fresh, migrated database, installed as the
 * app's database for the file's tests: in-memory PGlite, or, when TEST_DATABASE_URL
 * is set, a new database created on that PostgreSQL server and dropped afterwards.
 */
export function setUpTestDatabase(options: { isMigrated?: boolean } = {}): { handle: () => DatabaseHandle } {
  let handle: DatabaseHandle | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (serverUrl) {
      const name = `patitas_test_${randomBytes(6).toString("hex")}`;
      await runAdminQuery(serverUrl, `CREATE DATABASE ${name}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      handle = await openDatabase({ databaseUrl: url.toString() });
      dropDatabase = () => runAdminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } else {
      handle = await openDatabase({ dataDir: "memory://" });
    }
    // A migration's own test migrates step by step (isMigrated: false).
    if (options.isMigrated !== false) await handle.migrate();
    setDatabase(handle);
  });

  afterAll(async () => {
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

async function runAdminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
