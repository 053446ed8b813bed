// Load on the production build with a generated catalogue: each scenario's req/s, p50,
// p99, errors and the server's RSS, with a static file served by the same server, in the
// same run, as the ceiling every page is compared with.
//   node bench/load.js [--products 10000] [--duration 10] [--connections 10] [--out FILE]
//                      [--memory-cgroup DIR]
// (writes bench/results/load-<products>.json, or FILE). --memory-cgroup runs the server in
// that cgroup, e.g. one limited to 1 GB to see it on a small machine: Node sizes its heap
// from the limit (bench/README.md has the commands).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { generateShop } from "./generate.js";
import { runScenario, scenarios } from "./lib/load.js";
import { startBenchServer, writeBenchResult } from "./lib/server.js";

export async function runLoad({ products, duration, connections, memoryCgroup = null }) {
  const dataDir = path.join(tmpdir(), `patitas-bench-${products}`);
  const meta = await generateShop({ products, dataDir });
  const server = await startBenchServer({ dataDir, memoryCgroup });
  const rows = [];
  try {
    const list = scenarios({ benchProductId: meta.benchProductId, productPageId: Math.ceil(meta.benchProductId / 2) });
    for (const scenario of list) {
      // A short warm-up so that the figures are those of a running shop, not a cold one.
      await runScenario(server.url, scenario, { connections, duration: 2 });
      server.sampleRss();
      const row = await runScenario(server.url, scenario, { connections, duration });
      row.peakRssMb = Math.round(server.sampleRss());
      rows.push(row);
      process.stderr.write(`  ${row.scenario}: ${row.requestsPerSecond} req/s\n`);
    }
    const ceiling = rows[0].requestsPerSecond;
    for (const row of rows) row.ratioToStatic = Number((row.requestsPerSecond / ceiling).toFixed(3));
    return {
      products,
      connections,
      durationSeconds: duration,
      memoryLimitMb: memoryCgroup ? cgroupLimitMb(memoryCgroup) : null,
      serverPeakRssMb: Math.round(server.peakRssMb()),
      rows,
    };
  } finally {
    await server.stop();
  }
}

/** The memory limit of a cgroup directory (v1 or v2), or null when it has none. */
function cgroupLimitMb(dir) {
  for (const file of ["memory.limit_in_bytes", "memory.max"]) {
    if (!existsSync(path.join(dir, file))) continue;
    const limit = Number(readFileSync(path.join(dir, file), "utf8").trim());
    return Number.isFinite(limit) && limit < 2 ** 50 ? Math.round(limit / 2 ** 20) : null;
  }
  return null;
}

export function loadTable(report) {
  const lines = [
    "| scenario | req/s | p50 (ms) | p99 (ms) | errors | ratio to static | peak RSS (MB) |",
    "|---|---|---|---|---|---|---|",
  ];
  for (const r of report.rows) {
    lines.push(
      `| ${r.scenario} | ${r.requestsPerSecond} | ${r.p50Ms} | ${r.p99Ms} | ${r.errors} | ${r.ratioToStatic} | ${r.peakRssMb} |`,
    );
  }
  lines.push("", `Server peak RSS over the whole run (VmHWM): ${report.serverPeakRssMb} MB.`);
  if (report.memoryLimitMb) lines.push(`Memory limit (cgroup): ${report.memoryLimitMb} MB.`);
  return lines.join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const at = args.indexOf(`--${name}`);
    return at === -1 ? fallback : Number(args[at + 1]);
  };
  const outAt = args.indexOf("--out");
  const cgroupAt = args.indexOf("--memory-cgroup");
  const report = await runLoad({
    products: option("products", 10_000),
    duration: option("duration", 10),
    connections: option("connections", 10),
    memoryCgroup: cgroupAt === -1 ? null : path.resolve(args[cgroupAt + 1]),
  });
  const result = { date: new Date().toISOString(), ...report };
  if (outAt === -1) writeBenchResult(`load-${report.products}.json`, result);
  else writeFileSync(path.resolve(args[outAt + 1]), `${JSON.stringify(result, null, 2)}\n`);
  console.log(
    `${report.products} products, ${report.connections} connections, ${report.durationSeconds} s per scenario\n`,
  );
  console.log(loadTable(report));
  // A scenario whose answers are refusals times the refusal, not the shop: the run fails, so
  // that `npm run bench` says so (the order placement once timed only 400s, bench/README.md).
  const refused = report.rows.filter((row) => row.statuses["4xx"] + row.statuses["5xx"] > 0);
  for (const row of refused) console.error(`${row.scenario}: ${JSON.stringify(row.statuses)}`);
  if (refused.length) process.exitCode = 1;
}
