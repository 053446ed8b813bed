import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { inject } from "vitest";

import { SERVER_ENV, SERVER_NODE_FLAGS } from "../../scripts/server-node-flags.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where makeSeededDataDir keeps this run's seeded DATA_DIRs (global-setup.ts removes it). */
    seededDataDirs: string;
  }
}

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const ADMIN_PASSWORD = "clave-de-prueba-123";

export function makeDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), "patitas-server-"));
}

/**
 * A DATA_DIR holding what the built server's first start with `env` leaves (its migrations,
 * the demo shop's seed, the administrator, the generated AUTH_SECRET), copied from one made
 * once per run: a first start took 10 s on a slow day, a start on a seeded DATA_DIR 3 s.
 * Each test still gets its own copy. Tests of the first start itself (the seed, AUTH_SECRET's
 * generation) use makeDataDir().
 */
export async function makeSeededDataDir(env: Record<string, string> = {}): Promise<string> {
  const key = createHash("sha256")
    .update(JSON.stringify(Object.entries(env).sort()))
    .digest("hex")
    .slice(0, 12);
  const template = path.join(inject("seededDataDirs"), key);
  // A template is only ever renamed into place once whole: if it is there, it is complete.
  if (!existsSync(template)) await seedTemplate(template, env);
  const dataDir = makeDataDir();
  cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

/** Starts and stops the server once on a new DATA_DIR, then moves it to `target` (another worker may have got there first). */
async function seedTemplate(target: string, env: Record<string, string>): Promise<void> {
  mkdirSync(path.dirname(target), { recursive: true });
  const dataDir = makeDataDir();
  const server = await startServer({ ...env, DATA_DIR: dataDir });
  const code = await server.stop();
  if (code !== 0) throw new Error(`The seeded DATA_DIR's server exited with ${code}:\n${server.output()}`);
  try {
    renameSync(dataDir, target);
  } catch {
    // The other worker's copy is the same shop: keep it, drop ours.
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** Sends the signal and waits for the exit code. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

/** Starts `node server.js` and resolves once it listens (or rejects with its output). */
export async function startServer(env: Record<string, string>, options: { cwd?: string } = {}): Promise<ServerProcess> {
  const port = String(await freePort());
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(projectRoot, "server.js")], {
    cwd: options.cwd ?? projectRoot,
    env: {
      ...process.env,
      ...SERVER_ENV,
      NODE_ENV: "production",
      PORT: port,
      APP_URL: url,
      ADMIN_PASSWORD,
      AUTH_SECRET: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  await new Promise<void>((resolve, reject) => {
    // A loaded 2-core machine can take over 30 s to start the server; stay under the 60 s hook timeout.
    const timer = setTimeout(() => reject(new Error(`Server did not start:\n${output}`)), 55_000);
    const check = () => {
      if (output.includes("listening on")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`Server exited with code ${code}:\n${output}`));
    });
  });

  return {
    url,
    child,
    output: () => output,
    exited,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * A failed assertion's explanation: the server's warning and error log lines (the cause of a 500
 * is logged there, not sent to the client), the last `limit` of them.
 */
export function serverProblems(server: Pick<ServerProcess, "output">, limit = 5): string {
  const lines = server
    .output()
    .split("\n")
    .filter((line) => /"level":"(warn|error)"/.test(line) && !line.includes("closed an idle connection"));
  return lines.length === 0 ? "the server logged no warning or error" : lines.slice(-limit).join("\n");
}

/** Starts a server expected to refuse to start; resolves with its exit code and output. */
export async function runServerExpectingFailure(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const port = String(await freePort());
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "server.js"], {
    cwd: projectRoot,
    env: { ...process.env, ...SERVER_ENV, NODE_ENV: "production", PORT: port, ADMIN_PASSWORD, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  clearTimeout(timer);
  return { code, output };
}

/**
 * The activation link e-mailed to `email`, read from the server's log (without SMTP_URL every
 * e-mail is written to the outbox and its links are logged), waiting up to 5 s for it.
 */
export async function readActivationToken(server: Pick<ServerProcess, "output">, email: string): Promise<string> {
  const pattern = new RegExp(
    `Mail to ${email.replace(/[.+]/g, "\\$&")} written to .*links: \\S*/auth/activar\\?token=([\\w-]+)`,
  );
  const deadline = Date.now() + 5000;
  for (;;) {
    const token = pattern.exec(server.output())?.[1];
    if (token) return token;
    if (Date.now() > deadline) throw new Error(`No activation link for ${email} in the server's log`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Registers a customer through the shop's own form at /auth and the activation link it
 * e-mails, as a shopper would, and returns the full Set-Cookie lines of the activation's
 * answer (the session among them).
 */
export async function registerAtAuth(
  server: Pick<ServerProcess, "url" | "output">,
  email: string,
  name = "Cliente",
): Promise<string[]> {
  const post = (pathname: string, fields: Record<string, string>) =>
    fetch(`${server.url}${pathname}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
  const registered = await post("/auth", {
    intent: "register",
    fullName: name,
    email,
    phone: "",
    password: "secreto123",
    confirmPassword: "secreto123",
    acceptsPrivacy: "on",
  });
  if (registered.status !== 200) throw new Error(`Registration failed with status ${registered.status}`);
  const token = await readActivationToken(server, email);
  const activated = await post(`/auth/activar?token=${token}`, { token, password: "secreto123" });
  if (activated.status !== 302) throw new Error(`Activation failed with status ${activated.status}`);
  return activated.headers.getSetCookie();
}

/** Signs in at /admin like the form does; returns the session cookie header. */
export async function signInAtAdmin(url: string): Promise<string> {
  const response = await fetch(`${url}/admin`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username: "admin", password: ADMIN_PASSWORD }),
  });
  if (response.status !== 302 || response.headers.get("location") !== "/admin/dashboard") {
    throw new Error(`Admin sign-in failed with status ${response.status}`);
  }
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0] ?? "")
    .filter((cookie) => cookie.startsWith("patitas."))
    .join("; ");
}
