// Issue 48: two instances of the shop on one PostgreSQL against one, behind the same small
// round-robin proxy (as a load balancer would spread them), on the pages no cache can serve: a
// shopper's cart, checkout and a never-asked search. req/s, p99 and the CPU per request of all
// the shop's processes (the proxy's and PostgreSQL's own are not counted).
//   node bench/instances.js [--products 2000] [--orders 1000] [--duration 6] [--connections 20]
//                           [--only cart,checkout,search]
// BENCH_DATABASE_URL names the PostgreSQL server's database to fill (created when missing;
// default postgres://postgres@127.0.0.1:5432/patitas_bench_instances).
import { mkdtempSync } from "node:fs";
import { Agent, createServer, request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";

import pg from "pg";

import { generateShop } from "./generate.js";
import { startBenchServer, writeBenchResult } from "./lib/server.js";
import { run, scenarios } from "./uncached.js";

const args = process.argv.slice(2);
const option = (name, fallback) =>
  args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : fallback;
const products = option("products", 2_000);
const orders = option("orders", 1_000);
const duration = option("duration", 6);
const connections = option("connections", 20);
const only = args.includes("--only") ? args[args.indexOf("--only") + 1].split(",") : ["cart", "checkout", "search"];
const databaseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/patitas_bench_instances";

async function ensureDatabase(url) {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: "/postgres" }).href });
  await admin.connect();
  const { rowCount } = await admin.query("select 1 from pg_database where datname = $1", [name]);
  if (rowCount === 0) await admin.query(`create database "${name.replaceAll('"', "")}"`);
  await admin.end();
}

/** A round-robin proxy in front of `targets` (their URLs); returns its URL and a way to change them. */
async function startProxy() {
  let targets = [];
  let next = 0;
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const proxy = createServer((req, res) => {
    const target = new URL(targets[next++ % targets.length]);
    const forward = httpRequest(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on("error", () => res.destroy());
    req.pipe(forward);
  });
  await new Promise((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${proxy.address().port}`,
    use: (urls) => {
      targets = urls;
    },
    close: () => new Promise((resolve) => proxy.close(resolve)),
  };
}

await ensureDatabase(databaseUrl);
process.env.DATABASE_URL = databaseUrl;
const meta = await generateShop({
  products,
  orders,
  dataDir: mkdtempSync(path.join(tmpdir(), "patitas-instances-gen-")),
});
const env = { DATABASE_URL: databaseUrl };
const servers = [];
for (const name of ["a", "b"]) {
  servers.push(await startBenchServer({ dataDir: mkdtempSync(path.join(tmpdir(), `patitas-instance-${name}-`)), env }));
}
const proxy = await startProxy();
const rows = [];
try {
  for (const count of [1, 2]) {
    const used = servers.slice(0, count);
    proxy.use(used.map((server) => server.url));
    const target = { url: proxy.url, pids: used.map((server) => server.pid) };
    const all = await scenarios(proxy.url, meta, connections);
    for (const name of only) {
      await run(target, all[name], { connections, duration: 1 });
      const row = { instances: count, ...(await run(target, all[name], { connections, duration })) };
      rows.push(row);
      process.stderr.write(
        `  ${count} instance(s), ${row.scenario}: ${row.requestsPerSecond} req/s, p99 ${row.p99Ms} ms, ${row.cpuMsPerRequest} ms CPU/request\n`,
      );
    }
  }
} finally {
  await proxy.close();
  await Promise.all(servers.map((server) => server.stop()));
}
const report = { products, orders, connections, durationSeconds: duration, database: "postgresql", rows };
const file = writeBenchResult(`instances-${products}.json`, report);
console.log(JSON.stringify(report, null, 2));
console.log(`Written to ${file}`);
