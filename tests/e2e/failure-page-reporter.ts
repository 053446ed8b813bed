import { readFileSync } from "node:fs";

import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";

// A failed test's page as the browser had it (Playwright's accessibility snapshot from the
// error context), printed with the failure. CI keeps only the printed output, not the
// test-results folder, and 'element(s) not found' alone does not say whether the page was an
// error page, a 404 or the right page a moment late.

const MAX_LINES = 120;

export function pageSnapshotOf(errorContext: string): string | null {
  const start = errorContext.indexOf("```yaml\n");
  if (start < 0) return null;
  const end = errorContext.indexOf("\n```", start + 8);
  const section = errorContext.slice(start + 8, end < 0 ? undefined : end).trimEnd();
  const lines = section.split("\n").filter((line) => !/^\s*- \/url: /.test(line));
  if (lines.length <= MAX_LINES) return lines.join("\n");
  return [...lines.slice(0, MAX_LINES), `… (${lines.length - MAX_LINES} more lines)`].join("\n");
}

export default class FailurePageReporter implements Reporter {
  printsToStdio() {
    return false;
  }

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === "passed" || result.status === "skipped") return;
    const attachment = result.attachments.find((item) => item.name === "error-context" && item.path);
    if (!attachment?.path) return;
    let snapshot: string | null;
    try {
      snapshot = pageSnapshotOf(readFileSync(attachment.path, "utf8"));
    } catch {
      return;
    }
    if (!snapshot) return;
    process.stdout.write(`\n── The page when "${test.title}" failed ──\n${snapshot}\n\n`);
  }
}
