// React Router's default Node entry, plus the Content-Security-Policy nonce (see
// ~/lib/security-headers.server.ts), answering the whole page at once (below).
import { Writable } from "node:stream";

import { renderToPipeableStream } from "react-dom/server";
import { type AppLoadContext, type EntryContext, isRouteErrorResponse, ServerRouter } from "react-router";

import { logError, logInfo } from "~/lib/log.server";
import { NonceContext } from "~/lib/nonce";
import { buildContentSecurityPolicy, documentCacheControl, isAdminPath } from "~/lib/security-headers.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = (loadContext as { cspNonce?: string }).cspNonce ?? "";
  // Vite's development server injects its own inline scripts; the policy is for production.
  if (nonce && process.env.NODE_ENV === "production") {
    responseHeaders.set(
      "Content-Security-Policy",
      buildContentSecurityPolicy(nonce, isAdminPath(new URL(request.url).pathname)),
    );
  }
  if (!responseHeaders.has("Cache-Control")) {
    responseHeaders.set("Cache-Control", documentCacheControl(request, responseHeaders));
  }
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // HEAD: the same status and headers as GET, without rendering the body.
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        // A Suspense boundary whose content is ready is written in place, whatever its size.
        // By default React sends one over 12,800 bytes aside and moves it with an inline script:
        // without JavaScript that content (the cart's checkout form) would never show.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // The whole page, then one answer (ADR 043): the loaders have read everything before
        // React renders (no deferred data), so streaming the shell first gained a few
        // milliseconds and cost a web-stream step and a compression call per chunk of HTML.
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
              callback();
            },
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          // After the shell, a part that failed is rendered again in the browser, as when the
          // page streamed: the page is still a 200.
          if (!shellRendered) responseStatusCode = 500;
          else {
            logError("streaming render failed", error, {
              requestId: (loadContext as { requestId?: string }).requestId,
              method: request.method,
              path: new URL(request.url).pathname,
            });
          }
        },
      },
    );
  });
}

/**
 * Errors of loaders, actions and rendering: logged with their stack and the request's id. A
 * refusal React Router answers itself (a POST to a route without an action: 405; an unknown
 * route: 404) is no failure of the shop: it is logged as what it is, with its status and reason.
 */
export function handleError(error: unknown, { request, context }: { request: Request; context: unknown }) {
  // An aborted request (the shopper navigated away) is not an error of the shop.
  if (request.signal.aborted) return;
  const fields = {
    requestId: (context as { requestId?: string } | undefined)?.requestId,
    method: request.method,
    path: new URL(request.url).pathname,
  };
  if (isRouteErrorResponse(error)) {
    const reason = error.data instanceof Error ? error.data.message : String(error.data ?? "");
    logInfo("request refused", { ...fields, status: error.status, reason: reason || error.statusText });
    return;
  }
  logError("request failed", error, fields);
}
