// The production server as the benchmarks drive it: `node server.js` on a DATA_DIR,
// with its resident memory sampled from /proc while it runs.
import { spawn } from "node:child_process";
import { createWriteStream, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { SERVER_ENV, SERVER_NODE_FLAGS } from "../../scripts/server-node-flags.js";

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const BENCH_ADMIN_PASSWORD = "clave-bench-123";
const BENCH_AUTH_SECRET = "bench-secret-0123456789abcdef";

/**
 * Writes a benchmark's JSON into bench/results/, or into BENCH_RESULTS_DIR when set (where
 * `npm run bench -- --quick` keeps its throwaway figures). Returns the file's path.
 */
export function writeBenchResult(fileName, data) {
  const resultsDir = process.env.BENCH_RESULTS_DIR ?? path.join(projectRoot, "bench/results");
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, fileName);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}

/** The administrator's session, as a Cookie header: the back office's own sign-in form, posted. */
export async function signInAsAdmin(url) {
  const response = await fetch(`${url}/admin`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username: "admin", password: BENCH_ADMIN_PASSWORD }),
  });
  if (response.status !== 302) throw new Error(`Admin sign-in failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Resident set size of a process in MB: current (VmRSS) and the kernel's peak (VmHWM). */
export function readMemory(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0);
    return { rssMb: kb("VmRSS") / 1024, peakRssMb: kb("VmHWM") / 1024 };
  } catch {
    return { rssMb: 0, peakRssMb: 0 };
  }
}

/**
 * Starts the production build on `dataDir` and resolves once it listens. `sampleRss()`
 * gives the highest RSS seen since the last call (sampled every 50 ms), `peakRssMb()` the
 * process's peak over its whole life. With `memoryCgroup` (a cgroup directory), the server
 * runs inside that cgroup from its first instruction, so Node sizes its heap from the limit.
 * `root`: the project directory whose build runs (another checkout's, bench/side-by-side.js).
 */
export async function startBenchServer({ dataDir, env = {}, memoryCgroup = null, root = projectRoot }) {
  const port = await freePort();
  // BENCH_NODE_FLAGS: extra flags to try against the server's own (e.g. a V8 heap setting).
  const nodeFlags = [...SERVER_NODE_FLAGS, ...(process.env.BENCH_NODE_FLAGS ?? "").split(" ").filter(Boolean)];
  const url = `http://localhost:${port}`;
  // `exec` keeps the pid: the RSS sampling below reads the server itself.
  const [command, args] = memoryCgroup
    ? [
        "/bin/sh",
        [
          "-c",
          'echo $$ > "$1/cgroup.procs" && shift && exec "$@" server.js',
          "sh",
          memoryCgroup,
          process.execPath,
          ...nodeFlags,
        ],
      ]
    : [process.execPath, [...nodeFlags, "server.js"]];
  const child = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      ...SERVER_ENV,
      NODE_ENV: "production",
      PORT: String(port),
      APP_URL: url,
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
      // On PostgreSQL the start needs a secret shared by every instance (ADR 042).
      ...(process.env.DATABASE_URL || env.DATABASE_URL ? { AUTH_SECRET: BENCH_AUTH_SECRET } : {}),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The server did not start:\n${output}`)), 120_000);
    child.stdout.on("data", () => {
      if (output.includes("listening on")) {
        clearTimeout(timer);
        resolve();
      }
    });
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited with code ${code}:\n${output}`));
    });
  });
  // The request log (one JSON line per request) is read and dropped, as a log collector would;
  // BENCH_SERVER_ERRORS=FILE keeps the server's standard error there (a crash's cause).
  child.stdout.removeAllListeners("data");
  child.stderr.removeAllListeners("data");
  child.stdout.resume();
  if (process.env.BENCH_SERVER_ERRORS) child.stderr.pipe(createWriteStream(process.env.BENCH_SERVER_ERRORS));
  else child.stderr.resume();

  let windowPeak = 0;
  const sampler = setInterval(() => {
    windowPeak = Math.max(windowPeak, readMemory(child.pid).rssMb);
  }, 50);
  return {
    url,
    pid: child.pid,
    sampleRss() {
      const peak = Math.max(windowPeak, readMemory(child.pid).rssMb);
      windowPeak = 0;
      return peak;
    },
    peakRssMb: () => readMemory(child.pid).peakRssMb,
    async stop() {
      clearInterval(sampler);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
