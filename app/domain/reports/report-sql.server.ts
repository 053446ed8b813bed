// The pieces every report's SQL shares (issue 49, ADR 040): a Lima date range as the instants
// that bound it, or as the days of the daily sums (ADR 045). Everything is summed by the
// database, in céntimos; JavaScript only shapes the rows.
import { type SQL, sql } from "drizzle-orm";

import { getDb } from "~/db/client.server";

import type { DateRange } from "./report-range";

/** The rows of a statement (both drivers answer `{ rows }`). */
export async function queryRows<T>(statement: SQL): Promise<T[]> {
  return ((await getDb().execute(statement)) as unknown as { rows: T[] }).rows;
}

/** The instant a Lima date starts: midnight in Lima, whatever the server's zone. */
export function limaMidnight(date: string): SQL {
  return sql`(${date}::date::timestamp at time zone 'America/Lima')`;
}

/** `column` falls on one of the range's Lima days: a range over the instants, so an index on `column` serves it. */
export function withinRange(column: SQL, range: DateRange): SQL {
  return sql`${column} >= ${limaMidnight(range.from)} and ${column} < (((${range.to}::date + 1)::timestamp) at time zone 'America/Lima')`;
}

/** `column` (a Lima date, as the daily sums' `day`) is one of the range's days. */
export function withinDays(column: SQL, range: DateRange): SQL {
  return sql`${column} between ${range.from}::date and ${range.to}::date`;
}
