import { fileURLToPath } from "node:url";

import { defineConfig } from "vitest/config";

// With TEST_DATABASE_URL (see .ci/run) the database suites run again on PostgreSQL,
// plus the checks that only make sense there; otherwise on in-memory PGlite, plus
// the checks that start the built server as a process.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
// VITEST_LOAD=1 runs the load test alone (tests/load): a minute of 200 connections must
// not share the machine with the other suites.
const loadOnly = Boolean(process.env.VITEST_LOAD);

export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      // Test helpers (tests/support): known only here and to tsc, so the app's build cannot import them.
      "~test": fileURLToPath(new URL("./tests/support", import.meta.url)),
    },
  },
  test: {
    include: loadOnly
      ? ["tests/load/**/*.test.ts"]
      : onPostgres
        ? ["app/**/*.test.{ts,tsx}", "tests/postgres/**/*.test.ts"]
        : ["app/**/*.test.{ts,tsx}", "tests/server/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/quiet-shop-alerts.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: {
      // Tests never write a secret into ./data.
      AUTH_SECRET: "test-secret-for-vitest-only-0123456789",
      DATA_DIR: "/tmp/patitas-vitest-data",
      APP_URL: "http://localhost:3000",
    },
  },
});
