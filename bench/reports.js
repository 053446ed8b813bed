// The owner's reports (issue 49, ADR 040) on a busy shop's year: a generated shop of 50,000
// orders over the last 365 days, the server started on it, and each report page asked for in
// turn by a signed-in administrator, one request at a time (the owner opens a report; nobody
// loads it in parallel). For each page: p50, p95 and the slowest of the timed requests, after
// warm-up requests. Target: the year's report under 500 ms.
//   node bench/reports.js [--orders 50000] [--products 2000] [--runs 15] [--out FILE]
import { tmpdir } from "node:os";
import path from "node:path";

import { buildIfStale } from "../scripts/build-if-stale.js";
import { generateShop } from "./generate.js";
import { signInAsAdmin, startBenchServer, writeBenchResult } from "./lib/server.js";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? fallback : args[at + 1];
};
const orders = Number(option("orders", "50000"));
const products = Number(option("products", "2000"));
const runs = Number(option("runs", "15"));
const WARM_UP = 3;

const limaDate = (instant) => new Date(instant.getTime() - 5 * 3_600_000).toISOString().slice(0, 10);
const today = limaDate(new Date());
const yearAgo = limaDate(new Date(Date.now() - 364 * 86_400_000));

const pages = [
  {
    name: "the year (custom range, per month)",
    path: `/admin/reportes?rango=personalizado&desde=${yearAgo}&hasta=${today}`,
  },
  { name: "this month (per day)", path: "/admin/reportes?rango=mes" },
  { name: "last 7 days", path: "/admin/reportes?rango=7dias" },
  {
    name: "the year's best sellers as .xlsx",
    path: `/admin/reportes/exportar?rango=personalizado&desde=${yearAgo}&hasta=${today}&tabla=productos-unidades`,
  },
  { name: "dashboard (with this month's sales)", path: "/admin/dashboard" },
];

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function timePage(url, cookie, page) {
  const times = [];
  for (let i = 0; i < WARM_UP + runs; i++) {
    const started = performance.now();
    const response = await fetch(`${url}${page.path}`, { headers: { cookie } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${page.path}: ${response.status}`);
    if (i >= WARM_UP) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const round = (ms) => Math.round(ms * 10) / 10;
  return {
    page: page.name,
    path: page.path,
    p50Ms: round(percentile(times, 50)),
    p95Ms: round(percentile(times, 95)),
    maxMs: round(times.at(-1)),
  };
}

await buildIfStale();
const database = process.env.DATABASE_URL ? "postgresql" : "pglite";
const dataDir = path.join(tmpdir(), `patitas-bench-reports-${database}-${products}-${orders}`);
const meta = await generateShop({ products, orders, dataDir });
const server = await startBenchServer({ dataDir });
try {
  const cookie = await signInAsAdmin(server.url);
  const results = [];
  for (const page of pages) {
    const result = await timePage(server.url, cookie, page);
    results.push(result);
    console.log(`${result.page}: p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms, max ${result.maxMs} ms`);
  }
  const file = writeBenchResult(option("out", "reports.json"), {
    date: new Date().toISOString(),
    shop: {
      products: meta.products,
      orders: meta.orders,
      database,
    },
    runs,
    results,
  });
  console.log(`written to ${file}`);
} finally {
  await server.stop();
}
