// The load scenarios, run with autocannon against a started bench server.
import autocannon from "autocannon";

const FORM = "application/x-www-form-urlencoded";

/** The cart cookie of a response, kept per connection (autocannon's `context`). */
function keepCookies(context, headers) {
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() !== "set-cookie") continue;
    const jar = new Map((context.cookie ?? "").split("; ").filter(Boolean).map((pair) => [pair.split("=")[0], pair]));
    for (const header of [value].flat()) {
      const pair = header.split(";")[0];
      jar.set(pair.split("=")[0], pair);
    }
    context.cookie = [...jar.values()].join("; ");
  }
}

function post(path, fields) {
  return {
    method: "POST",
    path,
    headers: { "content-type": FORM },
    body: new URLSearchParams(fields).toString(),
    setupRequest: (request, context) => ({
      ...request,
      headers: { ...request.headers, ...(context.cookie ? { cookie: context.cookie } : {}) },
    }),
    onResponse: (_status, _body, context, headers) => keepCookies(context, headers),
  };
}

/** What a shopper does, as HTTP: each scenario is one request or a short sequence. */
export function scenarios({ benchProductId, productPageId }) {
  const add = post("/carrito", { intent: "add", productId: String(benchProductId), quantity: "1" });
  return [
    { name: "static file (/favicon.svg), the ceiling", requests: [{ method: "GET", path: "/favicon.svg" }] },
    { name: "home (/)", requests: [{ method: "GET", path: "/" }] },
    { name: "catalogue page (/productos/gatos/juguetes)", requests: [{ method: "GET", path: "/productos/gatos/juguetes" }] },
    { name: "search (/productos?q=pelota)", requests: [{ method: "GET", path: "/productos?q=pelota" }] },
    { name: `product page (/producto/${productPageId})`, requests: [{ method: "GET", path: `/producto/${productPageId}` }] },
    { name: "add to cart (POST /carrito)", requests: [add] },
    {
      name: "order placement (add + checkout)",
      requests: [
        add,
        post("/carrito", { intent: "checkout", paymentMethodId: "yape", customerName: "Ana Torres", customerPhone: "987 654 321" }),
      ],
    },
  ];
}

/**
 * Runs one scenario for `duration` seconds over `connections` connections and returns
 * req/s, latency percentiles (ms) and every kind of failure: transport errors, timeouts
 * and 4xx/5xx answers (a checkout's 302 is its success).
 */
export async function runScenario(url, scenario, { connections, duration, timeout = 10 }) {
  const result = await autocannon({
    url,
    connections,
    duration,
    timeout,
    headers: { origin: url, "accept-encoding": "gzip, deflate, br", "user-agent": "patitas-bench" },
    requests: scenario.requests,
  });
  return {
    scenario: scenario.name,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result["4xx"] + result["5xx"],
    timeouts: result.timeouts,
    statuses: { "2xx": result["2xx"], "3xx": result["3xx"], "4xx": result["4xx"], "5xx": result["5xx"] },
  };
}
