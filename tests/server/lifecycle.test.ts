import { existsSync } from "node:fs";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { describe, expect, test } from "vitest";

import {
  makeDataDir,
  makeSeededDataDir,
  runServerExpectingFailure,
  signInAtAdmin,
  startServer,
} from "../support/server-process";

async function countRows(dataDir: string, table: string): Promise<number> {
  const db = await PGlite.create(path.join(dataDir, "db"), { extensions: { pg_trgm } });
  try {
    const result = await db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
    return result.rows[0]!.n;
  } finally {
    await db.close();
  }
}

describe("the embedded database on disk", () => {
  test("keeps every acknowledged write when the server is killed with SIGKILL", async () => {
    const dataDir = await makeSeededDataDir();
    const server = await startServer({ DATA_DIR: dataDir });
    // Each sign-in writes a session row; the kill comes right after the last answer.
    const cookies: string[] = [];
    for (let i = 0; i < 15; i++) cookies.push(await signInAtAdmin(server.url));
    server.child.kill("SIGKILL");
    await server.exited;

    expect(await countRows(dataDir, "sessions")).toBe(15);

    // The next start recovers the dead server's lock, and every session still works.
    const restarted = await startServer({ DATA_DIR: dataDir });
    try {
      for (const cookie of cookies) {
        const response = await fetch(`${restarted.url}/admin/dashboard`, {
          headers: { Cookie: cookie },
          redirect: "manual",
        });
        expect(response.status).toBe(200);
      }
    } finally {
      expect(await restarted.stop()).toBe(0);
    }
    // Two starts and 15 password checks: on a busy 2-core
    // machine that took 30 s once.
  }, 90_000);

  test("is seeded once: a restart keeps the data and does not seed again", async () => {
    const dataDir = makeDataDir();
    const first = await startServer({ DATA_DIR: dataDir });
    expect(first.output()).toContain("Seeded the demo shop.");
    await first.stop();
    const second = await startServer({ DATA_DIR: dataDir });
    expect(second.output()).not.toContain("Seeded the demo shop.");
    await second.stop();
    // The four plain products and the two with presentaciones (demo-variants.ts).
    expect(await countRows(dataDir, "products")).toBe(6);
    expect(await countRows(dataDir, "users")).toBe(1);
    // Two starts, the first seeding: on a slow day (a third of the usual pace) that passed 30 s.
  }, 90_000);
});

describe("the server process", () => {
  test("closes the database and exits 0 on SIGTERM and on SIGINT", async () => {
    const dataDir = await makeSeededDataDir();
    for (const signal of ["SIGTERM", "SIGINT"] as const) {
      const server = await startServer({ DATA_DIR: dataDir });
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      const started = Date.now();
      expect(await server.stop(signal)).toBe(0);
      expect(Date.now() - started).toBeLessThan(8_000);
      expect(existsSync(path.join(dataDir, "server.lock"))).toBe(false);
    }
  }, 90_000);

  test("a second server on the same DATA_DIR refuses to start, and the first keeps serving", async () => {
    const dataDir = await makeSeededDataDir();
    const first = await startServer({ DATA_DIR: dataDir });
    try {
      const second = await runServerExpectingFailure({ DATA_DIR: dataDir });
      expect(second.code).toBe(1);
      expect(second.output).toContain("is already using DATA_DIR");
      expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    } finally {
      await first.stop();
    }
  }, 90_000);

  test("a wrong setting stops the start with one sentence naming it, not a stack", async () => {
    const wrong = await runServerExpectingFailure({ DATA_DIR: makeDataDir(), TRUST_PROXY: "todos" });
    expect(wrong.code).toBe(1);
    expect(wrong.output).toContain("Cannot start: Invalid configuration:");
    expect(wrong.output).toContain("TRUST_PROXY must be a number of proxies");
    expect(wrong.output).not.toMatch(/^\s+at /m);
  });

  test("on PostgreSQL without AUTH_SECRET the start stops with one line saying so, before connecting", async () => {
    const refused = await runServerExpectingFailure({
      DATA_DIR: makeDataDir(),
      DATABASE_URL: "postgres://patitas@127.0.0.1:1/tienda",
      AUTH_SECRET: "",
    });
    expect(refused.code).toBe(1);
    expect(refused.output.trim()).toBe(
      "Cannot start: AUTH_SECRET is not set: with DATABASE_URL every instance must sign sessions with the same secret (16 characters or more).",
    );
  });

  test("generates AUTH_SECRET once into DATA_DIR, so sessions survive a restart", async () => {
    const dataDir = makeDataDir();
    const first = await startServer({ DATA_DIR: dataDir });
    const cookie = await signInAtAdmin(first.url);
    await first.stop();
    expect(existsSync(path.join(dataDir, "auth-secret"))).toBe(true);
    const second = await startServer({ DATA_DIR: dataDir });
    try {
      const response = await fetch(`${second.url}/admin/dashboard`, {
        headers: { Cookie: cookie },
        redirect: "manual",
      });
      expect(response.status).toBe(200);
    } finally {
      await second.stop();
    }
    // Two starts of a fresh shop: about 17 s on a normal day, 30 s on a slow one (720 req/s).
  }, 90_000);
});
