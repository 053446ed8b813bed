import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, data, type RouteObject, StaticRouterProvider } from "react-router";
import { expect, test } from "vitest";

import { StatusPage } from "./status-page";

// The error pages' browser tab names the shop as the owner renamed it in the settings.

async function renderError(rootLoader: () => unknown): Promise<string> {
  const routes: RouteObject[] = [
    {
      id: "root",
      path: "/",
      loader: rootLoader,
      ErrorBoundary: () => <StatusPage status={500} />,
      children: [
        {
          path: "no-existe",
          loader: () => {
            throw data(null, { status: 404 });
          },
          Component: () => null,
          ErrorBoundary: () => <StatusPage status={404} />,
        },
      ],
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://localhost/no-existe"));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

test("the tab shows the shop's name from the settings", async () => {
  const html = await renderError(() => ({ shop: { name: "Mascotas Miraflores" } }));
  expect(html).toContain("<title>Página no encontrada | Mascotas Miraflores</title>");
});

test("when the root loader itself failed, the tab shows the default name", async () => {
  const html = await renderError(() => {
    throw new Error("database down");
  });
  expect(html).toContain("<title>Algo salió mal | Patitas Felices</title>");
});
