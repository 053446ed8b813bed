// 'Búsquedas' (issue 49): the range's most made searches of the whole shop, and those that
// found nothing, from the per-day counts the search page keeps (search_days, written behind: ADR 065).
import { sql } from "drizzle-orm";

import { flushSearchCounts } from "~/domain/search/search-counts.server";

import type { DateRange } from "./report-range";
import { queryRows } from "./report-sql.server";

type SearchCount = { query: string; searchCount: number; missCount: number };
export type SearchReport = { top: SearchCount[]; misses: SearchCount[] };

const TOP = 20;

export async function getSearchReport(range: DateRange): Promise<SearchReport> {
  // The searches counted in memory so far (ADR 065): the owner sees the one just made.
  await flushSearchCounts();
  const inRange = sql`s.day between ${range.from}::date and ${range.to}::date`;
  const [top, misses] = await Promise.all([
    queryRows<{ query: string; searches: number; misses: number }>(sql`
      select s.query, sum(s.searches)::int as searches, sum(s.misses)::int as misses
      from search_days s where ${inRange}
      group by s.query order by searches desc, s.query limit ${TOP}`),
    queryRows<{ query: string; searches: number; misses: number }>(sql`
      select s.query, sum(s.searches)::int as searches, sum(s.misses)::int as misses
      from search_days s where ${inRange} and s.misses > 0
      group by s.query order by misses desc, s.query limit ${TOP}`),
  ]);
  const toCount = (row: { query: string; searches: number; misses: number }): SearchCount => ({
    query: row.query,
    searchCount: Number(row.searches),
    missCount: Number(row.misses),
  });
  return { top: top.map(toCount), misses: misses.map(toCount) };
}
