// npm test: every suite, in order, and a non-zero exit when any fails (docs/testing.md).
//  1. Chromium from Debian (installed with apt-get when missing)
//  2. the production build (when stale): the server tests and the browser tests run it
//  3. format, lint, typecheck and unused code (side by side), 4. Vitest (unit, then integration on PGlite, then the
//     server process; tests/support/slowest-files-reporter.ts prints its slowest files),
//  5. the load test (200 connections for 60 s, alone on the machine), 6. Playwright.
// A failing step does not stop the others: one run shows every failure. At the end, a table
// of each step's wall time, and a check that the whole run stays within its time budget.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { buildIfStale } from "./build-if-stale.js";
import { ensureChromium } from "./ensure-chromium.js";

/**
 * The whole run's budget, in minutes: about 1.5 times a normal day's run on the 2-core machine
 * (docs/testing.md has the figures). A change that adds a suite and passes it fails here, so
 * the time is found in the change that spends it. Raise it only with the reason written there.
 */
export const TEST_TIME_BUDGET_MINUTES = 30;
/**
 * The static-file pace of the day the budget was set (req/s, 50 connections, 5 s). On a slower
 * day the budget grows in proportion, up to three times: the same machine answered 702 req/s
 * one day and 2,716 another, and a slow day must not fail a run that wasted nothing.
 */
const BUDGET_PACE = 2_500;
const MAX_BUDGET_STRETCH = 3;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (file) => path.join(root, "node_modules", file);
/** The load test writes the machine's static-file pace here (tests/load/public-pages.test.ts); not in test-results/, which Playwright empties. */
const pacePath = path.join(tmpdir(), `patitas-machine-pace-${process.pid}.json`);
/**
 * Each Vitest step's failed tests, written by tests/support/failures-file-reporter.ts and printed
 * again below the table: CI keeps only the end of the output, far below them.
 */
const failuresPath = (step) => path.join(tmpdir(), `patitas-test-failures-${process.pid}-${step}.txt`);

// The static checks run at once, one per core (each is single-threaded); their output is
// printed whole as each ends, so it does not interleave.
const staticChecks = [
  [
    "Format (Prettier), no merge-conflict markers",
    [
      [bin("prettier/bin/prettier.cjs"), "--check", "--log-level", "warn", "."],
      [path.join(root, "scripts/check-conflict-markers.js")],
    ],
  ],
  [
    "Lint (ESLint: TypeScript, hooks, import order, layers)",
    [[bin("eslint/bin/eslint.js"), "--max-warnings", "0", "."]],
  ],
  ["Typecheck (route types, then tsc)", [[bin("@react-router/dev/bin.js"), "typegen"], [bin("typescript/bin/tsc")]]],
  // Unused files, exports and dependencies (knip.json: the dependencies only CSS imports are named there).
  ["Unused code (knip)", [[bin("knip/bin/knip.js"), "--no-progress", "--no-config-hints"]]],
];

const steps = [
  ["Chromium (Debian's)", () => ensureChromium()],
  ["Build (when stale)", () => buildIfStale()],
  ["Format, lint, typecheck, unused code, side by side", staticChecks],
  [
    "Vitest: unit, integration (PGlite), server",
    [bin("vitest/vitest.mjs"), "run"],
    { VITEST_FAILURES_FILE: failuresPath("vitest") },
  ],
  [
    "Load: 200 connections for 60 s on the public pages",
    [bin("vitest/vitest.mjs"), "run"],
    { VITEST_LOAD: "1", MACHINE_PACE_FILE: pacePath, VITEST_FAILURES_FILE: failuresPath("load") },
  ],
  ["End-to-end tests in Chromium (Playwright)", [bin("@playwright/test/cli.js"), "test"]],
];

const minutes = (ms) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
};

/** Runs commands one after another, collecting their output; resolves to passed or not. */
function runQuietly(commands) {
  return new Promise((resolve) => {
    let output = "";
    const next = (index) => {
      if (index === commands.length) return resolve({ passed: true, output });
      const child = spawn(process.execPath, commands[index], { cwd: root, env: process.env });
      child.stdout.on("data", (chunk) => (output += chunk));
      child.stderr.on("data", (chunk) => (output += chunk));
      child.on("close", (code) => (code === 0 ? next(index + 1) : resolve({ passed: false, output })));
    };
    next(0);
  });
}

async function runSideBySide(checks) {
  const started = Date.now();
  return Promise.all(
    checks.map(async ([title, commands]) => {
      const { passed, output } = await runQuietly(commands);
      const ms = Date.now() - started;
      console.log(`  ${passed ? "✓" : "✖"} ${title} (${minutes(ms)})${output.trim() ? `\n${output.trimEnd()}` : ""}`);
      return { title: `  ${title}`, ms, passed, isPart: true };
    }),
  );
}

function runStep(run, env) {
  if (typeof run === "function") {
    try {
      run();
      return true;
    } catch (error) {
      console.error(error);
      return false;
    }
  }
  const result = spawnSync(process.execPath, run, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  return result.status === 0;
}

rmSync(pacePath, { force: true });
for (const [, , env = {}] of steps) if (env.VITEST_FAILURES_FILE) rmSync(env.VITEST_FAILURES_FILE, { force: true });
const started = Date.now();
const timings = [];
for (const [title, run, env = {}] of steps) {
  console.log(`\n▶ ${title}`);
  const stepStarted = Date.now();
  if (run === staticChecks) {
    const checks = await runSideBySide(run);
    timings.push({ title, ms: Date.now() - stepStarted, passed: checks.every((check) => check.passed) }, ...checks);
    continue;
  }
  const passed = runStep(run, env);
  const failuresFile = env.VITEST_FAILURES_FILE;
  const failed = failuresFile && existsSync(failuresFile) ? readFileSync(failuresFile, "utf8").trimEnd() : "";
  if (failuresFile) rmSync(failuresFile, { force: true });
  timings.push({ title, ms: Date.now() - stepStarted, passed, failed });
}
const totalMs = Date.now() - started;

const width = Math.max(...timings.map((timing) => timing.title.length));
console.log("\nStep".padEnd(width + 2) + "  Time   Result");
for (const { title, ms, passed } of timings) {
  console.log(`${title.padEnd(width)}  ${minutes(ms).padStart(6)}   ${passed ? "passed" : "FAILED"}`);
}
const pace = existsSync(pacePath) ? JSON.parse(readFileSync(pacePath, "utf8")).staticRequestsPerSecond : null;
rmSync(pacePath, { force: true });
const stretch = pace ? Math.min(MAX_BUDGET_STRETCH, Math.max(1, BUDGET_PACE / pace)) : 1;
const budgetMs = TEST_TIME_BUDGET_MINUTES * stretch * 60_000;
console.log(`${"Total".padEnd(width)}  ${minutes(totalMs).padStart(6)}   budget ${minutes(budgetMs)}`);
if (pace) {
  console.log(
    `Machine's pace today: ${pace} req/s on a static file (50 connections, 5 s)` +
      (stretch > 1 ? `: slower than the budget's ${BUDGET_PACE}, so the budget is ×${stretch.toFixed(2)}.` : "."),
  );
}

// A side-by-side check's own row fails its step's row too: each failure is named once.
const failures = timings.filter((timing) => !timing.passed && !timing.isPart).map((timing) => timing.title);
if (totalMs > budgetMs) {
  failures.push(
    `the time budget: ${minutes(totalMs)} is over ${minutes(budgetMs)} (scripts/test.js); ` +
      "the tables above show which step and which files grew",
  );
}
for (const { title, failed } of timings) if (failed) console.error(`\n${title}, what failed:\n${failed}`);
if (failures.length > 0) {
  console.error(`\n✖ Failed: ${failures.join("; ")}`);
  process.exit(1);
}
console.log("\n✔ All test suites passed.");
