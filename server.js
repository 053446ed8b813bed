// Starts the shop: `node server.js` serves the production build, `--dev` runs Vite
// with hot reload. Everything the app needs before serving (DATA_DIR lock,
// migrations, seed, main administrator) happens in startApp().
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

import compression from "compression";
import express from "express";

const isDev = process.argv.includes("--dev");
process.env.NODE_ENV ??= isDev ? "development" : "production";

/** A start that cannot go on: one sentence for the person at the terminal, exit 1. */
function cannotStart(error) {
  console.error(`Cannot start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

let viteServer;
let serverModule;
try {
  // Loading the app reads the configuration: a wrong variable stops here.
  if (isDev) {
    const vite = await import("vite");
    viteServer = await vite.createServer({ server: { middlewareMode: true } });
    serverModule = await viteServer.ssrLoadModule("./server/app.ts");
  } else {
    serverModule = await import("./build/server/index.js");
  }
} catch (error) {
  await viteServer?.close();
  cannotStart(error);
}
// The shop's JSON error lines (app/lib/log.server.ts), one per error, with its stack.
const { logError } = serverModule;

// An exception nobody caught was thrown out of the middle of some work (a half-done write,
// a lock or socket in a state nobody planned for): log it, then exit 1 as Node itself would,
// and let the supervisor (systemd, Docker) start a clean process. The next start recovers
// the DATA_DIR lock, and PGlite keeps every acknowledged write across a crash.
process.on("uncaughtException", (error, origin) => {
  logError("uncaught exception", error, { origin });
  process.exit(1);
});
// A rejected promise nobody awaited is a forgotten catch, typically work left running after
// its page was answered. Its own code has already unwound (its finally blocks ran), so the
// process is not half-way through anything; Node's default since v15 is still to exit, which
// would drop every request in flight and, on the embedded database, close the shop for a
// restart. Logging it with its stack, to be fixed, and serving on is the lesser harm.
process.on("unhandledRejection", (reason) => {
  logError("unhandled promise rejection", reason);
});

const config = serverModule.readConfig();
let running;
try {
  running = await serverModule.startApp();
} catch (error) {
  // Said in words, like the rest of the start-up output (the administrator's password, the
  // address): a wrong setting or a second server on DATA_DIR is read by a person at a terminal.
  await viteServer?.close();
  cannotStart(error);
}

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", config.trustProxy);
// Every answer, the build's scripts and styles included, gets its request id, the security
// headers and its log line.
app.use(serverModule.identifyAndLogRequests);
// A page the page cache holds is sent before anything else (ADR 024): it carries its own
// compressed copy, so compression() has nothing to do for it, and no file is looked up.
if (!viteServer && serverModule.answerCachedPages) app.use(serverModule.answerCachedPages);
// Brotli with a 256 KB window (ADR 060), as the page cache stores its copies: the middleware's
// default of 4 MB made every brotli answer hold some 4 MB of memory outside V8's heap while it
// was compressed, and V8, counting it, ran a full collection every few pages (the back office's
// product list under load: 96 → 60 ms of CPU). A rendered page is under 256 KB, so nothing is
// lost on the wire, and the browser allots the same small window to read it.
app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } } }));
if (viteServer) {
  app.use(viteServer.middlewares);
  app.use(async (req, res, next) => {
    try {
      const source = await viteServer.ssrLoadModule("./server/app.ts");
      return await source.app(req, res, next);
    } catch (error) {
      if (error instanceof Error) viteServer.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  // Hashed file names: cache for a year. Everything else in public/: an hour.
  // From the project's folder, not the working directory: a service started elsewhere (a
  // systemd unit without WorkingDirectory=) still serves its scripts and styles.
  const clientDir = path.join(import.meta.dirname, "build/client");
  app.use("/assets", precompressed(path.join(clientDir, "assets")));
  app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y" }));
  // public/'s few files and folders (the icons, images): a page's address (/carrito, /buscar)
  // is not looked for on disk first, which cost every page a file-system call (issue 47).
  const publicEntries = new Set(readdirSync(clientDir).filter((name) => name !== "assets"));
  const servePublic = express.static(clientDir, { maxAge: "1h" });
  app.use((req, res, next) => (publicEntries.has(req.path.split("/")[1] ?? "") ? servePublic(req, res, next) : next()));
  app.use(serverModule.app);
}

/**
 * Sends the brotli or gzip copy that the build wrote next to an asset (scripts/precompress.js)
 * when the browser accepts it; anything else goes on to express.static and compression().
 * Only names listed at start are served, so a request path never reaches the file system.
 */
function precompressed(dir) {
  const copies = new Map();
  for (const name of existsSync(dir) ? readdirSync(dir) : []) {
    const match = /^(.+)\.(br|gz)$/.exec(name);
    if (match) copies.set(`/${match[1]}:${match[2]}`, path.resolve(dir, name));
  }
  const options = { immutable: true, maxAge: "1y" };
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    res.vary("Accept-Encoding");
    // Brotli whenever accepted: browsers list gzip first but br is the smaller.
    const encoding = req.acceptsEncodings("br") ? "br" : req.acceptsEncodings("gzip") ? "gzip" : null;
    const copy = encoding && copies.get(`${req.path}:${encoding === "br" ? "br" : "gz"}`);
    if (!copy) return next();
    res.setHeader("Content-Encoding", encoding);
    res.type(path.extname(req.path));
    res.sendFile(copy, options, (error) => error && next(error));
  };
}

const server = app.listen(config.port, () => {
  console.log(`Patitas Felices listening on ${config.appUrl} (port ${config.port}, ${running.driver})`);
  if (!config.smtpUrl) {
    // The complaints book's copies and answers, and password recovery, reach nobody.
    console.log(
      `SMTP_URL is not set: e-mails are written to ${path.join(config.dataDir, "outbox")} and reach nobody. Set SMTP_URL before opening the shop.`,
    );
  }
});
// A client has 15 s to send its headers and 130 s for the whole request (the slowest
// allowed body, an administrator's upload, has 120 s; a form 10 s, see server/app.ts), so
// a connection that trickles bytes is closed instead of held for Node's default 5 minutes.
server.headersTimeout = 15_000;
server.requestTimeout = 130_000;
// An idle kept-alive connection stays open 65 s instead of Node's 5: a reverse proxy (Caddy
// keeps its upstream connections 2 minutes, a cloud load balancer 60 s) or a client that sends
// on one the server is just closing gets a reset instead of an answer.
server.keepAliveTimeout = 65_000;
server.on("error", async (error) => {
  logError(`cannot listen on port ${config.port}`, error);
  await running.stop();
  process.exit(1);
});

let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received: closing connections and the database.`);
  // An open PGlite keeps a timer alive: exit explicitly once it is closed.
  const forceExit = setTimeout(() => process.exit(1), 10_000);
  forceExit.unref();
  // Let requests in flight finish (up to 5 s) before the database goes away.
  const drained = new Promise((resolve) => server.close(resolve));
  server.closeIdleConnections();
  await Promise.race([drained, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  server.closeAllConnections();
  try {
    await running.stop();
    await viteServer?.close();
  } catch (error) {
    logError("cannot close the database", error);
    process.exit(1);
  }
  process.exit(0);
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
