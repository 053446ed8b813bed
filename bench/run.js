// npm run bench: every benchmark of bench/README.md, in order, on an idle machine.
//   1. load at 10,000 products (req/s, p50, p99, errors, RSS; the static file as ceiling)
//   2. the scale curve, 100 → 100,000 products, with EXPLAIN ANALYZE
//   3. first-load JavaScript per storefront route, from the build's manifest
//   4. Lighthouse (mobile) on home, a catalogue page and a product page, on the app itself and
//      behind an HTTPS front speaking HTTP/2
//   5. the Excel exports (catalogue, orders) at 100,000 products: time, size, the server's RSS
// Each step also writes its JSON to bench/results/. Options: --quick (1,000 products for
// the load, sizes up to 10,000, 5-second runs, one Lighthouse run per page) for a check that
// the scripts work; its JSON goes to a temporary directory, leaving bench/results/ as it is.
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const quick = process.argv.includes("--quick");
const resultsDir = quick
  ? mkdtempSync(path.join(tmpdir(), "patitas-bench-results-"))
  : path.join(root, "bench/results");
const steps = [
  ["Load", ["bench/load.js", "--products", quick ? "1000" : "10000", "--duration", quick ? "5" : "15"]],
  [
    "Scale curve",
    ["bench/scale.js", "--sizes", quick ? "100,1000,10000" : "100,1000,10000,100000", "--duration", quick ? "5" : "10"],
  ],
  ["First-load JavaScript", ["bench/first-load-js.js", "--json", path.join(resultsDir, "first-load-js.json")]],
  ["Lighthouse", ["bench/lighthouse.js", "--runs", quick ? "1" : "3"]],
  ["Excel export", ["bench/export.js", "--products", quick ? "1000" : "100000", "--runs", quick ? "1" : "3"]],
];

const failed = [];
for (const [title, args] of steps) {
  console.log(`\n## ${title} (node ${args.join(" ")}, ${new Date().toISOString()})\n`);
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, BENCH_RESULTS_DIR: resultsDir },
  });
  if (result.status !== 0) failed.push(title);
}
if (quick) console.log(`\nThe quick run's figures are in ${resultsDir}.`);
if (failed.length) {
  console.error(`Failed: ${failed.join(", ")}`);
  process.exit(1);
}
