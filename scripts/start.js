// `npm start`, `node scripts/start.js`, the systemd unit: build if needed, then serve (migrations
// and seed run inside the server), always with the shop's Node flags and malloc settings
// (scripts/server-node-flags.js, ADR 035). glibc reads MALLOC_* only when a process starts, and
// Node refuses --heap-growing-percent in NODE_OPTIONS, so a process started without them starts
// the server as its child with them, passes signals on and ends with it.
import { spawn } from "node:child_process";
import { constants } from "node:os";
import { fileURLToPath } from "node:url";

import { SERVER_ENV, SERVER_NODE_FLAGS } from "./server-node-flags.js";

const hasStartSettings =
  SERVER_NODE_FLAGS.every((flag) => process.execArgv.includes(flag)) &&
  Object.keys(SERVER_ENV).every((name) => process.env[name] !== undefined);

if (hasStartSettings) {
  await serve();
} else {
  startServerWithSettings();
}

async function serve() {
  // Started by the process below: when it dies, even by `kill -9`, its IPC channel closes; stop
  // as on SIGTERM instead of running on unsupervised (and holding DATA_DIR's lock).
  if (process.channel) {
    process.channel.unref();
    process.once("disconnect", () => process.kill(process.pid, "SIGTERM"));
  }
  // `--no-build` serves the build as it is (the tests, which run beside edited sources).
  if (!process.argv.includes("--no-build")) {
    const { buildIfStale } = await import("./build-if-stale.js");
    buildIfStale();
  }
  process.env.NODE_ENV = "production";
  await import("../server.js");
}

function startServerWithSettings() {
  // The flags and variables someone gave this process come after the shop's, so theirs win:
  // `node --max-old-space-size=384 scripts/start.js`, `MALLOC_ARENA_MAX=4 npm start`.
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, ...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)],
    { env: { ...SERVER_ENV, ...process.env }, stdio: ["inherit", "inherit", "inherit", "ipc"] },
  );
  const forward = (signal) => child.kill(signal);
  for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, forward);
  child.once("error", (error) => {
    console.error(`Cannot start the server: ${error.message}`);
    process.exit(1);
  });
  child.once("exit", (code, signal) => {
    if (signal === null) process.exit(code ?? 1);
    // Die of the same signal (an out-of-memory kill, say), so the supervisor sees what happened;
    // as a container's process 1, where the kernel ignores it, exit as a shell would report it.
    for (const forwarded of ["SIGTERM", "SIGINT"]) process.off(forwarded, forward);
    process.kill(process.pid, signal);
    process.exit(128 + constants.signals[signal]);
  });
}
