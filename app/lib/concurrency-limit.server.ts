import type { RequestHandler } from "express";

/**
 * At most `max` requests rendered at once; the others wait their turn in arrival order.
 *
 * Without it, 200 shoppers at once are 200 interleaved renders: every one's database
 * queries queue behind everyone else's (the embedded database runs one query at a time),
 * all of them finish late together, some after tens of seconds, and the server holds 200
 * renders in memory. With it, each request is served at full speed in turn: the same
 * throughput, a wait that grows evenly with the queue, and bounded memory
 * (bench/README.md, tests/load). A shopper who gives up while waiting leaves the queue.
 */
export function limitConcurrency(max: number): RequestHandler {
  let active = 0;
  const waiting: (() => void)[] = [];

  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active--;
  };

  return (_req, res, next) => {
    const run = () => {
      let released = false;
      const done = () => {
        if (released) return;
        released = true;
        release();
      };
      res.once("finish", done);
      res.once("close", done);
      next();
    };
    if (active < max) {
      active++;
      run();
      return;
    }
    const turn = () => {
      res.off("close", leave);
      // The slot passes to this request; if its shopper already left, to the next one.
      if (res.destroyed) release();
      else run();
    };
    const leave = () => {
      const at = waiting.indexOf(turn);
      if (at !== -1) waiting.splice(at, 1);
    };
    res.once("close", leave);
    waiting.push(turn);
  };
}
