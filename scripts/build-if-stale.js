// `npm start` builds only when the build is missing or older than its sources.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
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
    newest = Math.max(newest, newestModification(path.join(target, entry)));
  }
  return newest;
}

export function isBuildStale() {
  if (!existsSync(buildMarker) || !existsSync(path.join(root, "build/client"))) return true;
  const builtAt = statSync(buildMarker).mtimeMs;
  return sources.some((source) => newestModification(path.join(root, source)) > builtAt);
}

export function buildIfStale({ force = false } = {}) {
  if (!force && !isBuildStale()) return;
  console.log("Building the app…");
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], {
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
