import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { beforeAll, describe, expect, test } from "vitest";

import * as schema from "~/db/schema";
import { requestAs, signUpCustomer } from "~test/auth";
import { seededShopWithAdmin } from "~test/seeded-shop";

import routes from "../routes";

// Every admin route module of the site map, found from app/routes.ts itself so that
// a screen added later is covered without touching this test.
type RouteEntry = { path?: string; file: string; children?: RouteEntry[] };
function collectAdminRoutes(entries: RouteEntry[], parent = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? parent : [parent, entry.path].filter(Boolean).join("/");
    const own =
      entry.file.startsWith("routes/admin/") && entry.file !== "routes/admin/sign-in.tsx"
        ? [{ path: `/${path}`, file: entry.file }]
        : [];
    return [...own, ...collectAdminRoutes(entry.children ?? [], path)];
  });
}
const adminRoutes = collectAdminRoutes(routes as RouteEntry[]);
const modules = import.meta.glob<{
  loader?: (args: unknown) => Promise<unknown>;
  action?: (args: unknown) => Promise<unknown>;
}>("./admin/**/*.{ts,tsx}");

const loadedRoutes = await Promise.all(
  adminRoutes.map(async (route) => ({
    ...route,
    module: await modules[`./${route.file.slice("routes/".length)}`]!(),
  })),
);
const routesWithActions = loadedRoutes.filter((route) => route.module.action);

const { handle, adminCookie } = seededShopWithAdmin();
let customerCookie: string;

beforeAll(async () => {
  customerCookie = await signUpCustomer("cliente@example.pe");
});

async function snapshotDatabase(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of Object.values(schema).filter((value) => is(value, PgTable))) {
    const name = getTableName(table as PgTable);
    const result = (await handle().db.execute(sql.raw(`select count(*) as n from "${name}"`))) as unknown as {
      rows: { n: string | number }[];
    };
    counts[name] = Number(result.rows[0]!.n);
  }
  return counts;
}

async function outcome(call: () => Promise<unknown>): Promise<string> {
  try {
    await call();
    return "allowed";
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      return `redirect ${thrown.headers.get("Location")}`;
    }
    return "allowed";
  }
}

function argsFor(route: { path: string }, cookie: string | null, method: "GET" | "POST") {
  const url = route.path.replace(/:(\w+)/g, "1");
  const body = method === "POST" ? new URLSearchParams({ intent: "delete", id: "1", title: "x" }) : undefined;
  return {
    request: requestAs(cookie, url, { method, body }),
    params: { productId: "1", serviceId: "1", userId: "1" },
    context: {},
  };
}

test("the site map has the spec's admin screens", () => {
  const paths = adminRoutes.map((route) => route.path);
  for (const path of [
    "/admin/dashboard",
    "/admin/productos",
    "/admin/productos/nuevo",
    "/admin/productos/editar/:productId",
    "/admin/servicios",
    "/admin/usuarios/editar/:userId",
    "/admin/configuracion/pagos",
    "/admin/gestion-contenido/servicios",
    "/admin/reportes",
    "/admin/reportes/exportar",
  ]) {
    expect(paths).toContain(path);
  }
});

describe.each(loadedRoutes)("$path ($file)", ({ module, ...route }) => {
  test("its loader refuses anonymous visitors and customers, and serves the administrator", async () => {
    expect(module.loader, "every admin screen guards its own loader").toBeTypeOf("function");
    expect(await outcome(() => module.loader!(argsFor(route, null, "GET")))).toBe("redirect /admin");
    expect(await outcome(() => module.loader!(argsFor(route, customerCookie, "GET")))).toBe("redirect /admin");
    expect(await outcome(() => module.loader!(argsFor(route, adminCookie(), "GET")))).not.toBe("redirect /admin");
  });
});

// Screens without an action answer a POST with 405 before any code of ours runs;
// tests/server/http.test.ts checks that over HTTP for every admin URL.
if (routesWithActions.length > 0) {
  describe.each(routesWithActions)("$path action", ({ module, ...route }) => {
    test("refuses anonymous visitors and customers and changes nothing", async () => {
      const before = await snapshotDatabase();
      expect(await outcome(() => module.action!(argsFor(route, null, "POST")))).toBe("redirect /admin");
      expect(await outcome(() => module.action!(argsFor(route, customerCookie, "POST")))).toBe("redirect /admin");
      expect(await snapshotDatabase()).toEqual(before);
    });
  });
}
