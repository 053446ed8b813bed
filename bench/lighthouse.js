// Lighthouse (mobile) on the storefront's key pages, against the production build on a
// fresh DATA_DIR: the four category scores and the JavaScript each page downloads.
//   node bench/lighthouse.js [--runs N] [--reports DIR] [--setup direct|https|both]
// (writes bench/results/lighthouse.json). Two set-ups, both by default:
//   direct: the app itself, as `npm start` serves it (HTTP/1.1, no TLS);
//   https:  the app behind an HTTPS front speaking HTTP/2 (bench/lib/h2-front.js), as README's
//           "Producción" deploys it. Lighthouse's simulated slow 4G charges every request on
//           an HTTP/1.1 connection a round trip of its own (150 ms), six connections at a
//           time; over HTTP/2 the requests share one connection, as they do for a shopper.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

import { buildIfStale } from "../scripts/build-if-stale.js";
import { ensureChromium } from "../scripts/ensure-chromium.js";
import { SERVER_ENV, SERVER_NODE_FLAGS } from "../scripts/server-node-flags.js";
import { startHttp2Front } from "./lib/h2-front.js";
import { writeBenchResult } from "./lib/server.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const port = 4520;
const frontPort = 4521;
const pages = [
  { name: "Inicio", path: "/" },
  { name: "Catálogo", path: "/productos/gatos/juguetes" },
  { name: "Producto", path: "/producto/1" },
];

// --runs N (default 3): runs per page, the median kept. --reports DIR also keeps each page's
// median Lighthouse report (JSON), to read its waterfall.
const runsFlag = process.argv.indexOf("--runs");
const runs = runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 3;
const reportsFlag = process.argv.indexOf("--reports");
const reportDir = reportsFlag > 0 ? process.argv[reportsFlag + 1] : null;
if (reportDir) mkdirSync(reportDir, { recursive: true });
const setupFlag = process.argv.indexOf("--setup");
const setupName = setupFlag > 0 ? process.argv[setupFlag + 1] : "both";
const setups = [
  { id: "direct", label: "direct, HTTP/1.1", base: `http://localhost:${port}` },
  { id: "https", label: "HTTPS + HTTP/2", base: `https://localhost:${frontPort}` },
].filter((setup) => setupName === "both" || setup.id === setupName);
if (!setups.length) throw new Error(`--setup must be direct, https or both, not ${setupName}`);

ensureChromium();
buildIfStale();
function startServer(appUrl) {
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, "server.js"], {
    cwd: root,
    env: {
      ...process.env,
      ...SERVER_ENV,
      NODE_ENV: "production",
      PORT: String(port),
      APP_URL: appUrl,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "patitas-lighthouse-")),
      ADMIN_PASSWORD: "clave-bench-123",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve) =>
    server.stdout.on("data", (chunk) => String(chunk).includes("listening on") && resolve(server)),
  );
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  // The HTTPS front's certificate is self-signed.
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--ignore-certificate-errors",
  ],
});

const results = [];
try {
  for (const setup of setups) {
    // A fresh shop per set-up, whose APP_URL is the address the browser uses.
    const server = await startServer(setup.base);
    const front = setup.id === "https" ? await startHttp2Front({ port: frontPort, appPort: port }) : null;
    try {
      for (const page of pages) {
        // One warm-up load so that the figures are not those of a cold server.
        await fetch(`http://localhost:${port}${page.path}`);
        // Lighthouse's simulated throttling varies from run to run (it models the network from
        // the timings it observed): each page is measured `runs` times and the median run kept,
        // as Lighthouse's own guidance recommends.
        const runsOfPage = [];
        for (let run = 0; run < runs; run++) {
          const { lhr } = await lighthouse(`${setup.base}${page.path}`, {
            port: chrome.port,
            output: "json",
            logLevel: "error",
          });
          runsOfPage.push(lhr);
        }
        runsOfPage.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
        const lhr = runsOfPage[Math.floor(runsOfPage.length / 2)];
        if (reportDir)
          writeFileSync(path.join(reportDir, `${setup.id}-${page.name.toLowerCase()}.json`), JSON.stringify(lhr));
        results.push(summarize(lhr, page, setup, runsOfPage));
      }
    } finally {
      await front?.close();
      server.kill("SIGTERM");
      await new Promise((resolve) => server.once("exit", resolve));
    }
  }
} finally {
  await chrome.kill();
}

function summarize(lhr, page, setup, runsOfPage) {
  const scripts = lhr.audits["resource-summary"].details.items.find((item) => item.resourceType === "script");
  return {
    page: `${page.name} (${page.path})`,
    setup: setup.label,
    protocol: lhr.audits["network-requests"].details.items[0]?.protocol ?? "",
    performance: Math.round(lhr.categories.performance.score * 100),
    performanceRuns: runsOfPage.map((run) => Math.round(run.categories.performance.score * 100)),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    bestPractices: Math.round(lhr.categories["best-practices"].score * 100),
    seo: Math.round(lhr.categories.seo.score * 100),
    firstLoadJsKb: Math.round((scripts?.transferSize ?? 0) / 1024),
    lcpMs: Math.round(lhr.audits["largest-contentful-paint"].numericValue),
    fcpMs: Math.round(lhr.audits["first-contentful-paint"].numericValue),
    // What Chromium itself painted, unthrottled. Lighthouse simulates slow 4G from the
    // requests that started before this moment, so a late observed paint counts more
    // scripts and pictures against the simulated one (bench/README.md).
    observedFcpMs: Math.round(lhr.audits.metrics.details.items[0].observedFirstContentfulPaint),
    // Lighthouse's measure of this machine's CPU speed: the simulation scales the observed
    // script times by it, so scores from machines (or days) with different indexes differ.
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    speedIndexMs: Math.round(lhr.audits["speed-index"].numericValue),
    tbtMs: Math.round(lhr.audits["total-blocking-time"].numericValue),
    cls: Number(lhr.audits["cumulative-layout-shift"].numericValue.toFixed(3)),
    lcpElement: lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? "",
    failing: Object.values(lhr.audits)
      .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === "binary")
      .map((audit) => audit.id),
  };
}

writeBenchResult("lighthouse.json", results);
console.log(`Median of ${runs} runs per page (performance of every run in brackets).`);
console.log(
  "| page | set-up | performance | accessibility | best practices | SEO | first-load JS (KB transferred) | FCP (ms) | LCP (ms) | TBT (ms) | CLS |",
);
console.log("|---|---|---|---|---|---|---|---|---|---|---|");
for (const r of results) {
  console.log(
    `| ${r.page} | ${r.setup} | ${r.performance} (${r.performanceRuns.join(", ")}) | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.firstLoadJsKb} | ${r.fcpMs} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} |`,
  );
}
for (const r of results) console.log(`${r.page}, ${r.setup}: LCP element ${r.lcpElement.slice(0, 120)}`);
for (const r of results) {
  console.log(
    `${r.page}, ${r.setup} (${r.protocol}): first paint observed at ${r.observedFcpMs} ms; CPU benchmark index ${r.benchmarkIndex}`,
  );
}
for (const r of results)
  if (r.failing.length) console.log(`${r.page}, ${r.setup}: failing binary audits: ${r.failing.join(", ")}`);
