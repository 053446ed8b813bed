import type { Request, Response } from "express";

import { logInfo } from "./log.server";

/**
 * Writes the request's one JSON line when its answer is complete ("finish") or, when the
 * connection closes before that (the shopper left, a proxy gave up), on "close" with
 * `aborted: true`: those are the requests an operator looks for, and they must not vanish
 * from the log. `status` is null when nothing had been sent yet: no status reached anyone.
 */
export function logRequestWhenDone(req: Request, res: Response, requestId: string): void {
  const started = process.hrtime.bigint();
  let isLogged = false;
  const write = (isAborted: boolean) => {
    if (isLogged) return;
    isLogged = true;
    logInfo("request", {
      requestId,
      method: req.method,
      path: req.originalUrl.split("?")[0],
      status: isAborted && !res.headersSent ? null : res.statusCode,
      durationMs: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
      ip: req.ip,
      // The page cache's answer (HIT, STALE, MISS, BYPASS): hit ratios are counted from the log.
      ...(typeof res.locals.pageCache === "string" ? { cache: res.locals.pageCache } : {}),
      ...(isAborted ? { aborted: true } : {}),
    });
  };
  res.once("finish", () => write(false));
  res.once("close", () => write(!res.writableFinished));
}
