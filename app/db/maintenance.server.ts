import { sql } from "drizzle-orm";

import { logError, logInfo } from "~/lib/log.server";

import type { DatabaseHandle } from "./client.server";

/**
 * The embedded database is PostgreSQL in single-user mode: there is no autovacuum. Without
 * it, the planner never learns how big the catalogue has grown (a search on 100,000
 * products would be planned like one on 100), every stock update leaves a dead row behind,
 * and counts cannot use index-only scans. The server does that work itself: at start and
 * then every six hours. (PostgreSQL servers run autovacuum on their own.)
 */
const EMBEDDED_MAINTENANCE_INTERVAL_MS = 6 * 60 * 60 * 1000;

export async function maintainEmbeddedDatabase(handle: DatabaseHandle): Promise<number> {
  const started = performance.now();
  // The search's table rewritten in catalogue order (migration 0016, ADR 025): a search's
  // matches then lie on a few pages side by side, which makes large catalogues' searches much
  // faster (ADR 025; bench/README.md, 'Search: speed and scale'). With the VACUUM, the whole
  // maintenance takes a few seconds even at 100,000 products; the embedded database
  // runs one statement at a time, as it always did for the VACUUM. A PostgreSQL server is not
  // rewritten here: CLUSTER would hold its searches and catalogue writes behind an exclusive
  // lock while other instances serve, and its autovacuum and larger buffers do the rest.
  await handle.db.execute(sql`CLUSTER "product_search"`);
  await handle.db.execute(sql`VACUUM (ANALYZE)`);
  return Math.round(performance.now() - started);
}

/** Runs the maintenance now (awaited) and then on a timer; returns what stops the timer. */
export async function startEmbeddedMaintenance(handle: DatabaseHandle): Promise<() => void> {
  if (handle.driver !== "pglite") return () => {};
  await maintainEmbeddedDatabase(handle);
  const timer = setInterval(() => {
    maintainEmbeddedDatabase(handle).then(
      (durationMs) => logInfo("database maintenance", { durationMs }),
      (error: unknown) => logError("database maintenance failed", error),
    );
  }, EMBEDDED_MAINTENANCE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
