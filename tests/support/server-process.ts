import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { SERVER_ENV, SERVER_NODE_FLAGS } from "../../scripts/server-node-flags.js";

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const ADMIN_PASSWORD = "clave-de-prueba-123";

export function makeDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), "patitas-server-"));
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
