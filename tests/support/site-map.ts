import routes from "../../app/routes";

type RouteEntry = { path?: string; file: string; children?: RouteEntry[] };

/** Every URL pattern of app/routes.ts with its module file. */
export function listRoutes(entries = routes as RouteEntry[], parent = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? parent : [parent, entry.path].filter(Boolean).join("/");
    const own = entry.path === undefined ? [] : [{ path: `/${path}`, file: entry.file }];
    return [...own, ...listRoutes(entry.children ?? [], path)];
  });
}

/** The guarded back-office URLs (everything under /admin/ but the sign-in page). */
export function listAdminUrls(): string[] {
  return listRoutes()
    .map((route) => route.path)
    .filter((path) => path.startsWith("/admin/"))
    .map((path) => path.replace(/:\w+/g, "1"));
}

/**
 * The back-office screens (route modules with a page, not resource routes like downloads, nor
 * the 404 page of unknown addresses).
 */
export function listAdminScreenUrls(): string[] {
  return listRoutes()
    .filter((route) => route.path.startsWith("/admin/") && route.file.endsWith(".tsx") && !route.path.endsWith("*"))
    .map((route) => route.path.replace(/:\w+/g, "1"));
}
