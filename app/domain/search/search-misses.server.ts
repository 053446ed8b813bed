// 'Búsquedas sin resultados' (/admin/busqueda, issue 27): the normalised queries that found
// nothing, with how often and when last, so that the owner adds a synonym or a product. Only
// the words searched are kept: no shopper, no address, no time beyond the last search.
import { desc, inArray, sql } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { searchDays, searchMisses } from "~/db/schema";
import { getLimaDate } from "~/domain/calendar/lima-time";

import { readSearchTerms } from "./catalog-search";
import { type CatalogSearchResult, countSearchMatches } from "./catalog-search.server";

/** The list keeps the most recently searched misses, this many at most. */
export const MAX_SEARCH_MISSES = 500;

export type SearchMiss = { query: string; count: number; lastSearchedAt: Date };

/** Counts a search for `raw` (normalised here too) that found nothing; drops the oldest beyond the cap. */
export async function recordSearchMiss(raw: string): Promise<void> {
  const { phrase } = readSearchTerms(raw);
  if (!phrase) return;
  const db = getDb();
  const [row] = await db
    .insert(searchMisses)
    .values({ query: phrase })
    .onConflictDoUpdate({
      target: searchMisses.query,
      set: { count: sql`${searchMisses.count} + 1`, lastSearchedAt: sql`now()` },
    })
    .returning({ count: searchMisses.count });
  if (row?.count !== 1) return;
  await db.execute(sql`
    DELETE FROM ${searchMisses} WHERE ${searchMisses.query} IN (
      SELECT ${searchMisses.query} FROM ${searchMisses}
      ORDER BY ${searchMisses.lastSearchedAt} DESC, ${searchMisses.query} OFFSET ${MAX_SEARCH_MISSES})`);
}

/** A query that finds something again leaves the list. */
async function forgetSearchMiss(raw: string): Promise<void> {
  const { phrase } = readSearchTerms(raw);
  if (phrase)
    await getDb()
      .delete(searchMisses)
      .where(inArray(searchMisses.query, [phrase]));
}

/**
 * What a search of the whole shop (no level, no brand) says about its query: recorded when
 * it found nothing, forgotten when it found something, and counted for the day. A route calls
 * it after searchCatalog. `isCountedWhenServed`: the page is rendered to be stored, and each
 * time it is sent (this time too) the page cache counts it (served-searches.server.ts).
 */
export async function noteSearchOutcome(
  result: CatalogSearchResult,
  now = new Date(),
  { isCountedWhenServed = false } = {},
): Promise<void> {
  if (!result.query) return;
  const found = result.products.total + result.services.total;
  await Promise.all([
    found === 0 ? recordSearchMiss(result.query) : forgetSearchMiss(result.query),
    isCountedWhenServed && found > 0 ? null : countSearchOfDay(result.query, found === 0, now),
  ]);
}

/** The reports' 'Búsquedas' (issue 49): one row per normalised query and Lima day, counted. */
async function countSearchOfDay(raw: string, isMiss: boolean, now: Date): Promise<void> {
  const { phrase } = readSearchTerms(raw);
  if (!phrase) return;
  const miss = isMiss ? 1 : 0;
  await getDb()
    .insert(searchDays)
    .values({ day: getLimaDate(now), query: phrase, misses: miss })
    .onConflictDoUpdate({
      target: [searchDays.day, searchDays.query],
      set: { searches: sql`${searchDays.searches} + 1`, misses: sql`${searchDays.misses} + ${miss}` },
    });
}

/**
 * The misses, most frequent first (then most recent). Those that find something now (a
 * product or a synonym added since) are dropped from the table instead of listed.
 */
export async function listSearchMisses(limit = 50): Promise<SearchMiss[]> {
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
