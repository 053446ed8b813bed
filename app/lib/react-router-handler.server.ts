// React Router's Express adapter (@react-router/express 7.18), with two changes: the request's
// body is the one readBoundedBodies already read, bounded, into res.locals.body, instead of
// the socket's stream, which the adapter would read without any limit; and the response's
// Cache-Control replaces the server's default instead of being added to it.
import { writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { type AppLoadContext, createRequestHandler as createReactRouterHandler, type ServerBuild } from "react-router";

import { isDataRequestPath } from "./security-headers.server";
import { endWithWholeBody } from "./whole-body-compression.server";

function toHeaders(incoming: ExpressRequest["headers"]): Headers {
  const headers = new Headers();
  for (const [key, values] of Object.entries(incoming)) {
    if (values === undefined) continue;
    for (const value of Array.isArray(values) ? values : [values]) headers.append(key, value);
  }
  return headers;
}

function toRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const [, forwardedPort] = req.app.enabled("trust proxy") ? (req.get("X-Forwarded-Host")?.split(":") ?? []) : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [forwardedPort, hostPort].map((text) => Number.parseInt(text ?? "", 10)).find(Number.isSafeInteger);
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  const url = new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`);

  let controller: AbortController | null = new AbortController();
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const init: RequestInit = { method: req.method, headers: toHeaders(req.headers), signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    const body = res.locals.body ?? Buffer.alloc(0);
    init.body = new Uint8Array(body.buffer, body.byteOffset, body.byteLength) as Uint8Array<ArrayBuffer>;
  }
  return new Request(url.href, init);
}

/**
 * Answers whose body is whole when React Router hands them over: a page (rendered in full), a
 * single-fetch answer (the shop's loaders return no promises to stream) and JSON.
 */
const WHOLE_BODY_TYPE = /^(text\/html|text\/x-script|application\/json)\b/i;

async function sendResponse(res: ExpressResponse, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) {
    // The route's own Cache-Control replaces the default set for personal paths (server/app.ts),
    // except on a `.data` answer, which always carries the visitor's own data.
    if (key === "cache-control") {
      if (!isDataRequestPath(res.req.path)) res.setHeader(key, value);
    } else res.append(key, value);
  }
  if (!response.body) {
    res.end();
    return;
  }
  if (WHOLE_BODY_TYPE.test(response.headers.get("content-type") ?? "")) {
    // Rendered or encoded in full before it is answered (entry.server.tsx, ADR 043): compressed
    // in one call (ADR 068).
    const body = Buffer.from(await response.arrayBuffer());
    if (!(res.destroyed || res.writableEnded)) await endWithWholeBody(res, body);
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!(res.destroyed || res.writableEnded)) throw error;
  }
}

/** React Router's own handler: a Fetch request and a load context in, a Fetch response out. */
export type PageRenderer = (request: Request, context: AppLoadContext) => Promise<Response>;

export function createPageRenderer(build: ServerBuild): PageRenderer {
  const handleRequest = createReactRouterHandler(build, process.env.NODE_ENV);
  return (request, context) => handleRequest(request, context);
}

export function createRequestHandler({
  render,
  getLoadContext,
}: {
  render: PageRenderer;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
}): RequestHandler {
  return async (req, res, next) => {
    try {
      const response = await render(toRequest(req, res), getLoadContext(req, res));
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}
