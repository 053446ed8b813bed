// The page cache's key: which addresses share one stored page (ADR 024). Conservative on
// purpose: two addresses share a key only when the page cannot tell them apart, and an
// address whose query the page could read in more than one way is not cached at all.

export const CACHE_KEY_LIMITS = {
  /** Longer paths name no page of the shop (a product's is under 30 characters). */
  maxPathLength: 512,
  /** The raw query, read before parsing, so that a huge one is never parsed. */
  maxQueryLength: 1024,
  maxValueLength: 200,
} as const;

/**
 * The query parameters each shared page reads (issue 41): its key keeps these and drops any
 * other, so `/?x=<random>` is the home page's one entry, not a new page pushing real ones out.
 * A page not listed reads none. The catalogue's names are checked against its schema by a test.
 */
const READ_PARAMETERS: readonly { path: RegExp; names: readonly string[] }[] = [
  { path: /^\/(?:productos|servicios)(?:\/|$)/, names: ["q", "marca", "pagina"] },
  { path: /^\/buscar$/, names: ["q", "marca", "pagina"] },
  { path: /^\/producto\/[^/]+$/, names: ["presentacion"] },
  { path: /^\/api\/buscar$/, names: ["q"] },
  { path: /^\/sitemap\.xml$/, names: ["pagina"] },
  // React Router's route discovery: the routes asked for and the build's version.
  { path: /^\/__manifest$/, names: ["paths", "version"] },
];

/** The parameters the page at `pathname` reads (matched case-insensitively, as routes are). */
export function readParameterNames(pathname: string): readonly string[] {
  const path = pathname.toLowerCase();
  return READ_PARAMETERS.find((entry) => entry.path.test(path))?.names ?? [];
}

/**
 * The path exactly as given (so `/Producto/42` and `/producto/42` are two entries, each
 * holding what its own address rendered) and the parameters the page reads, sorted by name
 * (any other parameter, tracking ones included, dropped), exact repeats collapsed. Percent-encodings are decoded and written
 * again, so `q=pelota%20roja` and `q=pelota+roja`, which every page reads alike, share a key.
 *
 * Null (never cache) for: a path or query over the limits; a name given twice with
 * different values (`get` reads the first, and sorting would change which that is); an empty
 * name; and React Router's `.data` requests, whose payload carries the root loader's
 * personal data. The page must be rendered from the key (`new URL(key, origin)`), not from
 * the address asked for, so that what is stored is what every address of that key shows.
 */
export function normalizeCacheKey(url: URL): string | null {
  const { pathname, search } = url;
  if (pathname.length > CACHE_KEY_LIMITS.maxPathLength || pathname.endsWith(".data")) return null;
  if (search.length > CACHE_KEY_LIMITS.maxQueryLength) return null;
  const kept = new Map<string, string>();
  const read = readParameterNames(pathname);
  for (const [name, value] of url.searchParams) {
    if (name === "") return null;
    // Any other, tracking tags (utm_*, fbclid…) included, cannot change what the page shows.
    if (!read.includes(name)) continue;
    if (value.length > CACHE_KEY_LIMITS.maxValueLength) return null;
    const earlier = kept.get(name);
    if (earlier === value) continue;
    if (earlier !== undefined) return null;
    kept.set(name, value);
  }
  if (kept.size === 0) return pathname;
  const sorted = [...kept].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${pathname}?${new URLSearchParams(sorted).toString()}`;
}
