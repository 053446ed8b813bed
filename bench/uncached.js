// The pages no cache can serve (issue 47), beside the static file in the same run: a shopper's
// own cart page, add to cart with JavaScript (the fetcher's answer, `/carrito.data`) and
// without it (the cart page rendered), checkout up to the order page, a search page and the
// instant results for queries never asked before, and the back office's busiest pages (orders
// list with a filter, product list search, dashboard). For each: req/s, its ratio to the static
// file, p50/p99, errors, and the server's CPU milliseconds per request (from /proc, user +
// system time over the scenario's requests).
//   node bench/uncached.js [--products 10000] [--orders 5000] [--duration 6] [--connections 20]
//                          [--only cart,add,add-js,checkout,search,instant,admin] [--out FILE]
// With BENCH_NODE_FLAGS="--cpu-prof --cpu-prof-dir=DIR" the server writes a CPU profile at exit;
// `node bench/profile-summary.js DIR/*.cpuprofile` tells where the time went.
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

import autocannon from "autocannon";

import { generateShop } from "./generate.js";
import { signInAsAdmin, startBenchServer, writeBenchResult } from "./lib/server.js";

const FORM = "application/x-www-form-urlencoded";
/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** The server's CPU time so far, in ms (user + system). */
function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The fields after the command name (which may hold spaces) start after its closing ')'.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** Words of the generated catalogue, to build queries never asked before. */
const WORDS = [
  "pelota",
  "kong",
  "cachorro",
  "adulto",
  "gato",
  "perro",
  "arena",
  "croquetas",
  "collar",
  "correa",
  "cama",
  "rascador",
  "juguete",
  "snack",
  "hueso",
  "shampoo",
  "plato",
  "bebedero",
  "transportadora",
  "peine",
  "cepillo",
  "arnes",
  "comedero",
  "alimento",
  "humedo",
  "seco",
  "raza",
  "pequena",
  "mediana",
  "grande",
  "senior",
  "light",
  "pollo",
  "carne",
  "salmon",
  "cordero",
  "arroz",
  "vitaminas",
  "antipulgas",
  "rata",
  "raton",
  "pescado",
  "atun",
  "pavo",
  "premium",
  "natural",
  "mini",
  "maxi",
  "razas",
];

function randomQuery() {
  const pick = () => WORDS[Math.floor(Math.random() * WORDS.length)];
  // Two words and a letter left out of one now and then: a new question each time, some with a typo.
  const first = pick();
  const typo = Math.random() < 0.3 ? first.slice(0, -1) : first;
  return `${typo} ${pick()}`;
}

/** The cookies a response sets, as a Cookie header. */
function cookiesOf(response, jar = new Map()) {
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(";")[0];
    jar.set(pair.split("=")[0], pair);
  }
  return jar;
}

const jarHeader = (jar) => [...jar.values()].join("; ");

/** A visitor's cart with two lines: its cookie. */
async function cartWithTwoLines(url, productIds) {
  const jar = new Map();
  for (const productId of productIds) {
    const response = await fetch(`${url}/carrito`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: url, "content-type": FORM, ...(jar.size ? { cookie: jarHeader(jar) } : {}) },
      body: new URLSearchParams({ intent: "add", productId: String(productId), quantity: "1" }),
    });
    await response.arrayBuffer();
    cookiesOf(response, jar);
  }
  return jarHeader(jar);
}

const randomAddress = () =>
  `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

/** Each connection takes one cookie of the pool, kept for its life (autocannon's per-connection context). */
function withCookieFrom(pool) {
  let next = 0;
  return (request, context) => {
    context.cookie ??= pool[next++ % pool.length];
    return { ...request, headers: { ...request.headers, cookie: context.cookie } };
  };
}

function post(pathName, fields, setup) {
  return {
    method: "POST",
    path: pathName,
    headers: { "content-type": FORM },
    body: new URLSearchParams(fields).toString(),
    setupRequest: setup,
  };
}

export async function scenarios(url, meta, connections) {
  const ids = [meta.benchProductId, Math.ceil(meta.benchProductId / 2)];
  const carts = await Promise.all(Array.from({ length: connections }, () => cartWithTwoLines(url, ids)));
  const admin = await signInAsAdmin(url);
  const addFields = { intent: "add", productId: String(ids[0]), quantity: "1" };
  // A new visitor each time (a cart holds at most 99 units of a product), from an address of its own.
  const freshVisitor = (request) => ({
    ...request,
    headers: { ...request.headers, "x-forwarded-for": randomAddress() },
  });
  const asAdmin = (request) => ({ ...request, headers: { ...request.headers, cookie: admin } });
  return {
    static: { name: "static file (/favicon.svg), the ceiling", requests: [{ method: "GET", path: "/favicon.svg" }] },
    cart: {
      name: "a shopper's own cart page, 2 lines (GET /carrito)",
      requests: [{ method: "GET", path: "/carrito", setupRequest: withCookieFrom(carts) }],
    },
    add: {
      name: "add to cart without JavaScript (POST /carrito, the page rendered)",
      requests: [post("/carrito", addFields, freshVisitor)],
    },
    "add-js": {
      name: "add to cart with JavaScript (POST /carrito.data, the fetcher's answer)",
      requests: [post("/carrito.data", addFields, freshVisitor)],
    },
    checkout: {
      name: "checkout (add + POST /carrito intent=checkout, to the order page's redirect)",
      requests: [
        {
          ...post("/carrito", addFields),
          setupRequest: (request, context) => {
            context.cookie = undefined;
            context.address = randomAddress();
            return { ...request, headers: { ...request.headers, "x-forwarded-for": context.address } };
          },
          onResponse: (_status, _body, context, headers) => {
            const set = [headers["set-cookie"] ?? headers["Set-Cookie"] ?? []].flat();
            context.cookie = set.map((cookie) => cookie.split(";")[0]).join("; ");
          },
        },
        post(
          "/carrito",
          {
            intent: "checkout",
            paymentMethodId: "yape",
            customerName: "Ana Torres",
            customerPhone: "987 654 321",
            fulfillment: "pickup",
          },
          (request, context) => ({
            ...request,
            body: new URLSearchParams({
              intent: "checkout",
              paymentMethodId: "yape",
              customerName: "Ana Torres",
              customerPhone: `9${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
              fulfillment: "pickup",
            }).toString(),
            headers: { ...request.headers, cookie: context.cookie, "x-forwarded-for": context.address },
          }),
        ),
      ],
    },
    search: {
      name: "a search page never asked before (GET /buscar?q=…)",
      requests: [
        {
          method: "GET",
          path: "/buscar",
          setupRequest: (request) => ({ ...request, path: `/buscar?${new URLSearchParams({ q: randomQuery() })}` }),
        },
      ],
    },
    instant: {
      name: "instant results never asked before (GET /api/buscar?q=…)",
      requests: [
        {
          method: "GET",
          path: "/api/buscar",
          setupRequest: (request) => ({ ...request, path: `/api/buscar?${new URLSearchParams({ q: randomQuery() })}` }),
        },
      ],
    },
    "admin-orders": {
      name: "back office: orders list, paid (GET /admin/pedidos?pago=pagado)",
      requests: [{ method: "GET", path: "/admin/pedidos?pago=pagado", setupRequest: asAdmin }],
    },
    "admin-products": {
      name: "back office: product list search (GET /admin/productos?q=pelota)",
      requests: [{ method: "GET", path: "/admin/productos?q=pelota", setupRequest: asAdmin }],
    },
    "admin-dashboard": {
      name: "back office: dashboard (GET /admin/dashboard)",
      requests: [{ method: "GET", path: "/admin/dashboard", setupRequest: asAdmin }],
    },
  };
}

/** One scenario against `server` ({ url, pid } or { url, pids }: the CPU of every process it spreads over). */
export async function run(server, scenario, { connections, duration }) {
  const statuses = {};
  const requests = scenario.requests.map((request) => ({
    ...request,
    onResponse: (status, body, context, headers) => {
      statuses[status] = (statuses[status] ?? 0) + 1;
      request.onResponse?.(status, body, context, headers);
    },
  }));
  const pids = server.pids ?? [server.pid];
  const cpuOf = () => pids.reduce((total, pid) => total + cpuMs(pid), 0);
  const cpuBefore = cpuOf();
  const result = await autocannon({
    url: server.url,
    connections,
    duration,
    timeout: 10,
    headers: { origin: server.url, "accept-encoding": "gzip, deflate, br", "user-agent": "patitas-bench" },
    requests,
  });
  const cpu = cpuOf() - cpuBefore;
  return {
    scenario: scenario.name,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    statuses,
    errors: result.errors + result.timeouts + result["5xx"],
    cpuMsPerRequest: result.requests.total ? Number((cpu / result.requests.total).toFixed(1)) : null,
  };
}

export async function runUncachedBench({ products, orders, duration, connections, only }) {
  const dataDir = path.join(tmpdir(), `patitas-bench-${products}${orders ? `-o${orders}` : ""}`);
  const meta = await generateShop({ products, orders, dataDir });
  const server = await startBenchServer({ dataDir });
  try {
    const all = await scenarios(server.url, meta, connections);
    const names = ["static", ...Object.keys(all).filter((name) => name !== "static")].filter(
      (name) => name === "static" || only === null || only.some((part) => name.startsWith(part)),
    );
    const rows = [];
    for (const name of names) {
      // A short warm-up (JIT, the database's caches), then the measured run.
      await run(server, all[name], { connections, duration: 1 });
      const row = await run(server, all[name], { connections, duration });
      rows.push(row);
      process.stderr.write(
        `  ${row.scenario}: ${row.requestsPerSecond} req/s, p99 ${row.p99Ms} ms, ${row.cpuMsPerRequest} ms CPU/request\n`,
      );
    }
    for (const row of rows) row.ratioToStatic = Number((row.requestsPerSecond / rows[0].requestsPerSecond).toFixed(3));
    return { products, orders: meta.orders ?? null, connections, durationSeconds: duration, rows };
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
  const report = await runUncachedBench({
    products,
    orders: option("orders", 5_000),
    duration: option("duration", 6),
    connections: option("connections", 20),
    only: args.includes("--only") ? args[args.indexOf("--only") + 1].split(",") : null,
  });
  const file = writeBenchResult(outAt === -1 ? `uncached-${products}.json` : args[outAt + 1], report);
  console.log(JSON.stringify(report, null, 2));
  console.log(`Written to ${file}`);
}
