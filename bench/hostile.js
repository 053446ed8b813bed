// The shop under the two attacks of issue 29, with shoppers still browsing: the home page and
// a static file (the ceiling, in the same run) loaded by autocannon while
//  - quiet: nothing else happens;
//  - body flood: 20 clients each post 100 MB to the public forms, over and over;
//  - slow clients: 100 posts trickle one byte every 2 s, reconnecting when cut off;
//  - stalled uploads (issue 41): one guest with one order opens 100 receipt posts of 5 MB,
//    sends most of each and stalls, again as soon as each is answered.
// For each: req/s, p50/p99 (ms), errors, ratio to the static file, and the server's peak RSS.
//   node bench/hostile.js [--products 10000] [--duration 15] [--connections 10] [--out FILE]
// (writes bench/results/hostile-<products>.json, or FILE)
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { generateShop } from "./generate.js";
import { floodPost, stallUploads, trickle } from "./lib/hostile-clients.js";
import { runScenario } from "./lib/load.js";
import { startBenchServer, writeBenchResult } from "./lib/server.js";

const STATIC = { name: "static file (/favicon.svg)", requests: [{ method: "GET", path: "/favicon.svg" }] };
const HOME = { name: "home (/)", requests: [{ method: "GET", path: "/" }] };
const FORMS = ["/contacto", "/libro-reclamaciones", "/carrito", "/auth"];

/** 20 clients posting 100 MB each, again as soon as each is cut off, until stopped. */
function startBodyFlood(port) {
  let isRunning = true;
  let posts = 0;
  const statuses = {};
  const client = async (i) => {
    while (isRunning) {
      const answer = await floodPost(port, FORMS[i % FORMS.length], 100, i % 2 ? "chunked" : "length");
      posts++;
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    }
  };
  const clients = Array.from({ length: 20 }, (_, i) => client(i));
  return {
    async stop() {
      isRunning = false;
      await Promise.all(clients);
      return { posts, statuses };
    },
  };
}

/** 100 trickling posts, each replaced by a new one when the server cuts it off. */
function startSlowClients(port) {
  let isRunning = true;
  const batches = [];
  const statuses = {};
  const open = () => {
    const batch = trickle(port, { count: 1, contentLength: () => 50_000 });
    batches.push(batch);
    void batch.answers[0].then((answer) => {
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      if (isRunning) open();
    });
  };
  for (let i = 0; i < 100; i++) open();
  return {
    async stop() {
      isRunning = false;
      for (const batch of batches) batch.stop();
      return { statuses };
    },
  };
}

/** 100 stalled 5 MB receipt posts to one order's page with its guest's cookie, each reopened when answered. */
async function startStalledUploads(url, port) {
  const order = await placeGuestOrder(url);
  let isRunning = true;
  const batches = [];
  const statuses = {};
  const open = () => {
    const batch = stallUploads(port, {
      count: 1,
      path: `/pedido/${order.code}`,
      cookie: order.cookie,
      declaredBytes: 5_308_416,
      sentBytes: 5_000_000,
    });
    batches.push(batch);
    void batch.answers[0].then((answer) => {
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      if (isRunning) setTimeout(open, 100);
    });
  };
  for (let i = 0; i < 100; i++) open();
  return {
    async stop() {
      isRunning = false;
      for (const batch of batches) batch.stop();
      return { statuses };
    },
  };
}

/** A guest's order placed as the cart page posts it: its code and the guest's cookies. */
async function placeGuestOrder(url) {
  const post = (fields, cookie) =>
    fetch(`${url}/carrito`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
      body: new URLSearchParams(fields),
    });
  const cookiesOf = (response) =>
    response.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
  const added = await post({ intent: "add", productId: "1", quantity: "1" }, "");
  const cartCookie = cookiesOf(added);
  const placed = await post(
    {
      intent: "checkout",
      paymentMethodId: "yape",
      fulfillment: "pickup",
      customerName: "Ana",
      customerPhone: "912345678",
    },
    cartCookie,
  );
  const code = /PED-\d+/.exec(placed.headers.get("location") ?? "")?.[0];
  if (!code) throw new Error(`The bench's guest order was refused (${placed.status})`);
  return { code, cookie: [cartCookie, cookiesOf(placed)].filter(Boolean).join("; ") };
}

export async function runHostile({ products, duration, connections }) {
  const dataDir = path.join(tmpdir(), `patitas-bench-${products}`);
  await generateShop({ products, dataDir });
  const server = await startBenchServer({ dataDir });
  const port = Number(new URL(server.url).port);
  const attacks = [
    { name: "quiet", start: () => ({ stop: async () => ({}) }) },
    { name: "body flood (20 × 100 MB posts, repeated)", start: () => startBodyFlood(port) },
    { name: "slow clients (100 posts at 1 byte / 2 s)", start: () => startSlowClients(port) },
    { name: "stalled uploads (one guest, 100 × 5 MB receipts)", start: () => startStalledUploads(server.url, port) },
  ];
  const rows = [];
  try {
    for (const attack of attacks) {
      const running = await attack.start();
      // The attack settles in (the trickling posts are all open, the flood is at full speed).
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      server.sampleRss();
      const measured = [];
      for (const scenario of [STATIC, HOME])
        measured.push(await runScenario(server.url, scenario, { connections, duration }));
      const peakRssMb = Math.round(server.sampleRss());
      const attackers = await running.stop();
      const [staticRow, homeRow] = measured;
      rows.push({
        attack: attack.name,
        static: staticRow,
        home: homeRow,
        homeRatioToStatic: Number((homeRow.requestsPerSecond / staticRow.requestsPerSecond).toFixed(3)),
        peakRssMb,
        attackers,
      });
      process.stderr.write(
        `  ${attack.name}: home ${homeRow.requestsPerSecond} req/s (p99 ${homeRow.p99Ms} ms), peak RSS ${peakRssMb} MB\n`,
      );
    }
    return { products, connections, durationSeconds: duration, serverPeakRssMb: Math.round(server.peakRssMb()), rows };
  } finally {
    await server.stop();
  }
}

export function hostileTable(report) {
  const lines = [
    "| attack | static req/s | home req/s | home p50 / p99 (ms) | home errors | home ÷ static | peak RSS (MB) |",
    "|---|---|---|---|---|---|---|",
  ];
  for (const row of report.rows) {
    lines.push(
      `| ${row.attack} | ${row.static.requestsPerSecond} | ${row.home.requestsPerSecond} | ${row.home.p50Ms} / ${row.home.p99Ms} | ${row.home.errors} | ${row.homeRatioToStatic} | ${row.peakRssMb} |`,
    );
  }
  return lines.join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const at = args.indexOf(`--${name}`);
    return at === -1 ? fallback : args[at + 1];
  };
  const products = Number(option("products", 10_000));
  const report = await runHostile({
    products,
    duration: Number(option("duration", 15)),
    connections: Number(option("connections", 10)),
  });
  const file = option("out", null) ?? writeBenchResult(`hostile-${products}.json`, report);
  if (option("out", null)) (await import("node:fs")).writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(hostileTable(report));
  console.log(`\nWritten to ${file}`);
}
