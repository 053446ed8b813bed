import path from "node:path";

import type { Reporter, TestModule } from "vitest/node";

// Printed at the end of every Vitest run (issue 42): the 15 slowest files, each with its
// import time, its set-up (setup files and hooks: the database, the seeded shop, a server)
// and the time of its tests, so a file that slows the suite is seen in the change that
// slows it. The files ran two at a time: their times add up to more than the run's.

const SHOWN = 15;

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`.padStart(8);
}

type Row = { file: string; project: string; importMs: number; setUpMs: number; testsMs: number; totalMs: number };

function rowOf(module: TestModule): Row {
  const diagnostic = module.diagnostic();
  let testsMs = 0;
  for (const test of module.children.allTests()) testsMs += test.diagnostic()?.duration ?? 0;
  const importMs = diagnostic.collectDuration;
  const setUpMs = diagnostic.setupDuration + Math.max(0, diagnostic.duration - testsMs);
  return {
    file: path.relative(process.cwd(), module.moduleId),
    project: module.project.name,
    importMs,
    setUpMs,
    testsMs,
    totalMs: importMs + setUpMs + testsMs,
  };
}

export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(modules: readonly TestModule[]): void {
    if (modules.length === 0) return;
    const rows = modules.map(rowOf).sort((a, b) => b.totalMs - a.totalMs);
    const width = Math.min(70, Math.max(...rows.slice(0, SHOWN).map((row) => row.file.length)));
    const lines = [
      "",
      `Slowest ${Math.min(SHOWN, rows.length)} of ${rows.length} files (import, set-up, tests, total):`,
      ...rows
        .slice(0, SHOWN)
        .map(
          (row) =>
            `  ${row.file.padEnd(width)} ${`[${row.project}]`.padEnd(14)}${seconds(row.importMs)}${seconds(row.setUpMs)}${seconds(row.testsMs)}${seconds(row.totalMs)}`,
        ),
      "",
    ];
    process.stdout.write(`${lines.join("\n")}\n`);
  }
}
