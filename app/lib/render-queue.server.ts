import { limitConcurrency, type QueueStats } from "./concurrency-limit.server";

/** Requests rendered at once: enough to overlap database waits, few enough to stay fast. */
const RENDER_CONCURRENCY = 8;
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

export type RenderQueueHealth = QueueStats & { isServing: boolean };

export function readRenderQueueHealth(now = Date.now()): RenderQueueHealth {
  const stats = renderQueue.stats(now);
  return { ...stats, isServing: stats.oldestWaitMs < STUCK_WAIT_MS && stats.waiting < RENDER_QUEUE.maxWaiting };
}
