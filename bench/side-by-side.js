// Two builds of the shop compared side by side (issue 47): on this machine whole runs of
// bench/uncached.js move by up to 2× within minutes, so code is compared with both servers
// running at once, each on its own copy of the generated shop, measured in alternating
// batches of requests (the order flipped at every batch), so that the machine's drift falls on
// both alike. For each scenario of bench/uncached.js: each server's CPU milliseconds per
// request (from /proc) and B's over A's. Run it twice with the places swapped: two servers
// running the same build differed by up to 10 % (bench/history.md, sixteenth session).
//   node bench/side-by-side.js --a DIR --b DIR [--only cart,search,…] [--batches 6] [--batch 100]
//                              [--connections 4] [--products 10000] [--orders 5000] [--out FILE]
// DIR is a project directory with its node_modules and its build, e.g. the session's start:
//   git worktree add /tmp/start <commit> && (cd /tmp/start && npm ci && npm run build)
import { cpSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import autocannon from "autocannon";

import { generateShop } from "./generate.js";
import { startBenchServer, writeBenchResult } from "./lib/server.js";
import { scenarios } from "./uncached.js";

/** The server's CPU time so far, in ms (user + system, clock ticks of 10 ms). */
function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? fallback : args[at + 1];
};
const dirs = { a: option("a", null), b: option("b", null) };
if (!dirs.a || !dirs.b) {
  console.error("Usage: node bench/side-by-side.js --a DIR --b DIR [--only cart,search] [--batches 6] [--batch 100]");
  process.exit(2);
}
const products = Number(option("products", 10_000));
const orders = Number(option("orders", 5_000));
const batches = Number(option("batches", 6));
const batchSize = Number(option("batch", 100));
const connections = Number(option("connections", 4));

const shopDir = path.join(tmpdir(), `patitas-bench-${products}-o${orders}`);
const meta = await generateShop({ products, orders, dataDir: shopDir });
const servers = {};
try {
  for (const side of ["a", "b"]) {
    const dataDir = path.join(tmpdir(), `patitas-side-${side}`);
    rmSync(dataDir, { recursive: true, force: true });
    cpSync(shopDir, dataDir, { recursive: true });
    servers[side] = { ...(await startBenchServer({ dataDir, root: path.resolve(dirs[side]) })), dataDir };
  }
  const named = {
    a: await scenarios(servers.a.url, meta, connections),
    b: await scenarios(servers.b.url, meta, connections),
  };
  // As in bench/uncached.js, each part of --only names the scenarios it begins ('admin': all three).
  const parts = option("only", null)?.split(",") ?? null;
  const only = Object.keys(named.a).filter(
    (name) => name !== "static" && (parts === null || parts.some((part) => name.startsWith(part))),
  );
  if (only.length === 0)
    throw new Error(`No scenario begins with ${parts.join(", ")}: ${Object.keys(named.a).join(", ")}`);
  const rows = [];
  for (const name of only) {
    const measure = (side, amount) =>
      autocannon({
        url: servers[side].url,
        connections,
        amount,
        timeout: 10,
        headers: { origin: servers[side].url, "accept-encoding": "gzip, deflate, br", "user-agent": "patitas-bench" },
        requests: named[side][name].requests,
      });
    for (const side of ["a", "b"]) await measure(side, 3 * batchSize);
    const totals = { a: { cpu: 0, requests: 0, failed: 0 }, b: { cpu: 0, requests: 0, failed: 0 } };
    for (let batch = 0; batch < batches; batch++) {
      for (const side of batch % 2 === 0 ? ["a", "b"] : ["b", "a"]) {
        const before = cpuMs(servers[side].pid);
        const result = await measure(side, batchSize);
        totals[side].cpu += cpuMs(servers[side].pid) - before;
        totals[side].requests += result.requests.total;
        totals[side].failed += result.non2xx + result.errors;
      }
    }
    const perRequest = (side) => Number((totals[side].cpu / totals[side].requests).toFixed(2));
    const row = {
      scenario: named.a[name].name,
      aCpuMsPerRequest: perRequest("a"),
      bCpuMsPerRequest: perRequest("b"),
      ratioBToA: Number((perRequest("b") / perRequest("a")).toFixed(3)),
      requests: { a: totals.a.requests, b: totals.b.requests },
      failed: { a: totals.a.failed, b: totals.b.failed },
    };
    rows.push(row);
    console.log(
      `${name}: A ${row.aCpuMsPerRequest} ms, B ${row.bCpuMsPerRequest} ms of CPU a request, B/A ${row.ratioBToA}`,
    );
  }
  const file = writeBenchResult(option("out", `side-by-side-${products}.json`), {
    a: path.resolve(dirs.a),
    b: path.resolve(dirs.b),
    products,
    orders,
    connections,
    batches,
    batchSize,
    rows,
  });
  console.log(`Written to ${file}`);
} finally {
  for (const server of Object.values(servers)) {
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}
