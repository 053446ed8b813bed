import { defineConfig, devices } from "@playwright/test";

import { CHROMIUM_PATH } from "./scripts/ensure-chromium.js";
import { SERVER_ENV, SERVER_NODE_FLAGS } from "./scripts/server-node-flags.js";

// E2E_BASE_URL runs the tests against a server that is already up (e.g. `npm run dev`
// on its own PORT and DATA_DIR, with ADMIN_PASSWORD=clave-e2e-123); otherwise the
// production build is started on a fresh DATA_DIR.
const port = Number(process.env.E2E_PORT ?? 4310);
const externalURL = process.env.E2E_BASE_URL;
export const baseURL = externalURL ?? `http://localhost:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  // Separate runs in one checkout (several people at once) need separate output folders.
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // The list, then each failed test's page as the browser had it (CI keeps only what is printed).
  reporter: [["list"], ["./tests/e2e/failure-page-reporter.ts"]],
  // A test's whole budget. The clean-clone CI machine runs these two workers and the server on
  // two cores at about a third of this machine's pace: 12 s tests here took 33 s there and hit
  // a 30 s limit (the signed-in page-cache test, the combobox's three axe passes).
  timeout: 60_000,
  use: {
    baseURL,
    locale: "es-PE",
    timezoneId: "America/Lima",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      // Debian's Chromium, its headless shell (ADR 050); Playwright never downloads a browser here.
      executablePath: CHROMIUM_PATH,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  // Specs named *.global.spec.ts change what every page shows (contact details, page texts,
  // payment methods…): they run after the others, which expect the seeded shop.
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"] },
      testIgnore: [/mobile\.spec\.ts/, /\.global\.spec\.ts/],
    },
    { name: "mobile", use: { ...devices["Pixel 7"] }, testMatch: /mobile\.spec\.ts/ },
    {
      name: "global",
      use: { ...devices["Desktop Chrome"] },
      testMatch: /\.global\.spec\.ts/,
      dependencies: ["desktop", "mobile"],
    },
  ],
  webServer: externalURL
    ? undefined
    : {
        command: `node ${SERVER_NODE_FLAGS.join(" ")} tests/e2e/serve.js`,
        url: `${baseURL}/healthz`,
        reuseExistingServer: false,
        timeout: 120_000,
        // The server logs one JSON line per request: kept out of the test report; errors still show.
        stdout: "ignore",
        stderr: "pipe",
        env: { ...SERVER_ENV, E2E_PORT: String(port) },
      },
});
