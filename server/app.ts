// Bundled by Vite into build/server/index.js (see vite.config.ts): the Express app
// that serves React Router, plus what server.js needs to start and stop the shop.
import "~/lib/validation";

import { randomUUID } from "node:crypto";

import express, { type Request, type RequestHandler } from "express";
import { href } from "react-router";
import * as serverBuild from "virtual:react-router/server-build";

import { isAdminSession, isSignedInSession } from "~/auth/guards.server";
import { readConfig } from "~/config.server";
import { MAX_IMPORT_BYTES } from "~/domain/catalog/excel/layout";
import { IMAGE_TOO_LARGE_MESSAGE, MAX_IMAGE_BYTES } from "~/domain/media/image";
import { MAX_RECEIPT_BODY_BYTES } from "~/domain/orders/order-page";
import { isOrderOwnerRequest } from "~/domain/orders/order-page.server";
import { MAX_PET_FORM_BODY_BYTES } from "~/domain/pets/pet-labels";
import { countServedSearch } from "~/domain/search/served-searches.server";
import { newCspNonce } from "~/lib/csp-nonce.server";
import { serveUploads } from "~/lib/file-storage/serve-uploads.server";
import { markLoaderGroup } from "~/lib/loader-group.server";
import { createHitPacer } from "~/lib/page-cache/hit-pacer.server";
import { answerStoredPages, serveCachedPages } from "~/lib/page-cache/serve-cached-pages.server";
import { getShopPageCache } from "~/lib/page-cache/shop-page-cache.server";
import { sendPlainPage } from "~/lib/plain-page.server";
import { createPageRenderer, createRequestHandler } from "~/lib/react-router-handler.server";
import { renderQueue } from "~/lib/render-queue.server";
import { type BodyRule, type LargeBodyBudget, readBoundedBodies } from "~/lib/request-body.server";
import { logRequestWhenDone } from "~/lib/request-log.server";
import { canonicalPath, isAdminPath, isDataRequestPath, isPersonalPath } from "~/lib/security-headers.server";
import { syncVisitorMarker } from "~/lib/visitor-marker.server";
import { instantSearchAnswer, instantSearchHeaders } from "~/routes/api/instant-search-answer.server";

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

const IS_SECURE = readConfig().appUrl.startsWith("https://");
const REQUEST_ID = /^[\w.-]{8,64}$/;

/**
 * Gives each request an id (the proxy's X-Request-Id when it sent a sane one), a CSP nonce
 * for its page, the headers every answer carries, and one JSON log line when it ends.
 */
export const identifyAndLogRequests: RequestHandler = (req, res, next) => {
  const incoming = req.get("x-request-id");
  const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  res.locals.requestId = requestId;
  // Drawn when a render first asks for it: a page from the page cache, a file or a redirect
  // needs none, and 16 random bytes were a measurable part of a stored page's cost (ADR 024).
  let cspNonce: string | undefined;
  Object.defineProperty(res.locals, "cspNonce", {
    get: () => (cspNonce ??= newCspNonce()),
    enumerable: true,
    configurable: true,
  });
  res.setHeader("X-Request-Id", requestId);
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  if (isAdminPath(req.path)) res.setHeader("X-Frame-Options", "DENY");
  // One visitor's own answers (the back office, the account, the cart, an order, any form
  // sent, every `.data` answer), redirects included, are never stored; a response that sets its own policy replaces
  // this one (react-router-handler.server.ts).
  if (!SAFE_METHODS.has(req.method) || isPersonalPath(req.path) || isDataRequestPath(req.path)) {
    res.setHeader("Cache-Control", "private, no-store");
  }
  syncVisitorMarker(req, res, IS_SECURE);
  // The page's loaders read the session once between them (lib/loader-group.server.ts).
  markLoaderGroup(req, randomUUID);
  logRequestWhenDone(req, res, requestId);
  next();
};

/**
 * No person types a NUL character, PostgreSQL's text cannot hold one, and a path that cannot
 * be decoded names no page: such an address is answered 400 here, before any query string
 * reaches a search or a path a guard.
 */
const rejectUnreadableUrls: RequestHandler = (req, res, next) => {
  let path: string;
  try {
    path = decodeURIComponent(req.path);
  } catch {
    path = "\0";
  }
  const query = req.originalUrl.includes("?") ? req.originalUrl.slice(req.originalUrl.indexOf("?")) : "";
  if (path.includes("\0") || /%00/i.test(query)) {
    sendPlainPage(res, 400, {
      title: "Dirección no válida",
      message: "La dirección tiene caracteres que no podemos leer. Revisa el enlace o vuelve a la tienda.",
    });
    return;
  }
  next();
};

const SECOND = 1_000;
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"] as const;
/**
 * Bodies, by route. A shopper's form fits in 64 KB with room to spare (the longest, a
 * complaint of 5,000 + 2,000 characters, is under 50 KB even percent-encoded). The back office
 * gets 1 MB for long descriptions. The uploads are read to their own limit only for an
 * administrator's session: anyone else's body is bounded like a form, so twenty strangers'
 * uploads cannot hold 100 MB of memory between them.
 */
const BODY_RULES = {
  form: { limit: 64 * 1024, deadlineMs: 10 * SECOND, contentTypes: FORM_TYPES },
  admin: { limit: 1024 * 1024, deadlineMs: 30 * SECOND, contentTypes: FORM_TYPES },
  imageUpload: {
    limit: MAX_IMAGE_BYTES,
    deadlineMs: 120 * SECOND,
    contentTypes: ["application/octet-stream"],
    tooLarge: (res) => res.status(413).json({ error: IMAGE_TOO_LARGE_MESSAGE }),
  },
  excelImport: {
    // Multipart framing and the other fields need a few bytes beyond the file itself.
    limit: MAX_IMPORT_BYTES + 64 * 1024,
    deadlineMs: 120 * SECOND,
    contentTypes: FORM_TYPES,
  },
  // A shopper's payment receipt (a phone's picture, over a phone's connection) sent from the
  // order page: only for whoever may see that order, so strangers' posts stay form-sized.
  receiptUpload: { limit: MAX_RECEIPT_BODY_BYTES, deadlineMs: 120 * SECOND, contentTypes: FORM_TYPES },
  // 'Mis Mascotas' on /perfil: the pet form may carry a photo, for a signed-in shopper only.
  petForm: { limit: MAX_PET_FORM_BODY_BYTES, deadlineMs: 120 * SECOND, contentTypes: FORM_TYPES },
} satisfies Record<string, BodyRule>;

/**
 * Uploads (anything over a form's limit) held in memory at once (issue 41): a guest with one
 * order, or one signed-in shopper, may otherwise open a hundred 5 MB posts and stall them. Two
 * per address, and at most a handful in all, keep the server within README's memory bound
 * under hostile traffic; the rest are told to try again in a few seconds.
 */
const LARGE_BODY_BUDGET: LargeBodyBudget = {
  thresholdBytes: BODY_RULES.admin.limit,
  totalBytes: 6 * (MAX_IMPORT_BYTES + 64 * 1024),
  perClient: 2,
};

const UPLOAD_RULES: Record<string, BodyRule> = {
  [href("/admin/imagenes")]: BODY_RULES.imageUpload,
  [href("/admin/productos/importar")]: BODY_RULES.excelImport,
  [href("/admin/servicios/importar")]: BODY_RULES.excelImport,
};

/** '/pedido/{code}' as canonicalPath writes it: the order page, whose form sends a receipt. */
const ORDER_PAGE_PATH = /^\/pedido\/ped-\d{6,}$/;

async function bodyRuleFor(req: Request): Promise<BodyRule> {
  // A form posted once the page runs JavaScript goes to the route's '.data' address (React
  // Router's single fetch): the same route, the same rule.
  const path = canonicalPath(req.path)
    .replace(/\.data$/, "")
    .replace(/\/$/, "");
  if (ORDER_PAGE_PATH.test(path) && (await isOrderOwnerRequest(req.headers, req.originalUrl))) {
    return BODY_RULES.receiptUpload;
  }
  if (path === href("/perfil") && (await isSignedInSession(req.headers))) return BODY_RULES.petForm;
  const upload = UPLOAD_RULES[path];
  if (upload && (await isAdminSession(req.headers))) return upload;
  // A stranger's post to the upload address is still read (bounded) and refused by its route.
  if (upload === BODY_RULES.imageUpload)
    return { ...BODY_RULES.form, contentTypes: [...FORM_TYPES, "application/octet-stream"] };
  // The payment providers' notifications are JSON (ADR 038), bounded like a form: the route
  // trusts only their signature, and reads the payment back from the provider.
  if (path.startsWith("/api/pagos/")) return { ...BODY_RULES.form, contentTypes: ["application/json"] };
  // better-auth's endpoints speak JSON (only the e-mail confirmation link is served; the others
  // answer 404, app/routes/api/auth.ts), bounded like a form.
  if (path.startsWith(href("/api/auth/*", { "*": "" })))
    return { ...BODY_RULES.form, contentTypes: [...FORM_TYPES, "application/json"] };
  return isAdminPath(path) ? BODY_RULES.admin : BODY_RULES.form;
}

export const app = express();
app.disable("x-powered-by");
// Behind a reverse proxy on this machine or the private network (or those TRUST_PROXY
// names), X-Forwarded-For names the visitor; rate limits count per visitor, not per proxy.
app.set("trust proxy", readConfig().trustProxy);
// server.js runs identifyAndLogRequests first, for the build's scripts and styles too.
app.use(rejectUnreadableUrls);
app.use(rejectForeignOrigins(readConfig().appUrl));
// Uploaded images: from $DATA_DIR/uploads or the S3 bucket, cached for a year (ADR 041).
app.use("/uploads", ...serveUploads(readConfig()));
const HEALTH_PATH = href("/healthz");
// The build itself, not a function returning it: with a function, React Router rebuilds its
// route tables on every request (meant for hot reload, which the dev server does by reloading
// this whole module).
const renderPage = createPageRenderer(serverBuild as unknown as Parameters<typeof createPageRenderer>[0]);
const getLoadContext = (req: Request, res: express.Response) => ({
  clientIp: req.ip ?? req.socket.remoteAddress ?? "",
  requestId: String(res.locals.requestId ?? ""),
  cspNonce: String(res.locals.cspNonce ?? ""),
});

/** A place in the render line for a page the cache renders; false when refused (503 sent) or the visitor left. */
function takeRenderSlot(req: Request, res: express.Response): Promise<boolean> {
  if (res.destroyed || res.writableEnded) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onEnd = () => resolve(false);
    res.once("finish", onEnd);
    res.once("close", onEnd);
    renderQueue(req, res, () => {
      res.off("finish", onEnd);
      res.off("close", onEnd);
      // Held until this response ends: if the page is then rendered as the visitor (not
      // shareable after all), that render does not queue for a second place.
      res.locals.hasRenderSlot = true;
      resolve(true);
    });
  });
}

// Public pages from the page cache (ADR 024): a hit is answered here, before the body reader
// and the render line; a miss takes one place in the line for its render, whoever waits for it.
const pageCache = getShopPageCache();
/** The page cache's hits, for server.js to answer before its static files (null without a cache). */
export const answerCachedPages = pageCache
  ? answerStoredPages({
      cache: pageCache,
      appUrl: readConfig().appUrl,
      // While pages are rendered, a flood of stored pages takes turns with them (hit-pacer.server.ts).
      pacer: createHitPacer({ isRendering: renderQueue.isBusy }),
      // The searches the reports count, though no loader runs for a stored page (issue 49).
      onServed: countServedSearch,
    })
  : null;
if (pageCache) {
  app.use(
    serveCachedPages({
      cache: pageCache,
      appUrl: readConfig().appUrl,
      render: renderPage,
      loadContext: getLoadContext,
      takeRenderSlot,
      onServed: countServedSearch,
      // The instant results, asked at every letter typed: answered without React Router's
      // request, matching and response (ADR 074); its loader serves the same otherwise.
      direct: {
        [href("/api/buscar")]: async (url, context) => ({
          headers: instantSearchHeaders(),
          body: await instantSearchAnswer(url.searchParams, context),
        }),
      },
    }),
  );
}
// Bodies are read whole before the render line: a slow or huge one never holds a render.
app.use(readBoundedBodies(bodyRuleFor, LARGE_BODY_BUDGET));
// Pages and actions are rendered a few at a time, the rest wait in line (see
// concurrency-limit.server.ts); the health check never waits behind shoppers, nor is
// turned away with them.
app.use((req, res, next) =>
  req.path === HEALTH_PATH || res.locals.hasRenderSlot === true ? next() : renderQueue(req, res, next),
);
app.use(createRequestHandler({ render: renderPage, getLoadContext }));
