import { lt, type SQL, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { rateLimitHits } from "~/db/schema";
import type { RateRule, RateStore } from "~/lib/rate-limit.server";

// The rate limits' store shared by every instance on one PostgreSQL (ADR 042): one row per
// key, each count one statement. `insert … on conflict (key) do update … returning` locks the
// key's row for the statement, so two instances taking the last place at the same instant
// queue on it: one gets it, the other finds the limit reached. The hits kept are those inside
// the window, at most `limit` of them (older ones cannot change the answer), so a row stays
// small however much a key is hammered. Expired rows are deleted by the housekeeping.

const table = rateLimitHits;

/** The row's hits still inside the window at `now`, oldest first. */
function keptHits(rule: RateRule, now: number) {
  return sql`array(select h from unnest(${table.hits}) h where h > ${now - rule.windowMs}::bigint order by h)`;
}

function countKept(rule: RateRule, now: number) {
  return sql`(select count(*) from unnest(${table.hits}) h where h > ${now - rule.windowMs}::bigint)`;
}

function expiry(rule: RateRule, now: number) {
  return sql`to_timestamp(${(now + rule.windowMs) / 1000}::double precision)`;
}

type Row = { taken: boolean };

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The shop's database, or a transaction of it. */
type Executor = Pick<Database, "execute">;

export function tableRateStore(db: Database): RateStore {
  const upsert = async (key: string, rule: RateRule, now: number, hits: SQL, taken: SQL, within?: unknown) => {
    const result = await ((within as Executor | undefined) ?? db).execute(sql`
      insert into ${table} (key, hits, last_taken, expires_at)
      values (${key}, array[${now}::bigint], true, ${expiry(rule, now)})
      on conflict (key) do update set
        hits = ${hits},
        last_taken = ${taken},
        expires_at = greatest(${table.expiresAt}, ${expiry(rule, now)})
      returning last_taken as taken`);
    return rowsOf<Row>(result)[0]?.taken ?? false;
  };
  return {
    async count(key, rule, now) {
      const result = await db.execute(
        sql`select ${countKept(rule, now)}::integer as n from ${table} where ${table.key} = ${key}`,
      );
      return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
    },
    async record(key, rule, now) {
      // Every hit counted; only the latest `limit` kept.
      const latest = sql`array(select h from (select h from unnest(${table.hits} || ${now}::bigint) h
        where h > ${now - rule.windowMs}::bigint order by h desc limit ${rule.limit}) latest order by h)`;
      await upsert(key, rule, now, latest, sql`true`);
    },
    async take(key, rule, now, within) {
      // In an update's SET every expression reads the row as it was: both see the same count.
      const isUnder = sql`${countKept(rule, now)} < ${rule.limit}`;
      const hits = sql`case when ${isUnder} then ${keptHits(rule, now)} || ${now}::bigint else ${keptHits(rule, now)} end`;
      return upsert(key, rule, now, hits, isUnder, within);
    },
    async giveBack(key, at) {
      // One occurrence only: two submissions counted in the same millisecond are two hits.
      const position = sql`array_position(${table.hits}, ${at}::bigint)`;
      await db.execute(sql`
        update ${table} set hits = ${table.hits}[:${position} - 1] || ${table.hits}[${position} + 1:]
        where ${table.key} = ${key} and ${at}::bigint = any(${table.hits})`);
    },
    async clear(key) {
      await db.execute(sql`delete from ${table} where ${table.key} = ${key}`);
    },
  };
}

/** Deletes the rows whose hits have all left their window (the housekeeping); how many. */
export async function deleteExpiredRateLimitHits(db: Database, now: Date): Promise<number> {
  const gone = await db.delete(table).where(lt(table.expiresAt, now)).returning({ key: table.key });
  return gone.length;
}
