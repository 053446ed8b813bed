import { buildIfStale } from "../../scripts/build-if-stale.js";

/**
 * Builds once, before any test file runs, when the run includes the suites that start
 * the production build (tests/server, tests/postgres). `vitest run app/domain/x`
 * names only other files and skips the build.
 */
export default function setup(): void {
  const filters = process.argv.slice(2).filter((arg) => !arg.startsWith("-") && arg !== "run");
  const needsBuild =
    filters.length === 0 || filters.some((filter) => /tests\/?(server|postgres)?|^tests$/.test(filter));
  if (needsBuild) buildIfStale();
}
