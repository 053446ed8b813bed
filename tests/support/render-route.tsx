import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  type RouteObject,
  StaticRouterProvider,
  useActionData,
  useLoaderData,
} from "react-router";

export type RouteModule = {
  Page: (props: never) => React.ReactNode;
  loader: (args: never) => unknown;
  action: (args: never) => unknown;
};

export type RenderedPage = {
  status: number;
  html: string;
  /** The action's toast as 'Title: description', or '' when none. */
  toast: string;
  /** The Set-Cookie lines of the action's answer. */
  setCookies: string[];
};

/**
 * Runs a route's loader (and action, for a POST) through React Router, under a root that
 * gives the shop's WhatsApp number, and renders the page as the server would.
 */
export async function renderRoute(module: RouteModule, request: Request, clientIp = "10.7.7.7"): Promise<RenderedPage> {
  function Screen() {
    const loaderData = useLoaderData();
    const actionData = useActionData();
    const Page = module.Page as unknown as (props: { loaderData: unknown; actionData: unknown }) => React.ReactNode;
    return <Page loaderData={loaderData} actionData={actionData} />;
  }
  const url = new URL(request.url);
  const routes: RouteObject[] = [
    {
      id: "root",
      path: "/",
      loader: () => ({ shop: { whatsappPhone: "987 654 321" } }),
      children: [
        {
          id: "page",
          path: url.pathname.slice(1),
          loader: (args) => module.loader({ ...args, context: { clientIp } } as never),
          action: (args) => module.action({ ...args, context: { clientIp } } as never),
          Component: Screen,
        },
      ],
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(request);
  if (context instanceof Response) throw new Error(`unexpected redirect to ${context.headers.get("Location")}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
  const actionData = context.actionData?.page as { toast?: { title: string; description: string } | null } | undefined;
  return {
    status: context.statusCode,
    html,
    toast: actionData?.toast ? `${actionData.toast.title}: ${actionData.toast.description}` : "",
    setCookies: context.actionHeaders.page?.getSetCookie() ?? [],
  };
}
