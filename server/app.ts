// Bundled by Vite into build/server/index.js (see vite.config.ts): the Express app
// that serves React Router, plus what server.js needs to start and stop the shop.
import "react-router";
import { createRequestHandler } from "@react-router/express";
import path from "node:path";
import express, { type RequestHandler } from "express";
import { readConfig } from "~/config.server";
import "~/lib/validation";

export { readConfig } from "~/config.server";
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

export const app = express();
app.disable("x-powered-by");
// Behind a reverse proxy on this machine or the private network, X-Forwarded-For
// names the visitor; rate limits count per visitor, not per proxy.
app.set("trust proxy", "loopback, linklocal, uniquelocal");
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
app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
    getLoadContext: (req) => ({ clientIp: req.ip ?? req.socket.remoteAddress ?? "" }),
  }),
);
