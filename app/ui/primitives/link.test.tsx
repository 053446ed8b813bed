import fc from "fast-check";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  Link as RouterLink,
  type LinkProps,
  NavLink as RouterNavLink,
  type NavLinkProps,
  StaticRouterProvider,
} from "react-router";
import { describe, expect, test } from "vitest";

import { Link, NavLink } from "./link";

// The shop's Link writes, on the server, what React Router's writes (ADR 066): same tag, same
// attributes, same href, whatever the path and the props. Rendered inside a static router
// (a nested route, so that relative paths have somewhere to resolve from).

async function renderInRouter(element: () => ReactNode, url = "http://tienda.test/admin/pedidos?pago=pagado") {
  const routes = [{ path: "*", Component: () => <>{element()}</> }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

const segment = fc.constantFrom("admin", "pedidos", "producto", "12", "perros", "a-b", "x_y", "%C3%B1", "..", ".", "");
const path = fc
  .tuple(
    fc.constantFrom("/", "", "./", "../", "//"),
    fc.array(segment, { maxLength: 4 }),
    fc.constantFrom("", "/"),
    fc.constantFrom("", "?", "?q=pelota", "?orden=nombre&dir=asc", "?q=a.b/c"),
    fc.constantFrom("", "#", "#pagos"),
  )
  .map(([start, segments, end, search, hash]) => `${start}${segments.join("/")}${end}${search}${hash}`);
const props = fc.record(
  {
    className: fc.constantFrom("font-semibold", "h-8 px-3"),
    "aria-label": fc.constantFrom("Ver pedido", "Editar"),
    prefetch: fc.constantFrom("none", "intent", "render", "viewport") as fc.Arbitrary<LinkProps["prefetch"]>,
    discover: fc.constantFrom("render", "none") as fc.Arbitrary<LinkProps["discover"]>,
    reloadDocument: fc.boolean(),
    replace: fc.boolean(),
    preventScrollReset: fc.boolean(),
    target: fc.constantFrom("_blank", "_self"),
    title: fc.constantFrom("Pedidos"),
  },
  { requiredKeys: [] },
);

describe("Link on the server", () => {
  test("writes what React Router's Link writes, for any path and props", async () => {
    await fc.assert(
      fc.asyncProperty(path, props, async (to, linkProps) => {
        const render = (Component: typeof Link) =>
          renderInRouter(() => (
            <Component to={to} {...linkProps}>
              Ver
            </Component>
          ));
        expect(await render(Link)).toBe(await render(RouterLink));
      }),
      { numRuns: 1_500 },
    );
  });

  test("a plain path from the root needs no router: the <a> is written without React Router's hooks", () => {
    expect(
      renderToStaticMarkup(
        <Link to="/admin/pedidos/12?vista=pago#pagos" className="font-semibold" preventScrollReset>
          Ver pedido
        </Link>,
      ),
    ).toBe('<a class="font-semibold" href="/admin/pedidos/12?vista=pago#pagos" data-discover="true">Ver pedido</a>');
    // A relative path still goes through React Router's Link, which needs its router.
    expect(() => renderToStaticMarkup(<Link to="../productos">Productos</Link>)).toThrow();
  });
});

const location = fc.constantFrom(
  "/",
  "/admin",
  "/admin/",
  "/admin/pedidos",
  "/Admin/Pedidos",
  "/admin/pedidos/12",
  "/admin/pedidos-archivados",
  "/productos/perros",
  "/productos",
);
const navTo = fc.constantFrom(
  "/",
  "/admin",
  "/admin/",
  "/admin/pedidos",
  "/admin/Pedidos",
  "/productos",
  "/productos?q=a",
  "/carrito#pago",
  "../productos",
  "/admin/./pedidos",
);
const navProps = fc.record(
  {
    end: fc.boolean(),
    caseSensitive: fc.boolean(),
    className: fc.constantFrom<NavLinkProps["className"]>("px-3", "", ({ isActive }) =>
      isActive ? "font-bold" : "text-muted",
    ),
    "aria-current": fc.constantFrom<NavLinkProps["aria-current"]>("page", "location"),
    "aria-label": fc.constantFrom("Carrito (2)"),
    viewTransition: fc.boolean(),
    style: fc.constantFrom<NavLinkProps["style"]>({ color: "red" }, ({ isActive }) => ({
      fontWeight: isActive ? 700 : 400,
    })),
  },
  { requiredKeys: [] },
);

describe("NavLink on the server", () => {
  test("writes what React Router's NavLink writes: active or not, its classes, style and children", async () => {
    await fc.assert(
      fc.asyncProperty(location, navTo, navProps, fc.boolean(), async (at, to, linkProps, childAsFunction) => {
        const children: NavLinkProps["children"] = childAsFunction
          ? ({ isActive }) => (isActive ? "Aquí" : "Ir")
          : "Pedidos";
        const url = `http://tienda.test${at}`;
        const render = (Component: typeof NavLink) =>
          renderInRouter(
            () => (
              <Component to={to} {...linkProps}>
                {children}
              </Component>
            ),
            url,
          );
        expect(await render(NavLink)).toBe(await render(RouterNavLink));
      }),
      { numRuns: 1_500 },
    );
  });
});
