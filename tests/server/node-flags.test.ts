// scripts/start.js gives the server the Node flags and malloc settings of
// scripts/server-node-flags.js (ADR 035), whichever way it is started: `npm start`, the systemd
// unit, a container. Nothing else may repeat them.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

import { afterEach, expect, test } from "vitest";

import { SERVER_ENV, SERVER_NODE_FLAGS } from "../../scripts/server-node-flags.js";
import { ADMIN_PASSWORD, makeSeededDataDir, projectRoot } from "../support/server-process";

test("the flags and the variables are the ones ADR 035 lists, and npm start and the unit repeat none", () => {
  expect(SERVER_NODE_FLAGS).toEqual([
    "--v8-pool-size=1",
    "--max-old-space-size=512",
    "--max-semi-space-size=4",
    "--heap-growing-percent=15",
  ]);
  expect(SERVER_ENV).toEqual({ MALLOC_MMAP_THRESHOLD_: "131072", MALLOC_ARENA_MAX: "2" });
  const packageJson = JSON.parse(readFileSync(path.join(projectRoot, "package.json"), "utf8"));
  expect(packageJson.scripts.start).toBe("node scripts/start.js");
  const unit = readFileSync(path.join(projectRoot, "deploy/patitas.service"), "utf8");
  expect(unit).toMatch(/^ExecStart=\/usr\/bin\/node scripts\/start\.js$/m);
});

const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
});

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, "utf8"));
  } catch {
    return false;
  }
};

async function waitFor(check: () => boolean, what: string, ms = 55_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => probe.once("listening", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** `node scripts/start.js` as the unit runs it; resolves with the parent and the server once it listens. */
async function startScript() {
  const port = await freePort();
  const dataDir = await makeSeededDataDir();
  const parent = spawn(process.execPath, ["scripts/start.js", "--no-build"], {
    cwd: projectRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, ADMIN_PASSWORD, AUTH_SECRET: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(parent.pid!);
  let output = "";
  parent.stdout!.on("data", (chunk) => (output += chunk));
  parent.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    parent.once("exit", (code, signal) => resolve({ code, signal })),
  );
  await waitFor(() => output.includes("listening on"), `the server to listen:\n${output}`);
  const children = readFileSync(`/proc/${parent.pid}/task/${parent.pid}/children`, "utf8").trim().split(/\s+/);
  expect(children).toHaveLength(1);
  const server = Number(children[0]);
  started.push(server);
  return { url: `http://localhost:${port}`, parent, server, exited, output: () => output };
}

test("node scripts/start.js serves from a child with the flags and variables, and SIGTERM stops both", async () => {
  const { url, parent, server, exited, output } = await startScript();
  const commandLine = readFileSync(`/proc/${server}/cmdline`, "utf8").split("\0");
  expect(commandLine).toEqual(expect.arrayContaining(SERVER_NODE_FLAGS));
  const environment = readFileSync(`/proc/${server}/environ`, "utf8").split("\0");
  expect(environment).toContain("MALLOC_MMAP_THRESHOLD_=131072");
  expect(environment).toContain("MALLOC_ARENA_MAX=2");
  expect((await fetch(`${url}/healthz`)).status).toBe(200);

  parent.kill("SIGTERM");
  expect(await exited).toEqual({ code: 0, signal: null });
  expect(output()).toContain("SIGTERM received: closing connections and the database.");
  await waitFor(() => !isRunning(server), "the server to exit", 15_000);
});

test("the server shuts down by itself when its parent is killed with SIGKILL", async () => {
  const { parent, server, output } = await startScript();
  parent.kill("SIGKILL");
  await waitFor(() => !isRunning(server), "the server to exit", 15_000);
  expect(output()).toContain("SIGTERM received");
});
