import { href } from "react-router";

// The Content-Security-Policy of every HTML page. Scripts run only from this origin or
// with the response's nonce (React Router's inline hydration data), plus the Google Maps
// script on /contacto when a key is configured. Inline style *attributes* stay allowed:
// the theme's colours are CSS variables on <html style>.
export function buildContentSecurityPolicy(nonce: string, isAdmin: boolean): string {
  return buildPolicy([`'nonce-${nonce}'`], isAdmin);
}

/**
 * The policy of a stored page (ADR 024): the same, with the hashes of the inline scripts it
 * was stored with instead of a nonce. Stored pages are never the back office's.
 */
export function buildSharedPageContentSecurityPolicy(scriptHashes: readonly string[]): string {
  return buildPolicy(scriptHashes, false);
}

function buildPolicy(scriptSources: readonly string[], isAdmin: boolean): string {
  const directives = [
    "default-src 'self'",
    ["script-src 'self'", ...scriptSources, "https://maps.googleapis.com"].join(" "),
    "style-src 'self' 'unsafe-inline' https://fonts.googleapis.com",
    "img-src 'self' data: blob: https://*.googleapis.com https://*.gstatic.com https://*.google.com",
    "font-src 'self' https://fonts.gstatic.com",
    "connect-src 'self' https://*.googleapis.com",
    "frame-src https://www.google.com",
    "object-src 'none'",
    "base-uri 'self'",
    // The back office is never framed (clickjacking of admin buttons); the shop only by itself.
    isAdmin ? "frame-ancestors 'none'" : "frame-ancestors 'self'",
  ];
  return directives.join("; ");
}

/**
 * The path as React Router matches it: percent-decoded and case-insensitive. Security
 * headers and guards decided on the raw text would skip `/ADMIN/...` or `/%61dmin/...`,
 * which React Router still routes to the back office. Undecodable text stays as it is.
 */
export function canonicalPath(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape (%E0%A4%A) cannot name a route segment either.
  }
  return decoded.toLowerCase().replace(/\/{2,}/g, "/");
}

const ADMIN_PATH = href("/admin");

export function isAdminPath(pathname: string): boolean {
  const path = canonicalPath(pathname);
  return path === ADMIN_PATH || path.startsWith(`${ADMIN_PATH}/`);
}

// Pages that are one visitor's own, whatever the page cache does (ADR 024): never stored by a
// browser or anyone between. Matched on the canonical path, like the admin guard.
const PERSONAL_PATHS = [
  href("/admin"),
  href("/perfil"),
  href("/auth"),
  href("/carrito"),
  // /pedido/{code} and its receipt image.
  "/pedido",
  // A pet's photo, /mascota/{id}/foto: its owner's and the administrators' only.
  "/mascota",
  // Booking a service (the saved pets, the shopper's details) and a booking's own page and .ics.
  "/reservar",
  "/reserva",
  // The food reminder's 'Volver a pedir': fills the visitor's cart and sets its cookie.
  "/volver-a-pedir",
  // A stock alert's confirmation link: confirms one subscriber's alert.
  "/aviso-stock",
  href("/salir"),
  href("/libro-reclamaciones/copia"),
  href("/api/sesion"),
];

export function isPersonalPath(pathname: string): boolean {
  const path = canonicalPath(pathname);
  return PERSONAL_PATHS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * React Router's single-fetch answers (`/perfil.data`, `/_root.data`): the data a client-side
 * navigation asks for, which always carries the root loader's, so the visitor's own.
 */
export function isDataRequestPath(pathname: string): boolean {
  return canonicalPath(pathname).endsWith(".data");
}

/**
 * The Cache-Control of an HTML page the route did not set itself. Personal pages, and any
 * answer that sets a cookie or is not a GET, are `private, no-store`. The other pages still
 * carry the visitor's cart badge and name until the page cache moves them out (issue 26), so
 * they are `private, no-cache`: a browser may keep them but must ask again, and no shared
 * cache keeps them.
 */
export function documentCacheControl(request: Request, headers: Headers): string {
  const isShared =
    (request.method === "GET" || request.method === "HEAD") &&
    !headers.has("Set-Cookie") &&
    !isPersonalPath(new URL(request.url).pathname);
  return isShared ? "private, no-cache" : "private, no-store";
}
