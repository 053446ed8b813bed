import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import type { TestProject } from "vitest/node";

import { buildIfStale } from "../../scripts/build-if-stale.js";
import { preparePgliteTemplates, preparePostgresTemplates } from "./database-template";

/**
 * Once per run, before any test file: the databases the files copy (database-template.ts),
 * and the production build when the run includes the suites that start it (tests/server,
 * tests/postgres). `vitest run app/domain/x` names only other files and skips the build.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const filters = process.argv.slice(2).filter((arg) => !arg.startsWith("-") && arg !== "run");
  const needsBuild =
    filters.length === 0 || filters.some((filter) => /tests\/?(server|postgres)?|^tests$/.test(filter));
  if (needsBuild) buildIfStale();
  // This run's seeded DATA_DIRs (server-process.ts, makeSeededDataDir): made at first use, removed at the end.
  const seededDataDirs = mkdtempSync(path.join(tmpdir(), "patitas-seeded-"));
  project.provide("seededDataDirs", seededDataDirs);
  const removeSeeded = () => rmSync(seededDataDirs, { recursive: true, force: true });

  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    project.provide("databaseTemplates", await preparePgliteTemplates());
    return async () => removeSeeded();
  }
  const { templates, drop } = await preparePostgresTemplates(serverUrl);
  project.provide("databaseTemplates", templates);
  return async () => {
    removeSeeded();
    await drop();
  };
}
