import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { sql } from "drizzle-orm";
import pg from "pg";
import { expect, test } from "vitest";

import { runHousekeeping } from "~/domain/operations/housekeeping.server";
import { setUpTestDatabase } from "~test/test-database";

// Runs only with TEST_DATABASE_URL (see vitest.config.ts and .ci/run): several instances, or a
// backup (scripts/backup.js), share one PostgreSQL, and only one of them cleans up at a time.
const { handle } = setUpTestDatabase();

test("while another connection holds the housekeeping's lock (an instance, a backup), a run skips", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "patitas-housekeeping-lock-"));
  const current = (await handle().db.execute(sql`select current_database() as name`)) as unknown as {
    rows: { name: string }[];
  };
  const name = current.rows[0]!.name;
  const other = new pg.Client({
    connectionString: Object.assign(new URL(process.env.TEST_DATABASE_URL!), { pathname: `/${name}` }).toString(),
  });
  await other.connect();
  try {
    await other.query("select pg_advisory_lock(72730002)");
    expect(await runHousekeeping(handle().db, { dataDir })).toBeNull();
    await other.query("select pg_advisory_unlock(72730002)");
    expect(await runHousekeeping(handle().db, { dataDir })).toMatchObject({ carts: 0, uploadFiles: 0 });
  } finally {
    await other.end();
  }
});
