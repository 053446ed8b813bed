// npm test: every suite, in order, and a non-zero exit when any fails.
//  1. Chromium from Debian (installed with apt-get when missing)
//  2. the production build (when stale): the server tests and the browser tests run it
//  3. format and lint, 4. typecheck, 5. Vitest (unit, integration on PGlite, server process),
//  6. the load test (200 connections for 60 s, alone on the machine), 7. Playwright
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { buildIfStale } from "./build-if-stale.js";
import { ensureChromium } from "./ensure-chromium.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (file) => path.join(root, "node_modules", file);

ensureChromium();
buildIfStale();

const steps = [
  ["Format (Prettier)", [bin("prettier/bin/prettier.cjs"), "--check", "--log-level", "warn", "."]],
  ["Lint (ESLint: TypeScript, hooks, import order, layers)", [bin("eslint/bin/eslint.js"), "--max-warnings", "0", "."]],
  ["Typecheck: route types", [bin("@react-router/dev/bin.js"), "typegen"]],
  ["Typecheck", [bin("typescript/bin/tsc")]],
  ["Unit, integration and server tests (Vitest)", [bin("vitest/vitest.mjs"), "run"]],
  [
    "Load: 200 connections for 60 s on the public pages (Vitest)",
    [bin("vitest/vitest.mjs"), "run"],
    { VITEST_LOAD: "1" },
  ],
  ["End-to-end tests in Chromium (Playwright)", [bin("@playwright/test/cli.js"), "test"]],
];

const failures = [];
for (const [title, args, env = {}] of steps) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) failures.push(title);
}

if (failures.length > 0) {
  console.error(`\n✖ Failed: ${failures.join("; ")}`);
  process.exit(1);
}
console.log("\n✔ All test suites passed.");
