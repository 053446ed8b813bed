// The Content-Security-Policy of every HTML page. Scripts run only from this origin or
// with the response's nonce (React Router's inline hydration data), plus the Google Maps
// script on /contacto when a key is configured. Inline style *attributes* stay allowed:
// the theme's colours are CSS variables on <html style>.
export function buildContentSecurityPolicy(nonce: string, isAdmin: boolean): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' https://maps.googleapis.com`,
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

export function isAdminPath(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}
