// Bundled by Vite into build/server/index.js (see vite.config.ts): the Express app
// that serves React Router, plus what server.js needs to start and stop the shop.
import "react-router";
import { createRequestHandler } from "@react-router/express";
import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import express, { type RequestHandler } from "express";
import * as serverBuild from "virtual:react-router/server-build";
import { readConfig } from "~/config.server";
import { limitConcurrency } from "~/lib/concurrency-limit.server";
import { logRequestWhenDone } from "~/lib/request-log.server";
import "~/lib/validation";

export { readConfig } from "~/config.server";
export { logError } from "~/lib/log.server";
export { startApp } from "~/startup.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF: a state-changing request sent by a browser always carries Origin; refuse it
 * unless it is the shop's own (APP_URL, or the host the request was addressed to).
 */
function rejectForeignOrigins(appUrl: string): RequestHandler {
  const appOrigin = new URL(appUrl).origin;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get("origin");
    if (origin === undefined) return next();
    const ownOrigin = `${req.protocol}://${req.get("host")}`;
    if (origin === appOrigin || origin === ownOrigin) return next();
    res.status(403).type("text/plain; charset=utf-8").send("Solicitud rechazada: origen no permitido.");
  };
}

const REQUEST_ID = /^[\w.-]{8,64}$/;

/**
 * Gives each request an id (the proxy's X-Request-Id when it sent a sane one), a CSP nonce
 * for its page, the headers every answer carries, and one JSON log line when it ends.
 */
const identifyAndLogRequests: RequestHandler = (req, res, next) => {
  const incoming = req.get("x-request-id");
  const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  res.locals.requestId = requestId;
  res.locals.cspNonce = randomBytes(16).toString("base64");
  res.setHeader("X-Request-Id", requestId);
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  if (req.path === "/admin" || req.path.startsWith("/admin/")) res.setHeader("X-Frame-Options", "DENY");
  logRequestWhenDone(req, res, requestId);
  next();
};

/** Requests rendered at once: enough to overlap database waits, few enough to stay fast. */
const RENDER_CONCURRENCY = 8;
/**
 * The line behind those renders is bounded so that a hung database or mail server cannot pile up
 * every visitor: 200 shoppers at once wait under 6 s (tests/load, bench/README.md), far
 * from both bounds. 1,000 in line is some 20 s of pages at this machine's ~50 pages/s,
 * and 30 s stays under a reverse proxy's usual 60 s, so a shopper sees the shop's 503
 * page (with Retry-After) rather than the proxy's 504.
 */
const RENDER_QUEUE = { maxWaiting: 1_000, maxWaitMs: 30_000 };

export const app = express();
app.disable("x-powered-by");
// Behind a reverse proxy on this machine or the private network (or those TRUST_PROXY
// names), X-Forwarded-For names the visitor; rate limits count per visitor, not per proxy.
app.set("trust proxy", readConfig().trustProxy);
app.use(identifyAndLogRequests);
app.use(rejectForeignOrigins(readConfig().appUrl));
// Uploaded images are named by their content's hash: a URL never changes meaning, so
// browsers and proxies may keep them for a year. Only the variants' names are served.
app.use(
  "/uploads",
  (req, res, next) => {
    if (/^\/[a-f0-9]{32}-\d+\.webp$/.test(req.path)) return next();
    res.status(404).type("text/plain; charset=utf-8").send("Imagen no encontrada.");
  },
  express.static(path.join(readConfig().dataDir, "uploads"), {
    immutable: true,
    maxAge: "1y",
    index: false,
    setHeaders: (res) => res.setHeader("X-Content-Type-Options", "nosniff"),
  }),
);
app.use("/uploads", (_req, res) => {
  res.status(404).type("text/plain; charset=utf-8").send("Imagen no encontrada.");
});
// Pages and actions are rendered a few at a time, the rest wait in line (see
// concurrency-limit.server.ts); the health check never waits behind shoppers, nor is
// turned away with them.
const renderLimit = limitConcurrency({ concurrency: RENDER_CONCURRENCY, ...RENDER_QUEUE });
app.use((req, res, next) => (req.path === "/healthz" ? next() : renderLimit(req, res, next)));
app.use(
  createRequestHandler({
    // The build itself, not a function returning it: with a function, React Router
    // rebuilds its route tables on every request (meant for hot reload, which the dev
    // server does by reloading this whole module).
    build: serverBuild,
    getLoadContext: (req, res) => ({
      clientIp: req.ip ?? req.socket.remoteAddress ?? "",
      requestId: String(res.locals.requestId ?? ""),
      cspNonce: String(res.locals.cspNonce ?? ""),
    }),
  }),
);
