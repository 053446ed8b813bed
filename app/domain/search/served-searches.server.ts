// The reports' 'Búsquedas' (issue 49) count every whole-shop search a shopper made, including
// those answered by the page cache, whose loader never runs (ADR 024): a popular query is
// rendered once and then served from the cache for hours. The page cache tells each stored
// page it sends (`onServed`); the searches among them are counted here, with the searches the
// loader renders, in memory and written behind (search-counts.server.ts, ADR 065), so that a
// cached search stays as fast as the static file. (A search that found nothing is never stored;
// without the page cache nothing is: the loader counts those.)
import { href } from "react-router";

import { readSearchTerms } from "./catalog-search";
import { MAX_QUERY_LENGTH } from "./query-length";
import { countSearch } from "./search-counts.server";

/** The normalised query of a page-cache key when it is a whole-shop search page, else null. */
export function servedSearchPhrase(key: string): string | null {
  const url = new URL(key, "http://shop.invalid");
  if (url.pathname !== href("/buscar") || url.searchParams.has("marca")) return null;
  const q = url.searchParams.get("q");
  if (!q) return null;
  return readSearchTerms(q.slice(0, MAX_QUERY_LENGTH)).phrase || null;
}

/** The page cache's `onServed`: counts a stored search page sent to a shopper. */
export function countServedSearch(key: string, now = new Date()): void {
  const phrase = servedSearchPhrase(key);
  if (phrase) countSearch(phrase, { isMiss: false, now });
}
