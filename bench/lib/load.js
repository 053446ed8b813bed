// The load scenarios, run with autocannon against a started bench server.
import autocannon from "autocannon";

const FORM = "application/x-www-form-urlencoded";

/** The cart cookie of a response, kept per connection (autocannon's `context`). */
function keepCookies(context, headers) {
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() !== "set-cookie") continue;
    const jar = new Map(
      (context.cookie ?? "")
        .split("; ")
        .filter(Boolean)
        .map((pair) => [pair.split("=")[0], pair]),
    );
    for (const header of [value].flat()) {
      const pair = header.split(";")[0];
      jar.set(pair.split("=")[0], pair);
    }
    context.cookie = [...jar.values()].join("; ");
  }
}

/**
 * A form post. Each comes from an address of its own in X-Forwarded-For (the bench talks
 * from loopback, a trusted proxy), as many shoppers would: the shop takes at most 20 orders
 * an hour from one address. With `keepCart`, the connection keeps its cart cookie; with
 * `ownPhone`, each post carries a phone of its own (3 unpaid orders per guest phone).
 */
function post(path, fields, { keepCart = true, ownPhone = false } = {}) {
  return {
    method: "POST",
    path,
    headers: { "content-type": FORM },
    body: new URLSearchParams(fields).toString(),
    setupRequest: (request, context) => ({
      ...request,
      ...(ownPhone
        ? {
            body: new URLSearchParams({
              ...fields,
              customerPhone: `9${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
            }).toString(),
          }
        : {}),
      headers: {
        ...request.headers,
        "x-forwarded-for": `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`,
        ...(keepCart && context.cookie ? { cookie: context.cookie } : {}),
      },
    }),
    onResponse: (_status, _body, context, headers) => keepCookies(context, headers),
  };
}

/** What a shopper does, as HTTP: each scenario is one request or a short sequence. */
export function scenarios({ benchProductId, productPageId }) {
  const add = post("/carrito", { intent: "add", productId: String(benchProductId), quantity: "1" });
  // A cart holds at most 99 units of a product, so the add-to-cart scenario is a new
  // visitor's first add each time (the cart is created with it).
  const firstAdd = post(
    "/carrito",
    { intent: "add", productId: String(benchProductId), quantity: "1" },
    { keepCart: false },
  );
  return [
    { name: "static file (/favicon.svg), the ceiling", requests: [{ method: "GET", path: "/favicon.svg" }] },
    { name: "home (/)", requests: [{ method: "GET", path: "/" }] },
    {
      name: "catalogue page (/productos/gatos/juguetes)",
      requests: [{ method: "GET", path: "/productos/gatos/juguetes" }],
    },
    { name: "search (/productos?q=pelota)", requests: [{ method: "GET", path: "/productos?q=pelota" }] },
    {
      name: `product page (/producto/${productPageId})`,
      requests: [{ method: "GET", path: `/producto/${productPageId}` }],
    },
    { name: "add to cart (POST /carrito)", requests: [firstAdd] },
    {
      name: "order placement (add + checkout)",
      requests: [
        add,
        post(
          "/carrito",
          {
            intent: "checkout",
            paymentMethodId: "yape",
            customerName: "Ana Torres",
            customerPhone: "987 654 321",
            // Since issue 24 (b63a315) a checkout says how the order is handed over;
            // without it every checkout was refused (400) and the scenario timed only refusals.
            fulfillment: "pickup",
          },
          { ownPhone: true },
        ),
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
