import { readConfig } from "~/config.server";

import { limitConcurrency, type QueueStats } from "./concurrency-limit.server";

/**
 * Requests rendered at once (ADR 062). The embedded database runs in this process, one query at
 * a time, so renders only share one core: two at once keep it busy (one renders while the
 * other's query runs) and each page goes out sooner than in a crowd of eight, which halved every
 * p99 under bench/uncached.js at the same req/s. A PostgreSQL server answers from its own
 * processes, and there eight overlap its waits (not measured narrower). A request waiting on an
 * outside service opens a place for that time (whileWaitingOutside).
 */
const RENDER_CONCURRENCY = readConfig().databaseUrl ? 8 : 2;
/**
 * The line behind those renders is bounded so that a hung database or mail server cannot pile up
 * every visitor: the load test's 200 shoppers at once stay far from both bounds (tests/load;
 * bench/README.md, 'Load test'). 1,000 in line is many seconds of uncached pages on this machine,
 * and 30 s stays under a reverse proxy's usual 60 s, so a shopper sees the shop's 503
 * page (with Retry-After) rather than the proxy's 504.
 */
const RENDER_QUEUE = { maxWaiting: 1_000, maxWaitMs: 30_000 };

/**
 * A shopper first in line for this long, or a full line, means the shop is not serving
 * pages: half the time after which the line itself gives up, so that /healthz says so
 * while shoppers are still waiting rather than after they were turned away.
 */
const STUCK_WAIT_MS = RENDER_QUEUE.maxWaitMs / 2;

/** The one line every page and action waits in (server/app.ts); /healthz reports it. */
export const renderQueue = limitConcurrency({ concurrency: RENDER_CONCURRENCY, ...RENDER_QUEUE });

/**
 * Wraps a call to an outside service (payment providers, the PSE, the bucket, the mail server)
 * made while a request holds a place: the line is one wider while it waits (ADR 062).
 */
export const whileWaitingOutside = renderQueue.whileWaitingOutside;

/** A copy of `client` whose `methods` (each a call to an outside service) wait outside the line. */
export function callingOutside<T extends object>(client: T, methods: readonly (keyof T & string)[]): T {
  const copy = { ...client } as Record<string, unknown>;
  for (const name of methods) {
    const method = client[name] as (...args: unknown[]) => Promise<unknown>;
    copy[name] = (...args: unknown[]) => whileWaitingOutside(() => method.apply(client, args));
  }
  return copy as T;
}

export type RenderQueueHealth = QueueStats & { isServing: boolean };

export function readRenderQueueHealth(now = Date.now()): RenderQueueHealth {
  const stats = renderQueue.stats(now);
  return { ...stats, isServing: stats.oldestWaitMs < STUCK_WAIT_MS && stats.waiting < RENDER_QUEUE.maxWaiting };
}
