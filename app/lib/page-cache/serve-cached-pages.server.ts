// The page cache in front of React Router (ADR 024). A public page asked with GET or HEAD is
// answered from its stored copy (no React, no render line, no database); a miss is rendered
// once, anonymously, from the cache key, stored, and answered to every request that waited
// for it. Everything else goes on to the ordinary render.

import type { NextFunction, Request, RequestHandler, Response } from "express";
import { type AppLoadContext, href } from "react-router";

import { newCspNonce } from "~/lib/csp-nonce.server";
import { buildSharedPageContentSecurityPolicy, canonicalPath, isPersonalPath } from "~/lib/security-headers.server";

import { SESSION_COOKIE } from "../visitor-marker.server";
import { endWithWholeBody } from "../whole-body-compression.server";
import { normalizeCacheKey } from "./cache-key";
import { createFirstAskings, isTypedKey } from "./first-askings.server";
import type { HitPacer } from "./hit-pacer.server";
import { hashInlineScripts } from "./inline-scripts.server";
import type { CacheStatus, PageCache, PageCacheOutcome } from "./page-cache.server";
import { createSharedRender, type SharedRender } from "./render-context.server";
import {
  type CachedPage,
  isNotModified,
  pageCsp,
  type PageVariant,
  type RenderedPage,
  selectVariant,
} from "./stored-page.server";

/**
 * Browsers ask again every time (max-age=0) and get a 304 while the page is unchanged; a CDN in
 * front may keep a page 10 s, and serve it 20 s more while it asks again. Our invalidations
 * reach only this server's cache, so that is how late a CDN can be.
 */
export const SHARED_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=10, stale-while-revalidate=20";

/** A flashed message is one visitor's, shown once: such a request is rendered for them alone. */
const FLASH_COOKIES = ["patitas_toast=", "patitas_complaint="];
// better-auth, the chatbot's answers (its own short max-age) and the health check.
const NEVER_SHARED_PREFIXES = [href("/api/auth/*", { "*": "" }), href("/api/chatbot"), href("/healthz")];

export type CachedPagesOptions = {
  cache: PageCache;
  /** The shop's own address: pages are rendered for it, whatever Host a request names. */
  appUrl: string;
  render: (request: globalThis.Request, context: AppLoadContext) => Promise<globalThis.Response>;
  loadContext: (req: Request, res: Response) => AppLoadContext;
  /** A place in the render line for this request's render; false when it was refused or left. */
  takeRenderSlot: (req: Request, res: Response) => Promise<boolean>;
  /**
   * Told of each page sent that its route declared shareable and storable, by its key: a stored
   * copy, or a typed search's first asking, not kept (the shop counts the searches among them).
   */
  onServed?: (key: string) => void;
  /**
   * Answers rendered without React Router, by path: a JSON answer that is the same for every
   * visitor (ADR 074). Called with the key's URL and the render's context, whose shared render
   * it marks as its route's loader would. When it fails, the route is rendered as any other.
   */
  direct?: Readonly<Record<string, DirectRender>>;
};

/** A route's whole answer for a shared render, without React Router: a 200 with these headers. */
export type DirectRender = (url: URL, context: AppLoadContext) => Promise<{ headers: Headers; body: string }>;

type Answered = {
  status: number;
  headers: Headers;
  body: Buffer;
  /** The same for every visitor: answerUnstored, or storable (cachePage). */
  isShareable: boolean;
  /** Declared storable by its route (cachePage). */
  isStorable: boolean;
};

/** Whether a request may be answered with a shared page at all (it still needs a key). */
function mayShare(req: Request): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const path = canonicalPath(req.path);
  if (isPersonalPath(path) || NEVER_SHARED_PREFIXES.some((prefix) => path.startsWith(prefix))) return false;
  const cookie = req.headers.cookie ?? "";
  return !FLASH_COOKIES.some((name) => cookie.includes(name));
}

function isHtml(headers: Headers | readonly (readonly [string, string])[]): boolean {
  const type =
    headers instanceof Headers ? headers.get("content-type") : headers.find(([name]) => name === "content-type")?.[1];
  return (type ?? "").startsWith("text/html");
}

/**
 * Sends the stored page; false, with nothing sent, when its copy cannot be read (its file
 * removed by hand): the page is dropped, and the caller has it rendered.
 */
function sendStored(
  req: Request,
  res: Response,
  { cache, page, status }: { cache: PageCache; page: CachedPage; status: CacheStatus },
): boolean {
  let variant: PageVariant;
  try {
    variant = selectVariant(page, req.get("accept-encoding"));
  } catch {
    cache.discard(page);
    return false;
  }
  res.locals.pageCache = status;
  for (const [name, value] of page.headers) res.setHeader(name, value);
  // A response that sets this visitor's marker cookie is theirs alone, whatever its page.
  if (isHtml(page.headers)) {
    res.setHeader("Cache-Control", res.hasHeader("set-cookie") ? "private, no-cache" : SHARED_PAGE_CACHE_CONTROL);
  }
  const csp = pageCsp(page);
  if (csp) res.setHeader("Content-Security-Policy", csp);
  res.setHeader("Vary", "Accept-Encoding");
  res.setHeader("ETag", variant.etag);
  res.setHeader("X-Cache", status);
  if (isNotModified(page, req.get("if-none-match"))) {
    res.status(304).end();
    return true;
  }
  res.status(page.status);
  if (variant.encoding) res.setHeader("Content-Encoding", variant.encoding);
  res.setHeader("Content-Length", String(variant.body.byteLength));
  if (req.method === "HEAD") res.end();
  else res.end(variant.body);
  return true;
}

/**
 * The anonymous render's own answer (a redirect, an error, a scanner's 404, a search's first
 * asking), sent as it came: MISS when it may be stored but was not (yet), else BYPASS.
 */
function sendAnswered(res: Response, answered: Answered): void {
  const status = answered.isStorable ? "MISS" : "BYPASS";
  res.locals.pageCache = status;
  res.status(answered.status);
  answered.headers.forEach((value, name) => {
    if (name === "set-cookie" || name === "content-length") return;
    res.setHeader(name, value);
  });
  res.setHeader("X-Cache", status);
  void endWithWholeBody(res, answered.body);
}

function markBypass(res: Response, next: NextFunction): void {
  res.locals.pageCache = "BYPASS";
  res.setHeader("X-Cache", "BYPASS");
  next();
}

/**
 * Only the hits, for the very front of the server (server.js, before its static files): a
 * stored page is sent at once, anything else goes on untouched. A path the cache does not
 * hold is never rendered here, so a static file is never shadowed.
 */
export function answerStoredPages({
  cache,
  appUrl,
  pacer,
  onServed,
}: Pick<CachedPagesOptions, "cache" | "appUrl" | "onServed"> & { pacer?: HitPacer }): RequestHandler {
  return (req, res, next) => {
    if (!mayShare(req)) return next();
    const key = normalizeCacheKey(new URL(req.originalUrl, appUrl));
    if (key === null || !cache.peekFresh(key)) return next();
    const send = () => {
      if (res.destroyed) return;
      // Looked up again when sent: a save answered meanwhile has dropped the older copy.
      const page = cache.peekFresh(key);
      if (!page || !sendStored(req, res, { cache, page, status: "HIT" })) next();
      else onServed?.(key);
    };
    if (pacer) pacer.pace(send);
    else send();
  };
}

/** What the cache keeps of a render: its inline scripts allowed by their hashes, not by its nonce. */
function pageToStore(
  response: { status: number; headers: Headers },
  body: Buffer,
  sharedRender: SharedRender,
  nonce: string,
): RenderedPage {
  const page: RenderedPage = {
    status: response.status,
    headers: response.headers,
    body,
    tags: sharedRender.tags,
    maxAgeMs: sharedRender.maxAgeMs,
  };
  if (isHtml(response.headers)) {
    const hashed = hashInlineScripts(body.toString("utf8"), nonce);
    page.body = hashed.html;
    // The development server sends no policy (Vite injects its own scripts): nor does its copy.
    if (response.headers.has("content-security-policy")) page.csp = buildSharedPageContentSecurityPolicy(hashed.hashes);
  }
  return page;
}

export function serveCachedPages(options: CachedPagesOptions): RequestHandler {
  const { cache, appUrl } = options;
  const firstAskings = createFirstAskings();

  /**
   * Renders `key` as a visitor without cookies would see it; `answered` keeps the response
   * itself. The page to store, when its route allows it and `keep` asks for it; else null.
   */
  async function renderShared(
    key: string,
    req: Request,
    res: Response,
    answered: { value?: Answered },
    { keep }: { keep: boolean },
  ): Promise<RenderedPage | null> {
    if (!(await options.takeRenderSlot(req, res))) return null;
    const nonce = newCspNonce();
    const sharedRender = createSharedRender();
    const context: AppLoadContext = { ...options.loadContext(req, res), cspNonce: nonce, sharedRender };
    const url = new URL(key, appUrl);
    const direct = options.direct?.[url.pathname];
    let response: { status: number; headers: Headers };
    let body: Buffer;
    const answer = direct ? await direct(url, context).catch(() => null) : null;
    if (answer) {
      response = { status: 200, headers: answer.headers };
      body = Buffer.from(answer.body);
    } else {
      // No direct answer, or it failed: React Router renders the route, and logs and answers
      // its error as for any request.
      const request = new globalThis.Request(url, { headers: { accept: "text/html,*/*;q=0.8" } });
      const rendered = await options.render(request, context);
      response = rendered;
      body = Buffer.from(await rendered.arrayBuffer());
    }
    const mayKeep =
      sharedRender.isCacheable &&
      (response.status === 200 || (response.status === 404 && sharedRender.isNotFoundCacheable));
    answered.value = {
      status: response.status,
      headers: response.headers,
      body,
      isShareable: sharedRender.isShareableUnstored || mayKeep,
      isStorable: mayKeep,
    };
    return mayKeep && keep ? pageToStore(response, body, sharedRender, nonce) : null;
  }

  return async (req, res, next) => {
    if (!mayShare(req)) return next();
    const key = normalizeCacheKey(new URL(req.originalUrl, appUrl));
    if (key === null) return markBypass(res, next);
    const answered: { value?: Answered } = {};
    try {
      // Typed words are kept on their second asking (ADR 070): the first is rendered and sent, not kept.
      const isFirstAsking = isTypedKey(key) && !cache.holds(key) && !firstAskings.askedBefore(key);
      // A signed-in visitor (the owner who just saved) waits for the new page instead of a stale copy.
      const isSignedIn = (req.headers.cookie ?? "").includes(SESSION_COOKIE);
      const outcome: PageCacheOutcome = isFirstAsking
        ? await renderShared(key, req, res, answered, { keep: false }).then(() => ({ status: "BYPASS" }) as const)
        : await cache.getOrRender(key, () => renderShared(key, req, res, answered, { keep: true }), {
            allowStale: !isSignedIn,
          });
      if (res.headersSent || res.destroyed) return;
      if (outcome.status !== "BYPASS" && sendStored(req, res, { cache, page: outcome.page, status: outcome.status })) {
        options.onServed?.(key);
        return;
      }
      // Unreadable copy: rendered for this visitor, as a page that may not be shared is.
      if (outcome.status !== "BYPASS") return markBypass(res, next);
      const own = answered.value;
      // A 200 that its route did not declare shareable may be personal: rendered again, as the visitor.
      if (!own || (own.status === 200 && isHtml(own.headers) && !own.isShareable)) return markBypass(res, next);
      sendAnswered(res, own);
      if (own.isStorable) options.onServed?.(key);
    } catch (error) {
      next(error);
    }
  };
}
