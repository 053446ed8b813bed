// `npm start` builds only when the build is missing or older than its sources.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const buildMarker = path.join(root, "build/server/index.js");
const sources = [
  "app",
  "server",
  "public",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
];

function newestModification(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(target)) {
    // Migrations are read at run time, not bundled; they never make a build stale.
    if (entry === "node_modules" || entry === "migrations") continue;
    // Tests are not part of the build.
    if (/\.test\.tsx?$/.test(entry)) continue;
    newest = Math.max(newest, newestModification(path.join(target, entry)));
  }
  return newest;
}

export function isBuildStale() {
  if (!existsSync(buildMarker) || !existsSync(path.join(root, "build/client"))) return true;
  const builtAt = statSync(buildMarker).mtimeMs;
  return sources.some((source) => newestModification(path.join(root, source)) > builtAt);
}

const lockDir = path.join(root, ".build-lock");

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

/** Several test processes may ask for a build at once: one builds, the others wait. */
function withBuildLock(work) {
  const ownerFile = path.join(lockDir, "pid");
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      mkdirSync(lockDir);
      writeFileSync(ownerFile, String(process.pid));
      break;
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
      const owner = Number(readFileSync(ownerFile, { encoding: "utf8", flag: "a+" }) || Number.NaN);
      // The lock of a build that was killed is taken over at once.
      if (!Number.isInteger(owner) || !isAlive(owner)) {
        rmSync(lockDir, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error("Timed out waiting for another build to finish", { cause: error });
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
    }
  }
  try {
    return work();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

export function buildIfStale({ force = false } = {}) {
  if (!force && !isBuildStale()) return;
  withBuildLock(() => {
    if (!force && !isBuildStale()) return;
    runBuild();
  });
}

function runBuild() {
  const builder = path.join(root, "node_modules/@react-router/dev/bin.js");
  if (!existsSync(builder)) {
    // `npm install` with NODE_ENV=production (or --omit=dev) leaves out the build tools.
    console.error(
      "Cannot build the shop: its build tools (devDependencies) are not installed.\n" +
        "Run `npm install` without NODE_ENV=production or --omit=dev, then `npm start` again.",
    );
    process.exit(1);
  }
  console.log("Building the app…");
  const result = spawnSync(process.execPath, [builder, "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) {
    console.error("The build failed.");
    process.exit(result.status ?? 1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildIfStale();
