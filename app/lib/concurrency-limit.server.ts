import type { RequestHandler, Response } from "express";

export type ConcurrencyLimits = {
  /** Requests handled at once. */
  concurrency: number;
  /** Requests allowed to wait in line; the next one is turned away at once. */
  maxWaiting: number;
  /** How long a request may wait for its turn before it is turned away. */
  maxWaitMs: number;
};

/** Seconds a turned-away shopper (or a crawler honouring Retry-After) should wait. */
const RETRY_AFTER_SECONDS = 5;

// No stylesheet, script or shop name: it is served exactly when the shop has no time to
// spare, without touching the database.
const BUSY_PAGE = `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Tienda ocupada</title></head>
<body><h1>Un momento, por favor</h1><p>La tienda está recibiendo muchas visitas. Vuelve a intentarlo en unos segundos.</p></body>
</html>
`;

function refuse(res: Response): void {
  res
    .status(503)
    .set({ "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" })
    .type("html")
    .send(BUSY_PAGE);
}

/**
 * At most `concurrency` requests handled at once; the others wait their turn in arrival order.
 *
 * Without it, 200 shoppers at once are 200 interleaved renders: every one's database
 * queries queue behind everyone else's (the embedded database runs one query at a time),
 * all of them finish late together, some after tens of seconds, and the server holds 200
 * renders in memory. With it, each request is served at full speed in turn: the same
 * throughput, a wait that grows evenly with the queue, and bounded memory
 * (bench/README.md, tests/load). A shopper who gives up while waiting leaves the queue.
 *
 * The line itself is bounded too: when the database or a render hangs, nothing leaves it,
 * and without a bound every new visitor would join it until memory runs out, each one
 * facing a blank page. Beyond `maxWaiting` in line, or after `maxWaitMs` in it, a request
 * gets a 503 with Retry-After at once instead.
 */
export type QueueStats = {
  active: number;
  waiting: number;
  /** How long the request first in line has waited, 0 when nobody waits. */
  oldestWaitMs: number;
  /** How long the oldest request being handled has been at it, 0 when none is. */
  oldestActiveMs: number;
};

export type ConcurrencyLimiter = RequestHandler & {
  stats: (now?: number) => QueueStats;
  /** Whether any request holds a place or waits for one (cheap: for every stored page sent). */
  isBusy: () => boolean;
};

export function limitConcurrency({ concurrency, maxWaiting, maxWaitMs }: ConcurrencyLimits): ConcurrencyLimiter {
  let active = 0;
  const waiting: (() => void)[] = [];
  const waitingSince = new Map<() => void, number>();
  const activeSince = new Set<{ at: number }>();

  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active--;
  };

  const handler: RequestHandler = (_req, res, next) => {
    const run = () => {
      let released = false;
      const slot = { at: Date.now() };
      activeSince.add(slot);
      const done = () => {
        if (released) return;
        released = true;
        activeSince.delete(slot);
        release();
      };
      res.once("finish", done);
      res.once("close", done);
      next();
    };
    if (active < concurrency) {
      active++;
      run();
      return;
    }
    if (waiting.length >= maxWaiting) {
      refuse(res);
      return;
    }
    const leave = () => {
      clearTimeout(timer);
      waitingSince.delete(turn);
      const at = waiting.indexOf(turn);
      if (at !== -1) waiting.splice(at, 1);
    };
    const turn = () => {
      clearTimeout(timer);
      waitingSince.delete(turn);
      res.off("close", leave);
      // The slot passes to this request; if its shopper already left, to the next one.
      if (res.destroyed) release();
      else run();
    };
    const timer = setTimeout(() => {
      res.off("close", leave);
      leave();
      refuse(res);
    }, maxWaitMs);
    res.once("close", leave);
    waiting.push(turn);
    waitingSince.set(turn, Date.now());
  };

  const stats = (now = Date.now()): QueueStats => {
    const first = waiting[0];
    const firstSince = first ? waitingSince.get(first) : undefined;
    let oldestActive = now;
    for (const slot of activeSince) oldestActive = Math.min(oldestActive, slot.at);
    return {
      active,
      waiting: waiting.length,
      oldestWaitMs: firstSince === undefined ? 0 : now - firstSince,
      oldestActiveMs: now - oldestActive,
    };
  };
  return Object.assign(handler, { stats, isBusy: () => active > 0 });
}
