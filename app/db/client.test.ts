import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { type AddressInfo, createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { sql } from "drizzle-orm";
import { expect, test, vi } from "vitest";

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
      const result = (await again.db.execute(
        sql`select name from brands where slug = 'marca-de-prueba'`,
      )) as unknown as {
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

// A PostgreSQL that accepts connections but never answers (a hung server, a half-open
// network): a page gives up on it after 5 s instead of waiting for ever, and each connection
// asks the server for the 15 s statement limit in its startup message.
test("PostgreSQL: a connection that gets no answer fails after 5 s and asked for a 15 s statement limit", async () => {
  const sockets: Socket[] = [];
  const startupMessages: Buffer[] = [];
  const silent = createServer((socket) => {
    sockets.push(socket);
    socket.once("data", (chunk) => startupMessages.push(chunk));
  });
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  const port = (silent.address() as AddressInfo).port;
  const realSetTimeout = globalThis.setTimeout;
  /** The outcome if it comes within 1 s of real time (the sockets' events are real). */
  const settled = (outcome: Promise<string>) =>
    Promise.race([outcome, new Promise((resolve) => realSetTimeout(() => resolve("still waiting"), 1_000))]);
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  const handle = await openDatabase({ databaseUrl: `postgres://tienda:clave@127.0.0.1:${port}/tienda` });
  try {
    const outcome = handle.db.execute(sql`select 1`).then(
      () => "answered",
      // Drizzle wraps the driver's error.
      (error: Error) => (error.cause instanceof Error ? error.cause : error).message,
    );
    await vi.waitFor(() => expect(startupMessages).toHaveLength(1), { interval: 5 });
    // Key and value pairs, each ended by a zero byte.
    expect(startupMessages[0]!.toString("latin1")).toContain("\0statement_timeout\x0015000\0");
    await vi.advanceTimersByTimeAsync(4_500);
    expect(await settled(outcome)).toBe("still waiting");
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await settled(outcome)).toMatch(/timeout/i);
  } finally {
    vi.useRealTimers();
    for (const socket of sockets) socket.destroy();
    await handle.close();
    await new Promise((resolve) => silent.close(resolve));
  }
});
