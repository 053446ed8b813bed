import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  type LoaderFunction,
  type RouteObject,
  StaticRouterProvider,
  useLoaderData,
  useRouteError,
} from "react-router";

export type LayoutModule = {
  default: (props: never) => React.ReactNode;
  ErrorBoundary: (props: never) => React.ReactNode;
};

export type LayoutScenario = {
  /** What the root loader gives: the shop and the visitor. */
  rootData: unknown;
  /** Stands for the layout's own loader (which needs a session or a cart). */
  layoutLoader: LoaderFunction;
  /** The page under the layout, at `path`; a POST to a page without an action is a 405. */
  page: { path: string; loader?: LoaderFunction; Component?: () => React.ReactNode };
  method?: "GET" | "POST";
};

export const ROOT_BOUNDARY_TEXT = "root-error-boundary";

/**
 * Renders a layout route module over one page, as the server renders a document: the loaders
 * run through React Router, and an error lands in the nearest error boundary, which gets the
 * props the framework would give it. The root's own boundary only prints a marker, so that a
 * test sees when the layout let an error through.
 */
export async function renderLayout(
  layout: LayoutModule,
  scenario: LayoutScenario,
): Promise<{ status: number; html: string }> {
  const Layout = layout.default as unknown as (props: { loaderData: unknown }) => React.ReactNode;
  const Boundary = layout.ErrorBoundary as unknown as (props: {
    error: unknown;
    loaderData: unknown;
  }) => React.ReactNode;
  const routes: RouteObject[] = [
    {
      id: "root",
      path: "/",
      loader: () => scenario.rootData,
      ErrorBoundary: () => <p>{ROOT_BOUNDARY_TEXT}</p>,
      children: [
        {
          id: "layout",
          loader: scenario.layoutLoader,
          Component: () => <Layout loaderData={useLoaderData()} />,
          ErrorBoundary: () => <Boundary error={useRouteError()} loaderData={useLoaderData()} />,
          children: [
            {
              id: "page",
              path: scenario.page.path,
              loader: scenario.page.loader,
              Component: scenario.page.Component ?? (() => <p>la página</p>),
            },
          ],
        },
      ],
    },
  ];
  const handler = createStaticHandler(routes);
  const request = new Request(`http://localhost/${scenario.page.path}`, {
    method: scenario.method ?? "GET",
    ...(scenario.method === "POST" ? { body: new URLSearchParams({ intent: "x" }) } : {}),
  });
  const context = await handler.query(request);
  if (context instanceof Response) throw new Error(`unexpected redirect to ${context.headers.get("Location")}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
  return { status: context.statusCode, html: html.replaceAll("<!-- -->", "") };
}
