// The scale curve: the catalogue page's and the search's p50 with 100, 1,000, 10,000 and
// 100,000 products, and the plan PostgreSQL chooses for their queries (EXPLAIN ANALYZE on
// the embedded database, recorded with the figures).
//   node bench/scale.js [--sizes 100,1000,10000,100000] [--duration 10] [--connections 1]
// (writes bench/results/scale.json)
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { openPglite } from "../scripts/backup-support.js";
import { generateShop } from "./generate.js";
import { runScenario } from "./lib/load.js";
import { startBenchServer, writeBenchResult } from "./lib/server.js";

const CATALOGUE = "/productos/gatos/juguetes";
const SEARCH = "/productos?q=pelota";
const CARD_COLUMNS = "id, title, description, image, image_alt, price_cents, is_offer_active, offer_price_cents, stock";

/** The queries listProducts (app/domain/catalog/products.server.ts) sends for each page. */
function pageQueries(categoryId) {
  const catalogue = `is_archived = false AND category_id = ${categoryId}`;
  const search = `is_archived = false AND search_text LIKE '%pelota%'`;
  return {
    catalogue: [
      `SELECT ${CARD_COLUMNS} FROM products WHERE ${catalogue} ORDER BY title, id LIMIT 24 OFFSET 0`,
      `SELECT count(*) FROM products WHERE ${catalogue}`,
    ],
    // A text search gets its page and its total from one scan (count over the result).
    search: [
      `SELECT ${CARD_COLUMNS}, count(*) over () AS total FROM products WHERE ${search} ORDER BY title, id LIMIT 24 OFFSET 0`,
    ],
  };
}

async function explain(dataDir) {
  const db = await openPglite(path.join(dataDir, "db"), {
    startParams: [...(await import("@electric-sql/pglite")).PGlite.defaultStartParams, "-c", "shared_buffers=32MB"],
  });
  try {
    const { rows } = await db.query(`
      SELECT c.id FROM product_categories c JOIN product_families f ON f.id = c.family_id
      WHERE f.slug = 'gatos' AND c.slug = 'juguetes'`);
    const plans = {};
    for (const [page, queries] of Object.entries(pageQueries(rows[0].id))) {
      plans[page] = [];
      for (const sql of queries) {
        // Twice: the first run reads the pages into the cache, the second is the one kept.
        await db.query(`EXPLAIN ANALYZE ${sql}`);
        const plan = (await db.query(`EXPLAIN ANALYZE ${sql}`)).rows.map((row) => row["QUERY PLAN"]);
        plans[page].push({ sql, plan });
      }
    }
    const matches = (await db.query(`SELECT count(*)::int AS n FROM products WHERE search_text LIKE '%pelota%'`))
      .rows[0].n;
    const inCategory = (await db.query(`SELECT count(*)::int AS n FROM products WHERE category_id = ${rows[0].id}`))
      .rows[0].n;
    return { plans, searchMatches: matches, catalogueProducts: inCategory };
  } finally {
    await db.close();
  }
}

export async function runScale({ sizes, duration, connections }) {
  const points = [];
  for (const products of sizes) {
    const dataDir = path.join(tmpdir(), `patitas-bench-${products}`);
    const started = Date.now();
    await generateShop({ products, dataDir });
    process.stderr.write(`${products} products ready in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
    const server = await startBenchServer({ dataDir });
    const point = { products };
    try {
      for (const [key, pagePath] of [
        ["catalogue", CATALOGUE],
        ["search", SEARCH],
      ]) {
        const scenario = { name: pagePath, requests: [{ method: "GET", path: pagePath }] };
        await runScenario(server.url, scenario, { connections, duration: 2 });
        point[key] = await runScenario(server.url, scenario, { connections, duration });
      }
      point.peakRssMb = Math.round(server.peakRssMb());
    } finally {
      await server.stop();
    }
    point.explain = await explain(dataDir);
    points.push(point);
    process.stderr.write(`  catalogue p50 ${point.catalogue.p50Ms} ms, search p50 ${point.search.p50Ms} ms\n`);
  }
  return points;
}

/** The last line of EXPLAIN ANALYZE ('Execution Time: …') and the scan the plan uses. */
function planSummary(entry) {
  const time = entry.plan.find((line) => line.startsWith("Execution Time"))?.replace("Execution Time: ", "") ?? "";
  const scan =
    entry.plan
      .find((line) => /Scan/.test(line))
      ?.trim()
      .replace(/\s+\(cost=.*$/, "")
      .replace(/^->\s+/, "") ?? "";
  return `${scan}, ${time}`;
}

export function scaleTable(points) {
  const first = points[0];
  const lines = [
    "| products | catalogue p50 (ms) | × the smallest | search p50 (ms) | × the smallest | catalogue req/s | search req/s | products in the category / matching 'pelota' |",
    "|---|---|---|---|---|---|---|---|",
  ];
  for (const p of points) {
    lines.push(
      `| ${p.products.toLocaleString("en")} | ${p.catalogue.p50Ms} | ${(p.catalogue.p50Ms / first.catalogue.p50Ms).toFixed(2)} | ${p.search.p50Ms} | ${(p.search.p50Ms / first.search.p50Ms).toFixed(2)} | ${p.catalogue.requestsPerSecond} | ${p.search.requestsPerSecond} | ${p.explain.catalogueProducts} / ${p.explain.searchMatches} |`,
    );
  }
  lines.push("", "EXPLAIN ANALYZE (catalogue: page query; count query. Search: one query for both):", "");
  for (const p of points) {
    for (const page of ["catalogue", "search"]) {
      const summaries = p.explain.plans[page].map(planSummary).join("; ");
      lines.push(`- ${p.products.toLocaleString("en")} products, ${page}: ${summaries}`);
    }
  }
  return lines.join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const option = (name) => {
    const at = args.indexOf(`--${name}`);
    return at === -1 ? undefined : args[at + 1];
  };
  const points = await runScale({
    sizes: (option("sizes") ?? "100,1000,10000,100000").split(",").map(Number),
    duration: Number(option("duration") ?? 10),
    connections: Number(option("connections") ?? 1),
  });
  writeBenchResult("scale.json", { date: new Date().toISOString(), points });
  console.log(scaleTable(points));
}
