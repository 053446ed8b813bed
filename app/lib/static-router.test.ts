// ADR 059: patches/react-router+7.18.4.patch makes the data routes of a route tree once for every
// static router (the server's routes are one array per build, ADR 056), not at each render. Each
// request's router must still have its own location, matches and data.

import { createElement } from "react";
import type { RouteObject } from "react-router";
import { expect, test } from "vitest";

import { importServerReactRouter } from "~test/server-react-router";

// The copy the server runs (Vitest would load the CommonJS build, unpatched).
const { createStaticHandler, createStaticRouter } = await importServerReactRouter();

function shop(): RouteObject[] {
  return [
    {
      id: "root",
      path: "/",
      ErrorBoundary: () => createElement("p", null, "Error"),
      loader: () => ({ shop: "Patitas" }),
      children: [
        { id: "home", index: true, loader: () => ({ page: "inicio" }) },
        { id: "product", path: "producto/:productId", loader: ({ params }) => ({ id: params.productId }) },
      ],
    },
  ];
}

async function routerFor(routes: RouteObject[], url: string) {
  const context = await createStaticHandler(routes).query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error(`answered ${context.status}`);
  return createStaticRouter(routes, context);
}

test("two renders of one route tree share its data routes, made as before", async () => {
  const routes = shop();
  const first = await routerFor(routes, "/producto/7");
  const second = await routerFor(routes, "/");
  expect(second.routes).toBe(first.routes);
  const [root] = first.routes;
  expect(root).toMatchObject({ id: "root", path: "/", hasErrorBoundary: true });
  expect(root!.children!.map((route) => route.id)).toEqual(["home", "product"]);
  // Another tree (another build) gets data routes of its own.
  expect((await routerFor(shop(), "/")).routes).not.toBe(first.routes);
});

test("each render's router keeps its own address, matches and data", async () => {
  const routes = shop();
  const product = await routerFor(routes, "/producto/7");
  const home = await routerFor(routes, "/");
  expect(product.state.location.pathname).toBe("/producto/7");
  expect(home.state.location.pathname).toBe("/");
  expect(product.state.matches.map((match) => match.route.id)).toEqual(["root", "product"]);
  expect(home.state.matches.map((match) => match.route.id)).toEqual(["root", "home"]);
  expect(product.state.matches[1]!.params).toEqual({ productId: "7" });
  expect(product.state.loaderData).toEqual({ root: { shop: "Patitas" }, product: { id: "7" } });
  expect(home.state.loaderData).toEqual({ root: { shop: "Patitas" }, home: { page: "inicio" } });
  // The matches point at the shared data routes (as the render's own routes did before).
  expect(product.state.matches[1]!.route).toBe(product.routes[0]!.children![1]);
});
