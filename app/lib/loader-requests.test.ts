// ADR 073: patches/react-router+7.18.4.patch hands a loader or an action the request itself when
// its query holds neither `index` nor `_routes`; React Router copied it twice for each one (the
// copies equal to it). With either parameter, the handler still gets a copy without it, as before.
import { readFileSync } from "node:fs";
import path from "node:path";

import { expect, test } from "vitest";

import { importServerReactRouter } from "~test/server-react-router";

// The copy the server runs (Vitest would load the CommonJS build, unpatched).
const { createRequestHandler } = await importServerReactRouter();

type Seen = { request: Request; url: string; method: string; body: string | null };

/** A build with one resource route, `/api`, whose loader and action note what they were given. */
function buildSeeing(seen: Seen[]) {
  const note = async ({ request }: { request: Request }) => {
    const body = request.method === "GET" ? null : await request.text();
    seen.push({ request, url: request.url, method: request.method, body });
    return Response.json({ ok: true });
  };
  const routes = {
    root: { id: "root", path: "", module: {} },
    api: { id: "api", parentId: "root", path: "api", module: { loader: note, action: note } },
  };
  return {
    routes,
    entry: { module: { default: () => new Response("page") } },
    assets: { entry: { module: "", imports: [] }, routes: {}, url: "", version: "1" },
    publicPath: "/",
    assetsBuildDirectory: "",
    basename: "/",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
    allowedActionOrigins: false,
  } as unknown as Parameters<typeof createRequestHandler>[0];
}

test("a loader is handed the request itself when its query has nothing of React Router's", async () => {
  const seen: Seen[] = [];
  const handle = createRequestHandler(buildSeeing(seen), "production");
  const request = new Request("http://localhost/api?q=pelota+gato&page=2");
  expect((await handle(request)).status).toBe(200);
  expect(seen).toHaveLength(1);
  expect(seen[0]!.request).toBe(request);
  expect(seen[0]!.url).toBe("http://localhost/api?q=pelota+gato&page=2");
});

test("an action is handed the request itself, with its body whole", async () => {
  const seen: Seen[] = [];
  const handle = createRequestHandler(buildSeeing(seen), "production");
  const request = new Request("http://localhost/api", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
    body: "intent=add&productId=7",
  });
  expect((await handle(request)).status).toBe(200);
  expect(seen[0]!.request).toBe(request);
  expect(seen[0]).toMatchObject({ method: "POST", body: "intent=add&productId=7" });
});

test("with `index` or `_routes` in the query, the handler gets a copy without them, as before", async () => {
  const seen: Seen[] = [];
  const handle = createRequestHandler(buildSeeing(seen), "production");
  const withIndex = new Request("http://localhost/api?index&q=pelota");
  await handle(withIndex);
  const withRoutes = new Request("http://localhost/api?_routes=root&q=gato");
  await handle(withRoutes);
  const withKeptIndex = new Request("http://localhost/api?q=pelota&index=dos");
  await handle(withKeptIndex);
  expect(seen.map((entry) => entry.url)).toEqual([
    "http://localhost/api?q=pelota",
    "http://localhost/api?q=gato",
    "http://localhost/api?q=pelota&index=dos",
  ]);
  expect(seen[0]!.request).not.toBe(withIndex);
  expect(seen[1]!.request).not.toBe(withRoutes);
  // A non-empty `index` is kept; the copy is made all the same, as before.
  expect(seen[2]!.request).not.toBe(withKeptIndex);
  const posted = new Request("http://localhost/api?index", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
    body: "intent=remove",
  });
  await handle(posted);
  expect(seen[3]).toMatchObject({ url: "http://localhost/api", method: "POST", body: "intent=remove" });
});

test("the server's copy of react-router carries the patch", () => {
  const file = path.join(process.cwd(), "node_modules/react-router/dist/development/chunk-H4DAEOV7.mjs");
  expect(readFileSync(file, "utf8")).toContain("function hasInternalSearchParams(");
});
