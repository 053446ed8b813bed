// The page cache (issue 26, ADR 024) on the production build with a generated catalogue:
//  1. hits: home, a catalogue page, a search and a product page at 50 connections, beside the
//     static file in the same run (target: >= 50 % of its req/s, p99 < 50 ms);
//  2. fill: every product page once (the cache's bound reached, least recently used out), with
//     the server's peak RSS (target <= 250 MB at 10,000 products);
//  3. a write burst: the owner saves the product's price every second while 50 connections
//     read its page; every response to a request sent after a save's answer must show the new
//     price (a STALE copy may not, for at most a second: counted apart).
//   node bench/page-cache.js [--products 10000] [--duration 10] [--connections 50] [--out FILE]
//                            [--cache-mb N] [--only hits,fill,writes]
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

import autocannon from "autocannon";

import { generateShop } from "./generate.js";
import { readMemory, startBenchServer, writeBenchResult } from "./lib/server.js";
import { runWriteBurst } from "./lib/write-burst.js";

const HEADERS = { "accept-encoding": "gzip, deflate, br", "user-agent": "patitas-bench" };

/** req/s, latency and how the cache answered (X-Cache) for one list of requests. */
async function measure(url, name, path, { connections, duration }) {
  const cache = {};
  const result = await autocannon({
    url,
    connections,
    duration,
    timeout: 10,
    headers: HEADERS,
    requests: [
      {
        method: "GET",
        path,
        onResponse: (_status, _body, _context, headers) => {
          // Raw header names, as the server wrote them.
          const status = headers["X-Cache"] ?? headers["x-cache"] ?? "none";
          cache[status] = (cache[status] ?? 0) + 1;
        },
      },
    ],
  });
  return {
    scenario: name,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result["4xx"] + result["5xx"],
    cache,
  };
}

async function fillCache(server, products, pages = products) {
  const started = Date.now();
  let next = 1;
  const statuses = {};
  const worker = async () => {
    while (next <= pages) {
      const id = next++;
      const response = await fetch(`${server.url}/producto/${id}`, { headers: HEADERS });
      await response.arrayBuffer();
      const status = response.headers.get("x-cache") ?? "none";
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  server.sampleRss();
  await Promise.all(Array.from({ length: 4 }, worker));
  const peakRssMb = Math.round(server.sampleRss());
  // The first pages were stored first: with the bound reached, they were the first out.
  const again = { HIT: 0, other: 0 };
  for (let id = 1; id <= 100; id++) {
    const response = await fetch(`${server.url}/producto/${id}`, { headers: HEADERS });
    await response.arrayBuffer();
    again[response.headers.get("x-cache") === "HIT" ? "HIT" : "other"]++;
  }
  const lastHits = { HIT: 0, other: 0 };
  for (let id = pages - 99; id <= pages; id++) {
    const response = await fetch(`${server.url}/producto/${id}`, { headers: HEADERS });
    await response.arrayBuffer();
    lastHits[response.headers.get("x-cache") === "HIT" ? "HIT" : "other"]++;
  }
  return {
    seconds: Math.round((Date.now() - started) / 1000),
    statuses,
    peakRssMb,
    firstHundredAgain: again,
    lastHundredAgain: lastHits,
  };
}

export async function runPageCacheBench({
  products,
  duration,
  connections,
  cacheMb = null,
  only = null,
  fillPages = null,
}) {
  const dataDir = path.join(tmpdir(), `patitas-bench-${products}`);
  const meta = await generateShop({ products, dataDir });
  const server = await startBenchServer({ dataDir, env: cacheMb === null ? {} : { PAGE_CACHE_MB: String(cacheMb) } });
  const runs = (part) => only === null || only.includes(part);
  const productPageId = Math.ceil(meta.benchProductId / 2);
  const list = [
    ["static file (/favicon.svg), the ceiling", "/favicon.svg"],
    ["home (/)", "/"],
    ["catalogue page (/productos/gatos/juguetes)", "/productos/gatos/juguetes"],
    ["search (/productos?q=pelota)", "/productos?q=pelota"],
    [`product page (/producto/${productPageId})`, `/producto/${productPageId}`],
  ];
  try {
    const hits = [];
    for (const [name, pagePath] of runs("hits") ? list : []) {
      await measure(server.url, name, pagePath, { connections, duration: 2 });
      server.sampleRss();
      const row = await measure(server.url, name, pagePath, { connections, duration });
      row.peakRssMb = Math.round(server.sampleRss());
      hits.push(row);
      process.stderr.write(`  ${row.scenario}: ${row.requestsPerSecond} req/s, p99 ${row.p99Ms} ms\n`);
    }
    const afterHitsRssMb = Math.round(readMemory(server.pid).rssMb);
    for (const row of hits) row.ratioToStatic = Number((row.requestsPerSecond / hits[0].requestsPerSecond).toFixed(3));
    process.stderr.write("  filling the cache with every product page…\n");
    const fill = runs("fill") ? await fillCache(server, products, fillPages ?? products) : null;
    if (fill) process.stderr.write(`  fill: peak RSS ${fill.peakRssMb} MB\n`);
    process.stderr.write("  write burst…\n");
    const writeBurst = !runs("writes")
      ? null
      : await runWriteBurst(server, { productId: productPageId, connections, seconds: duration });
    return {
      products,
      connections,
      durationSeconds: duration,
      pageCacheMb: cacheMb ?? 32,
      hits,
      afterHitsRssMb,
      fill,
      writeBurst,
      serverPeakRssMb: Math.round(server.peakRssMb()),
    };
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const at = args.indexOf(`--${name}`);
    return at === -1 ? fallback : Number(args[at + 1]);
  };
  const outAt = args.indexOf("--out");
  const products = option("products", 10_000);
  const report = await runPageCacheBench({
    products,
    duration: option("duration", 10),
    connections: option("connections", 50),
    cacheMb: args.includes("--cache-mb") ? option("cache-mb", 32) : null,
    fillPages: args.includes("--fill") ? option("fill", null) : null,
    only: args.includes("--only") ? args[args.indexOf("--only") + 1].split(",") : null,
  });
  const file = writeBenchResult(outAt === -1 ? `page-cache-${products}.json` : args[outAt + 1], report);
  console.log(JSON.stringify(report, null, 2));
  console.log(`Written to ${file}`);
}
