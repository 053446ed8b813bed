// What the shop keeps about its searches, counted in memory and written behind (ADR 065): the
// reports' 'Búsquedas' (search_days, issue 49) and the owner's 'Búsquedas sin resultados'
// (search_misses, issue 27). A search page used to write two or three rows as it was rendered
// (its day's count, its miss or the miss forgotten, and the list's bound), some 1.3 ms of the
// embedded database's one-at-a-time work on every new search. Now the counts wait here and
// go to the database together, in one transaction, at most every 30 s, before the owner's
// reports or list are read, and when the server stops. Several instances each add their own.
// What an instance held when it died (kill -9) is lost: at most 30 s of counts, a floor still.
import { sql } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { searchDays, searchMisses } from "~/db/schema";
import { getLimaDate } from "~/domain/calendar/lima-time";
import { logError } from "~/lib/log.server";

const FLUSH_EVERY_MS = 30_000;

/** The list keeps the most recently searched misses, this many at most. */
export const MAX_SEARCH_MISSES = 500;

type DayCount = { day: string; query: string; searches: number; misses: number };
/**
 * A query's misses since it last found something (`wasFound`: it did, since the last write, so
 * its row leaves the list before these are added), and the last of them.
 */
type MissCount = { query: string; count: number; lastSearchedAt: string; wasFound: boolean };

let days = new Map<string, DayCount>();
let misses = new Map<string, MissCount>();
let flushTimer: NodeJS.Timeout | undefined;
/** Writes run one after another: a reader's flush waits for the timer's under way. */
let writing: Promise<void> = Promise.resolve();

function flushSoon(): void {
  if (flushTimer) return;
  flushTimer = setTimeout(() => {
    flushTimer = undefined;
    flushSearchCounts().catch((error: unknown) => logError("cannot write the search counts", error));
  }, FLUSH_EVERY_MS);
  flushTimer.unref();
}

function addDay(count: DayCount): void {
  const key = `${count.day}\n${count.query}`;
  const held = days.get(key);
  if (held) {
    held.searches += count.searches;
    held.misses += count.misses;
  } else days.set(key, { ...count });
}

/** One search of `phrase` (normalised): counted for its Lima day, and as a miss when it found nothing. */
export function countSearch(phrase: string, { isMiss, now = new Date() }: { isMiss: boolean; now?: Date }): void {
  addDay({ day: getLimaDate(now), query: phrase, searches: 1, misses: isMiss ? 1 : 0 });
  flushSoon();
}

/** A search of `phrase` found nothing (`found: false`) or found something again (`found: true`). */
export function noteSearchResult(phrase: string, { found, now = new Date() }: { found: boolean; now?: Date }): void {
  const held = misses.get(phrase);
  if (found) {
    if (held) Object.assign(held, { count: 0, wasFound: true });
    else misses.set(phrase, { query: phrase, count: 0, lastSearchedAt: now.toISOString(), wasFound: true });
  } else if (held) {
    held.count += 1;
    held.lastSearchedAt = now.toISOString();
  } else misses.set(phrase, { query: phrase, count: 1, lastSearchedAt: now.toISOString(), wasFound: false });
  flushSoon();
}

async function write(dayCounts: DayCount[], missCounts: MissCount[]): Promise<void> {
  const found = missCounts.filter((miss) => miss.wasFound).map((miss) => miss.query);
  const missed = missCounts.filter((miss) => miss.count > 0);
  await getDb().transaction(async (tx) => {
    if (dayCounts.length > 0)
      await tx.execute(sql`
        INSERT INTO ${searchDays} (day, query, searches, misses)
        SELECT t.day::date, t.query, t.searches, t.misses
        FROM jsonb_to_recordset(${JSON.stringify(dayCounts)}::jsonb) AS t(day text, query text, searches int, misses int)
        ON CONFLICT (day, query) DO UPDATE SET searches = ${searchDays}.searches + excluded.searches,
          misses = ${searchDays}.misses + excluded.misses`);
    if (found.length > 0)
      await tx.execute(sql`
        DELETE FROM ${searchMisses}
        WHERE query IN (SELECT value FROM jsonb_array_elements_text(${JSON.stringify(found)}::jsonb))`);
    if (missed.length === 0) return;
    await tx.execute(sql`
      INSERT INTO ${searchMisses} (query, count, last_searched_at)
      SELECT t.query, t.count, t.last::timestamptz
      FROM jsonb_to_recordset(${JSON.stringify(missed.map(({ query, count, lastSearchedAt }) => ({ query, count, last: lastSearchedAt })))}::jsonb)
        AS t(query text, count int, last text)
      ON CONFLICT (query) DO UPDATE SET count = ${searchMisses}.count + excluded.count,
        last_searched_at = greatest(${searchMisses}.last_searched_at, excluded.last_searched_at)`);
    await tx.execute(sql`
      DELETE FROM ${searchMisses} WHERE query IN (
        SELECT query FROM ${searchMisses} ORDER BY last_searched_at DESC, query OFFSET ${MAX_SEARCH_MISSES})`);
  });
}

/** Puts counts whose write failed (rolled back whole) back in front of those counted since. */
function putBack(dayCounts: DayCount[], missCounts: MissCount[]): void {
  const laterDays = days;
  days = new Map();
  for (const count of [...dayCounts, ...laterDays.values()]) addDay(count);
  const laterMisses = misses;
  misses = new Map(missCounts.map((miss) => [miss.query, miss]));
  for (const later of laterMisses.values()) {
    const earlier = misses.get(later.query);
    if (!earlier || later.wasFound) misses.set(later.query, later);
    else Object.assign(earlier, { count: earlier.count + later.count, lastSearchedAt: later.lastSearchedAt });
  }
  flushSoon();
}

/** Writes what was counted so far (every 30 s, before the owner reads, and when the server stops). */
export function flushSearchCounts(): Promise<void> {
  if (flushTimer) clearTimeout(flushTimer);
  flushTimer = undefined;
  const run = async () => {
    const dayCounts = [...days.values()];
    const missCounts = [...misses.values()];
    days = new Map();
    misses = new Map();
    if (dayCounts.length === 0 && missCounts.length === 0) return;
    try {
      await write(dayCounts, missCounts);
    } catch (error) {
      putBack(dayCounts, missCounts);
      throw error;
    }
  };
  const done = writing.then(run, run);
  writing = done.catch(() => undefined);
  return done;
}
