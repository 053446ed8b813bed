import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

// Groups run one after the other (docs/testing.md):
//  1. unit: no database, no server; both cores;
//  2. integration: each file with its own database, copied from one migrated once per run
//     (tests/support/database-template.ts); both cores;
//  3. server: the built server started as a process (starts, stops, kills, backups), two files
//     at a time, each server on its own port and DATA_DIR;
//  4. server, alone: the files whose checks depend on time (slow clients, timeouts, floods),
//     one at a time with nothing else running.
// With TEST_DATABASE_URL (see .ci/run) the database files run again on PostgreSQL, plus the
// checks that only make sense there (tests/postgres); the unit files, which touch no database,
// are not run twice. VITEST_LOAD=1 runs the load test alone (tests/load): a minute of 200
// connections must not share the machine with the other suites.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const loadOnly = Boolean(process.env.VITEST_LOAD);

const alias = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  // Test helpers (tests/support): known only here and to tsc, so the app's build cannot import them.
  "~test": fileURLToPath(new URL("./tests/support", import.meta.url)),
};

const appTests = readdirSync("app", { recursive: true, encoding: "utf8" })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `app/${file}`)
  .sort();
/** A file that opens a database (its own, through tests/support) is an integration file. */
const usesDatabase = (file: string) =>
  /setUpTestDatabase|seededShopWithAdmin|openDatabase\(|TEST_DATABASE_URL/.test(readFileSync(file, "utf8"));
const databaseTests = appTests.filter(usesDatabase);
const unitTests = appTests.filter((file) => !databaseTests.includes(file));
const serverAloneTests = ["tests/server/hostile-traffic.test.ts", "tests/server/http.test.ts"];

function project(
  name: string,
  include: string[],
  options: { order: number; maxWorkers: number; exclude?: string[]; setupFiles?: string[] },
): TestProjectInlineConfiguration {
  return {
    resolve: { alias },
    test: {
      name,
      include,
      ...(options.exclude ? { exclude: options.exclude } : {}),
      environment: "node",
      setupFiles: [
        "tests/support/quiet-shop-alerts.ts",
        "tests/support/worker-data-dir.ts",
        "tests/support/direct-reads.ts",
        ...(options.setupFiles ?? []),
      ],
      testTimeout: 30_000,
      hookTimeout: 60_000,
      maxWorkers: options.maxWorkers,
      sequence: { groupOrder: options.order },
      env: {
        // Tests never write a secret into ./data.
        AUTH_SECRET: "test-secret-for-vitest-only-0123456789",
        // One per checkout (two checkouts' suites may run at once on one machine).
        DATA_DIR: `/tmp/patitas-vitest-data-${createHash("sha256")
          .update(import.meta.dirname)
          .digest("hex")
          .slice(0, 8)}`,
        APP_URL: "http://localhost:3000",
      },
    },
  };
}

const projects = loadOnly
  ? [project("load", ["tests/load/**/*.test.ts"], { order: 0, maxWorkers: 1 })]
  : onPostgres
    ? [
        project("integration", databaseTests, { order: 0, maxWorkers: 2 }),
        project("postgres", ["tests/postgres/**/*.test.ts"], { order: 1, maxWorkers: 1 }),
      ]
    : [
        project("unit", unitTests, { order: 0, maxWorkers: 2 }),
        project("integration", databaseTests, {
          order: 1,
          maxWorkers: 2,
          // Each file's database loads while the file's modules are imported (database-preload.ts).
          setupFiles: ["tests/support/database-preload.ts"],
        }),
        project("server", ["tests/server/**/*.test.ts"], { order: 2, maxWorkers: 2, exclude: serverAloneTests }),
        project("server-alone", serverAloneTests, { order: 3, maxWorkers: 1 }),
      ];

export default defineConfig({
  resolve: { alias },
  test: {
    globalSetup: ["tests/support/global-setup.ts"],
    reporters: ["default", "./tests/support/slowest-files-reporter.ts", "./tests/support/failures-file-reporter.ts"],
    projects,
  },
});
