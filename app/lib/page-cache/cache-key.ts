// The page cache's key: which addresses share one stored page (ADR 024). Conservative on
// purpose: two addresses share a key only when the page cannot tell them apart, and an
// address whose query the page could read in more than one way is not cached at all.

/**
 * Parameters that ads and shared links add and no page reads: Google's, Facebook's,
 * Instagram's and Microsoft's click ids, and every utm_* campaign tag.
 */
const TRACKING_PARAMETERS = new Set(["fbclid", "gclid", "gbraid", "wbraid", "msclkid", "igshid"]);

export const CACHE_KEY_LIMITS = {
  /** Longer paths name no page of the shop (a product's is under 30 characters). */
  maxPathLength: 512,
  /** The raw query, read before parsing, so that a huge one is never parsed. */
  maxQueryLength: 1024,
  /** The catalogue reads at most q, marca, pagina and presentacion. */
  maxParameters: 6,
  maxNameLength: 32,
  maxValueLength: 200,
} as const;

function isTrackingParameter(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith("utm_") || TRACKING_PARAMETERS.has(lower);
}

/**
 * The path exactly as given (so `/Producto/42` and `/producto/42` are two entries, each
 * holding what its own address rendered) and the query's parameters sorted by name, tracking
 * parameters dropped, exact repeats collapsed. Percent-encodings are decoded and written
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
  for (const [name, value] of url.searchParams) {
    if (isTrackingParameter(name)) continue;
    if (name === "" || name.length > CACHE_KEY_LIMITS.maxNameLength) return null;
    if (value.length > CACHE_KEY_LIMITS.maxValueLength) return null;
    const earlier = kept.get(name);
    if (earlier === value) continue;
    if (earlier !== undefined) return null;
    kept.set(name, value);
    if (kept.size > CACHE_KEY_LIMITS.maxParameters) return null;
  }
  if (kept.size === 0) return pathname;
  const sorted = [...kept].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${pathname}?${new URLSearchParams(sorted).toString()}`;
}
