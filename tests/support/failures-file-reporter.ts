import { appendFileSync } from "node:fs";
import path from "node:path";

import type { Reporter, SerializedError, TestModule, TestRunEndReason } from "vitest/node";

// npm test prints each step's failures again after its summary table (scripts/test.js): CI
// keeps only the end of a long run's output, and a run of 2026-12-03 failed its Vitest step with
// the failing test's name and error far above the part that was kept. This reporter
// writes them to VITEST_FAILURES_FILE when that variable is set; without it, it does nothing.

/** Enough of an error to find it: its message and the first frames of its stack in our code. */
const MAX_LINES = 12;
const LIBRARY_FRAME = /node_modules|node:internal|\(<anonymous>\)/;

function describeError(error: SerializedError): string {
  const frames = (error.stack ?? "")
    .split("\n")
    .slice(1)
    .filter((line) => !LIBRARY_FRAME.test(line));
  const text = [error.message, ...frames.slice(0, 4)]
    .join("\n")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .slice(0, MAX_LINES);
  return text.map((line) => `      ${line.trimEnd()}`).join("\n");
}

function describeFailures(
  modules: readonly TestModule[],
  unhandledErrors: readonly SerializedError[],
  reason: TestRunEndReason,
): string[] {
  const lines: string[] = [];
  for (const module of modules) {
    const file = path.relative(process.cwd(), module.moduleId);
    for (const error of module.errors())
      lines.push(`  ✖ ${file} [${module.project.name}] (the file itself)`, describeError(error));
    for (const test of module.children.allTests()) {
      const result = test.result();
      if (result.state !== "failed") continue;
      lines.push(`  ✖ ${file} [${module.project.name}] › ${test.fullName}`, ...result.errors.map(describeError));
    }
  }
  for (const error of unhandledErrors) lines.push("  ✖ an error outside any test (unhandled)", describeError(error));
  if (lines.length === 0 && reason !== "passed") lines.push(`  ✖ the run ended as '${reason}' without a failed test`);
  return lines;
}

export default class FailuresFileReporter implements Reporter {
  onTestRunEnd(
    modules: readonly TestModule[],
    unhandledErrors: readonly SerializedError[],
    reason: TestRunEndReason,
  ): void {
    const file = process.env.VITEST_FAILURES_FILE;
    if (!file) return;
    const lines = describeFailures(modules, unhandledErrors, reason);
    if (lines.length > 0) appendFileSync(file, `${lines.join("\n")}\n`);
  }
}
