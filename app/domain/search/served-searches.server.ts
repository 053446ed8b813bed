// The reports' 'Búsquedas' (issue 49) count every whole-shop search a shopper made, including
// those answered by the page cache, whose loader never runs (ADR 024): a popular query is
// rendered once and then served from the cache for hours. The page cache tells each stored
// page it sends (`onServed`); the searches among them are counted here, in memory, and added
// to `search_days` at most every 30 s, one upsert per query and day, so a cached search stays
// as fast as the static file. The loader still counts what it renders for a visitor itself
// (a search that found nothing is never stored; without the page cache nothing is).
// Several instances add their own counts. What an instance held when it died (kill -9, at
// most 30 s of cached searches) is lost: the counts stay a floor, now a close one.
import { sql } from "drizzle-orm";
import { href } from "react-router";

import { getDb } from "~/db/client.server";
import { searchDays } from "~/db/schema";
import { getLimaDate } from "~/domain/calendar/lima-time";
import { logError } from "~/lib/log.server";

import { readSearchTerms } from "./catalog-search";
import { MAX_QUERY_LENGTH } from "./query-length";

const FLUSH_EVERY_MS = 30_000;

/** Searches served from the page cache and not yet added: `day \n phrase` → how many. */
const pending = new Map<string, number>();
let flushTimer: NodeJS.Timeout | undefined;

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
  if (!phrase) return;
  const entry = `${getLimaDate(now)}\n${phrase}`;
  pending.set(entry, (pending.get(entry) ?? 0) + 1);
  if (!flushTimer) {
    flushTimer = setTimeout(() => {
      flushTimer = undefined;
      flushServedSearches().catch((error: unknown) => logError("cannot count the cached searches", error));
    }, FLUSH_EVERY_MS);
    flushTimer.unref();
  }
}

/** Adds the pending counts to `search_days` (every 30 s, and when the server stops). */
export async function flushServedSearches(): Promise<void> {
  if (flushTimer) clearTimeout(flushTimer);
  flushTimer = undefined;
  const entries = [...pending];
  pending.clear();
  const db = getDb();
  for (const [entry, searches] of entries) {
    const [day, query] = entry.split("\n") as [string, string];
    await db
      .insert(searchDays)
      .values({ day, query, searches, misses: 0 })
      .onConflictDoUpdate({
        target: [searchDays.day, searchDays.query],
        set: { searches: sql`${searchDays.searches} + ${searches}` },
      });
  }
}
