// ADR 052: patches/react-router+7.18.4.patch keeps, per route tree, the matches of each address the
// server has matched (at most 1,000 per tree), so that the three matchings of a request cost one.
// What a match is must not change, and no caller may change what the next one gets.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import type { RouteObject } from "react-router";
import { expect, test } from "vitest";

import { importServerReactRouter } from "~test/server-react-router";

// The copy the server runs (Vitest would load the CommonJS build, unpatched).
const { matchRoutes } = await importServerReactRouter();

const routes: RouteObject[] = [
  {
    id: "root",
    path: "/",
    children: [
      { id: "home", index: true },
      { id: "product", path: "producto/:productId" },
      { id: "list", path: "productos/:familySlug?/:categorySlug?" },
      { id: "admin", path: "admin", children: [{ id: "admin-orders", path: "pedidos/:code" }] },
      { id: "not-found", path: "*" },
    ],
  },
];

const summary = (matches: ReturnType<typeof matchRoutes>) =>
  matches?.map((match) => ({ id: match.route.id, pathname: match.pathname, params: { ...match.params } }));

test("the same address matches the same routes and parameters each time", () => {
  const first = matchRoutes(routes, "/producto/42");
  const second = matchRoutes(routes, "/producto/42");
  expect(summary(first)).toEqual([
    { id: "root", pathname: "/", params: { productId: "42" } },
    { id: "product", pathname: "/producto/42", params: { productId: "42" } },
  ]);
  expect(summary(second)).toEqual(summary(first));
  expect(summary(matchRoutes(routes, "/productos/gatos"))).toEqual([
    { id: "root", pathname: "/", params: { familySlug: "gatos", categorySlug: undefined } },
    { id: "list", pathname: "/productos/gatos", params: { familySlug: "gatos", categorySlug: undefined } },
  ]);
  expect(matchRoutes(routes, "/admin/pedidos/PED-000001")?.at(-1)?.params).toEqual({ code: "PED-000001" });
  expect(matchRoutes(routes, "/nada/aqui")?.at(-1)?.params).toEqual({ "*": "nada/aqui" });
});

test("each caller gets its own copy: changing one changes nobody else's", () => {
  const first = matchRoutes(routes, "/producto/7")!;
  expect(first[0]!.params).toBe(first[1]!.params);
  // React Router types them read-only; a caller could still write to them.
  (first[1]!.params as Record<string, string>).productId = "changed";
  first.pop();
  const second = matchRoutes(routes, "/producto/7")!;
  expect(second).toHaveLength(2);
  expect(second[1]!.params).toEqual({ productId: "7" });
  expect(second[0]!.params).toBe(second[1]!.params);
});

test("past the addresses kept, every address still matches as it should", () => {
  for (let id = 1; id <= 1_500; id++) {
    expect(matchRoutes(routes, `/producto/${id}`)?.at(-1)?.params).toEqual({ productId: String(id) });
  }
  expect(matchRoutes(routes, "/producto/1")?.at(-1)?.params).toEqual({ productId: "1" });
  expect(matchRoutes(routes, "/producto/1500")?.at(-1)?.params).toEqual({ productId: "1500" });
});

test("the server's copy of react-router carries the patch (the browser's, its production files, does not need it)", () => {
  const folder = path.join(process.cwd(), "node_modules/react-router/dist/development");
  const chunk = readdirSync(folder)
    .filter((file) => file.endsWith(".mjs"))
    .map((file) => readFileSync(path.join(folder, file), "utf8"))
    .find((text) => text.includes("function matchRoutesImpl(") && text.includes("function createStaticHandler("));
  expect(chunk).toContain("MATCHES_KEPT_PER_TREE");
});
