// ADR 064 patches React Router's link resolution on the server (a path from the root resolved
// once and kept, the static router's encoding kept, the path errors' texts written only when
// thrown): what a page's links and forms point to must be what React Router gave before.
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { renderToString } from "react-dom/server";
import type * as ReactRouter from "react-router";
import { describe, expect, test } from "vitest";

// The file the server runs (the package's development ESM build, which the patch changes), not
// the CommonJS one Vitest would resolve "react-router" to.
const serverBuild = path.join(
  path.dirname(createRequire(import.meta.url).resolve("react-router/package.json")),
  "dist/development/index.mjs",
);
const { createStaticHandler, createStaticRouter, Form, Link, NavLink, Outlet, StaticRouterProvider, useResolvedPath } =
  (await import(/* @vite-ignore */ pathToFileURL(serverBuild).href)) as typeof ReactRouter;

function Links() {
  return (
    <>
      <Link to="/carrito?paso=2#resumen">absolute</Link>
      <Link to="/productos//gatos/">double-slash</Link>
      <Link to="/">root</Link>
      <Link to="otra">relative</Link>
      <Link to="..">parent</Link>
      <Link to=".">here</Link>
      <Link to="?pagina=2">search-only</Link>
      <Link to={{ pathname: "/admin/pedidos", search: "?pago=pagado" }}>object</Link>
      <Link to="https://wa.me/51999999999">external</Link>
      <NavLink to="/tienda/productos">nav-active</NavLink>
      <NavLink to="/tienda/servicios">nav-other</NavLink>
      <Form method="post">
        <button type="submit">form</button>
      </Form>
    </>
  );
}

const routes: ReactRouter.RouteObject[] = [
  {
    path: "/",
    Component: Outlet,
    children: [
      {
        path: "tienda",
        Component: Outlet,
        children: [{ path: "productos/:slug", Component: Links }],
      },
    ],
  },
];

async function render(url: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error("unexpected redirect");
  return renderToString(
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />,
  );
}

function hrefs(html: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [, attributes, text] of html.matchAll(/<a ([^>]*)>([^<]*)<\/a>/g)) {
    found[text!] =
      `${/href="([^"]*)"/.exec(attributes!)?.[1]}${/aria-current="page"/.test(attributes!) ? " (current)" : ""}`;
  }
  return found;
}

describe("links and forms rendered on the server", () => {
  test("run through the patched build", () => {
    expect(String(useResolvedPath)).toContain("__patitasResolveAbsolute");
  });

  test("point where React Router resolves them, from the root or from the route", async () => {
    const expected = {
      absolute: "/carrito?paso=2#resumen",
      "double-slash": "/productos/gatos/",
      root: "/",
      relative: "/tienda/productos/collares/otra",
      parent: "/tienda",
      here: "/tienda/productos/collares",
      "search-only": "/tienda/productos/collares?pagina=2",
      object: "/admin/pedidos?pago=pagado",
      external: "https://wa.me/51999999999",
      "nav-active": "/tienda/productos (current)",
      "nav-other": "/tienda/servicios",
    };
    const html = await render("/tienda/productos/collares?orden=precio");
    expect(hrefs(html)).toEqual(expected);
    expect(html).toContain('action="/tienda/productos/collares?orden=precio"');
    // The kept resolutions serve the next page the same, from another route and location.
    const again = await render("/tienda/productos/arneses");
    expect(hrefs(again)).toEqual({
      ...expected,
      relative: "/tienda/productos/arneses/otra",
      here: "/tienda/productos/arneses",
      "search-only": "/tienda/productos/arneses?pagina=2",
    });
    expect(again).toContain('action="/tienda/productos/arneses"');
  });

  test("a path with '?' in its pathname is still refused with React Router's own message", async () => {
    function Bad() {
      return <Link to={{ pathname: "/a?b" }}>bad</Link>;
    }
    const handler = createStaticHandler([{ path: "/", Component: Bad }]);
    const context = await handler.query(new Request("http://localhost/"));
    if (context instanceof Response) throw new Error("unexpected redirect");
    expect(() =>
      renderToString(
        <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />,
      ),
    ).toThrow(/Cannot include a '\?' character in a manually specified `to.pathname` field/);
  });
});
