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
