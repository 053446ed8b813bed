// First-load JavaScript per storefront route, from the production build's manifest.
//   node bench/first-load-js.js [--json FILE] [--detail ROUTE_ID]
// A route's first load is the client entry plus every route module on its branch (root, the
// store or account layout, the route), with each module's static imports, each file counted
// once, in the bytes server.js sends: the build's gzip copy (level 9) and its brotli copy
// (quality 11, sent to browsers that accept it, i.e. over HTTPS). It builds first when the build is stale.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

import { buildIfStale } from "../scripts/build-if-stale.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const assets = path.join(root, "build/client/assets");
const BUDGET_KB = 120;

function readManifest() {
  const file = fs.readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error("No build/client/assets/manifest-*.js: run `npm run build` first.");
  const text = fs.readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(text.replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, ""));
}

const sizeCache = new Map();
function compressedSize(url, encoding) {
  const key = `${url}:${encoding}`;
  if (!sizeCache.has(key)) {
    const file = path.join(root, "build/client", url);
    const copy = `${file}.${encoding === "gzip" ? "gz" : "br"}`;
    // The build writes both copies (scripts/precompress.js); compute them if it has not.
    const size = fs.existsSync(copy)
      ? fs.statSync(copy).size
      : encoding === "gzip"
        ? zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length
        : zlib.brotliCompressSync(fs.readFileSync(file)).length;
    sizeCache.set(key, size);
  }
  return sizeCache.get(key);
}
const gzipped = (url) => compressedSize(url, "gzip");
const brotli = (url) => compressedSize(url, "br");

function branch(manifest, id) {
  const ids = [];
  for (let cur = manifest.routes[id]; cur; cur = manifest.routes[cur.parentId]) ids.unshift(cur.id);
  return ids;
}

function filesOf(manifest, id) {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const routeId of branch(manifest, id)) {
    const route = manifest.routes[routeId];
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  return [...files];
}

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

export function firstLoadJs() {
  const manifest = readManifest();
  const runtime = [manifest.entry.module, ...manifest.entry.imports].reduce((sum, f) => sum + gzipped(f), 0);
  const routes = Object.values(manifest.routes)
    .filter((r) => /^routes\/(store|account)\//.test(r.id) && r.hasDefaultExport && !/layout$/.test(r.id))
    .map((r) => {
      const files = filesOf(manifest, r.id);
      return {
        route: r.id.replace(/^routes\//, ""),
        kb: kb(files.reduce((s, f) => s + gzipped(f), 0)),
        brotliKb: kb(files.reduce((s, f) => s + brotli(f), 0)),
        files,
      };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
  const runtimeBrotli = [manifest.entry.module, ...manifest.entry.imports].reduce((sum, f) => sum + brotli(f), 0);
  return { runtimeKb: kb(runtime), runtimeBrotliKb: kb(runtimeBrotli), budgetKb: BUDGET_KB, routes };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildIfStale();
  const result = firstLoadJs();
  const detail = process.argv.indexOf("--detail");
  if (detail > 0) {
    const wanted = process.argv[detail + 1];
    const route = result.routes.find((r) => r.route === wanted);
    if (!route) throw new Error(`No route ${wanted}; one of: ${result.routes.map((r) => r.route).join(", ")}`);
    for (const f of [...route.files].sort((a, b) => gzipped(b) - gzipped(a)))
      console.log(`${kb(gzipped(f)).toFixed(1).padStart(6)}  ${f}`);
    process.exit(0);
  }
  console.log(`| route | KB gzipped | KB brotli |\n|---|---|---|`);
  console.log(
    `| The entry and its imports (React, React DOM, React Router and the shell, ADR 013) | ${result.runtimeKb} | ${result.runtimeBrotliKb} |`,
  );
  for (const r of result.routes)
    console.log(`| ${r.route} | ${r.kb}${r.kb > BUDGET_KB ? " (over)" : ""} | ${r.brotliKb} |`);
  const over = result.routes.filter((r) => r.kb > BUDGET_KB).length;
  console.log(`\n${over} of ${result.routes.length} routes over the ${BUDGET_KB} KB budget.`);
  const json = process.argv.indexOf("--json");
  if (json > 0) {
    const slim = {
      ...result,
      routes: result.routes.map(({ route, kb, brotliKb }) => ({ route, kb, brotliKb })),
      date: new Date().toISOString(),
    };
    fs.writeFileSync(process.argv[json + 1], JSON.stringify(slim, null, 2) + "\n");
  }
}
