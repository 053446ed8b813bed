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
  /**
   * Runs `wait` (a call to an outside service: a payment provider, the PSE, the bucket, the
   * mail server) with one more place open in the line for as long as it lasts: a request
   * that waits seconds on someone else's server does not keep shoppers from being served.
   * Not tied to the caller: any such wait widens the line by one while it lasts, and the
   * line narrows again as requests finish.
   */
  whileWaitingOutside: <T>(wait: () => Promise<T>) => Promise<T>;
};

/** A place held from now until the answer is sent or the visitor leaves, then `release`d once. */
function holdUntilAnswered(res: Response, activeSince: Set<{ at: number }>, release: () => void, next: () => void) {
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
}

function readStats(
  active: number,
  waiting: number,
  firstSince: number | undefined,
  activeSince: Set<{ at: number }>,
  now: number,
): QueueStats {
  let oldestActive = now;
  for (const slot of activeSince) oldestActive = Math.min(oldestActive, slot.at);
  return {
    active,
    waiting,
    oldestWaitMs: firstSince === undefined ? 0 : now - firstSince,
    oldestActiveMs: now - oldestActive,
  };
}

export function limitConcurrency({ concurrency, maxWaiting, maxWaitMs }: ConcurrencyLimits): ConcurrencyLimiter {
  let active = 0;
  // Calls to outside services under way: each opens one more place while it lasts.
  let outside = 0;
  const waiting: (() => void)[] = [];
  const waitingSince = new Map<() => void, number>();
  const activeSince = new Set<{ at: number }>();

  /** Lets in whoever is first in line while there is room. */
  const admit = () => {
    while (active < concurrency + outside) {
      const next = waiting.shift();
      if (!next) return;
      active++;
      next();
    }
  };
  const release = () => {
    active--;
    admit();
  };

  const handler: RequestHandler = (_req, res, next) => {
    const run = () => holdUntilAnswered(res, activeSince, release, next);
    if (active < concurrency + outside && waiting.length === 0) {
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
    return readStats(active, waiting.length, first ? waitingSince.get(first) : undefined, activeSince, now);
  };
  const whileWaitingOutside = async <T>(wait: () => Promise<T>): Promise<T> => {
    outside++;
    admit();
    try {
      return await wait();
    } finally {
      outside--;
    }
  };
  return Object.assign(handler, { stats, isBusy: () => active > 0, whileWaitingOutside });
}
