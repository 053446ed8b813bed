import { randomBytes } from "node:crypto";

import { sql } from "drizzle-orm";
import pg from "pg";
import { expect, test } from "vitest";

import { MIGRATION_LOCK_ID, openDatabase } from "~/db/client.server";

// Runs only with TEST_DATABASE_URL (see vitest.config.ts and .ci/run): the statement limit
// is PostgreSQL's; the embedded database serves one process and has none.
test("PostgreSQL: statements past the limit are cancelled, but a migration waiting for another instance is not", async () => {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `patitas_timeout_${randomBytes(6).toString("hex")}`;
  const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const otherInstance = new pg.Client({ connectionString: databaseUrl });
  const handle = await openDatabase({ databaseUrl, statementTimeoutMs: 300 });
  try {
    // Another instance is migrating: this one waits for its lock longer than the limit.
    await otherInstance.connect();
    await otherInstance.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    const released = new Promise((resolve) => setTimeout(resolve, 800)).then(() =>
      otherInstance.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]),
    );
    await handle.migrate();
    await released;

    // Every connection the pages use keeps the limit, the migration's one included.
    const shows = await Promise.all(Array.from({ length: 3 }, () => handle.db.execute(sql`show statement_timeout`)));
    for (const show of shows) {
      expect((show as unknown as { rows: { statement_timeout: string }[] }).rows[0]!.statement_timeout).toBe("300ms");
    }
    await expect(handle.db.execute(sql`select pg_sleep(1)`)).rejects.toMatchObject({
      cause: expect.objectContaining({ code: "57014" }),
    });
  } finally {
    await otherInstance.end();
    await handle.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
});
