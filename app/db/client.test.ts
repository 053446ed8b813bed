import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { openDatabase } from "./client.server";

// The embedded database's shared buffers are resident in the server from the start: 16 MB,
// not PostgreSQL's default 128 (docs/decisions/008, bench/README.md).
test("the embedded database opens with 16 MB of shared buffers", async () => {
  const handle = await openDatabase({ dataDir: "memory://" });
  try {
    const result = (await handle.db.execute(sql`show shared_buffers`)) as unknown as {
      rows: { shared_buffers: string }[];
    };
    expect(result.rows[0]!.shared_buffers).toBe("16MB");
  } finally {
    await handle.close();
  }
});

// A new DATA_DIR's database is created by a child process (scripts/init-embedded-database.js),
// so that initdb's memory leaves with it; the server then opens it as any other.
test("a new data directory gets a database that opens, migrates and opens again", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "patitas-client-"));
  try {
    const first = await openDatabase({ dataDir });
    await first.migrate();
    await first.db.execute(sql`insert into brands (name, slug) values ('Marca de prueba', 'marca-de-prueba')`);
    await first.close();
    expect(existsSync(path.join(dataDir, "db", "PG_VERSION"))).toBe(true);

    const again = await openDatabase({ dataDir });
    try {
      const result = (await again.db.execute(sql`select name from brands where slug = 'marca-de-prueba'`)) as unknown as {
        rows: { name: string }[];
      };
      expect(result.rows).toEqual([{ name: "Marca de prueba" }]);
    } finally {
      await again.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
