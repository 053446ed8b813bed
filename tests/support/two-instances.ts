// Two production servers on one PostgreSQL database, each with its own DATA_DIR and port, as
// two app instances behind a load balancer (ADR 042). Needs TEST_DATABASE_URL (a PostgreSQL
// server the test may create databases on); the build must exist (`npx react-router build`).
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";

import pg from "pg";

import { type DatabaseHandle, openDatabase } from "~/db/client.server";

import { SERVER_ENV, SERVER_NODE_FLAGS } from "../../scripts/server-node-flags.js";
import { ADMIN_PASSWORD, freePort, makeDataDir, projectRoot, type ServerProcess, startServer } from "./server-process";

/** The secret both instances sign sessions with (required on PostgreSQL). */
export const SHARED_AUTH_SECRET = "secreto-compartido-por-las-dos-instancias";

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export type EmptyDatabase = { url: string; drop: () => Promise<void> };

/** A new, empty database on TEST_DATABASE_URL's server, dropped by `drop`. */
export async function createEmptyDatabase(): Promise<EmptyDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("two-instances: TEST_DATABASE_URL is not set");
  const name = `patitas_two_${randomBytes(5).toString("hex")}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  return {
    url: Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString(),
    drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** What both instances are started with, besides their own DATA_DIR and port. */
export function instanceEnv(databaseUrl: string, env: Record<string, string> = {}): Record<string, string> {
  return { DATABASE_URL: databaseUrl, AUTH_SECRET: SHARED_AUTH_SECRET, DEMO_ORDERS: "0", ...env };
}

export type TwoInstances = {
  a: ServerProcess;
  b: ServerProcess;
  databaseUrl: string;
  /** The same database, opened by the test (not migrated by it: the instances did). */
  database: DatabaseHandle;
  /** Stops whatever still runs (SIGTERM), closes the test's connection and drops the database. */
  stop: () => Promise<void>;
};

/** Starts instances A and B at once on a new database; the startup lock makes them take turns. */
export async function startTwoInstances(env: Record<string, string> = {}): Promise<TwoInstances> {
  const created = await createEmptyDatabase();
  const started = await Promise.allSettled([
    startServer({ ...instanceEnv(created.url, env), DATA_DIR: makeDataDir() }),
    startServer({ ...instanceEnv(created.url, env), DATA_DIR: makeDataDir() }),
  ]);
  const running = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const failed = started.find((result) => result.status === "rejected");
  if (failed) {
    await Promise.all(running.map((server) => server.stop()));
    await created.drop();
    throw (failed as PromiseRejectedResult).reason;
  }
  const [a, b] = running as [ServerProcess, ServerProcess];
  const database = await openDatabase({ databaseUrl: created.url });
  return {
    a,
    b,
    databaseUrl: created.url,
    database,
    async stop() {
      await Promise.all([a.stop(), b.stop()]);
      await database.close();
      await created.drop();
    },
  };
}

export type SpawnedInstance = { child: ChildProcess; output: () => string; listening: Promise<void>; port: number };

/**
 * An instance started without waiting for it to listen (startServer waits): a test may kill it
 * while it starts. `listening` resolves once it serves, and rejects if it exits first.
 */
export async function spawnInstance(env: Record<string, string>): Promise<SpawnedInstance> {
  const port = await freePort();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(projectRoot, "server.js")], {
    cwd: projectRoot,
    env: {
      ...process.env,
      ...SERVER_ENV,
      NODE_ENV: "production",
      PORT: String(port),
      APP_URL: `http://localhost:${port}`,
      ADMIN_PASSWORD,
      DATA_DIR: makeDataDir(),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const listening = new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", () => {
      if (output.includes("listening on")) resolve();
    });
    child.once("exit", (code, signal) => reject(new Error(`Exited (${code ?? signal}) before listening:\n${output}`)));
  });
  listening.catch(() => {});
  return { child, output: () => output, listening, port };
}
