// 'Búsquedas sin resultados' (/admin/busqueda, issue 27): the normalised queries that found
// nothing, with how often and when last, so that the owner adds a synonym or a product. Only
// the words searched are kept: no shopper, no address, no time beyond the last search.
import { desc, inArray } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { searchMisses } from "~/db/schema";

import { readSearchTerms } from "./catalog-search";
import { type CatalogSearchResult, countSearchMatches } from "./catalog-search.server";
import { countSearch, flushSearchCounts, MAX_SEARCH_MISSES, noteSearchResult } from "./search-counts.server";

export { MAX_SEARCH_MISSES } from "./search-counts.server";

export type SearchMiss = { query: string; count: number; lastSearchedAt: Date };

/** Counts a search for `raw` (normalised here too) that found nothing; the list keeps the latest. */
export function recordSearchMiss(raw: string, now = new Date()): void {
  const { phrase } = readSearchTerms(raw);
  if (phrase) noteSearchResult(phrase, { found: false, now });
}

/**
 * What a search of the whole shop (no level, no brand) says about its query: a miss when it
 * found nothing, the miss forgotten when it found something (the query leaves the list), and
 * counted for the day. A route calls it after searchCatalog; the counts are written behind
 * (search-counts.server.ts). `isCountedWhenServed`: the page is rendered to be stored, and each
 * time it is sent (this time too) the page cache counts it (served-searches.server.ts).
 */
export function noteSearchOutcome(
  result: CatalogSearchResult,
  now = new Date(),
  { isCountedWhenServed = false } = {},
): void {
  if (!result.query) return;
  const { phrase } = readSearchTerms(result.query);
  if (!phrase) return;
  const found = result.products.total + result.services.total > 0;
  noteSearchResult(phrase, { found, now });
  if (!(isCountedWhenServed && found)) countSearch(phrase, { isMiss: !found, now });
}

/**
 * The misses, most frequent first (then most recent). Those that find something now (a
 * product or a synonym added since) are dropped from the table instead of listed.
 */
export async function listSearchMisses(limit = 50): Promise<SearchMiss[]> {
  await flushSearchCounts();
  const db = getDb();
  const rows = await db
    .select()
    .from(searchMisses)
    .orderBy(desc(searchMisses.count), desc(searchMisses.lastSearchedAt), searchMisses.query)
    .limit(Math.min(Math.max(1, limit), MAX_SEARCH_MISSES));
  const stillMissing: SearchMiss[] = [];
  const foundNow: string[] = [];
  for (const row of rows) {
    if ((await countSearchMatches(row.query)) > 0) foundNow.push(row.query);
    else stillMissing.push(row);
  }
  if (foundNow.length > 0) await db.delete(searchMisses).where(inArray(searchMisses.query, foundNow));
  return stillMissing;
}
