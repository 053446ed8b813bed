// A page rendered whole (entry.server.tsx, ADR 043) is compressed in one call (ADR 062), not
// through the compression middleware's stream.
import { promisify } from "node:util";
import zlib from "node:zlib";

import type { Request as ExpressRequest, Response as ExpressResponse } from "express";

import { chooseContentCoding } from "./page-cache/accept-encoding";

const wholeBodies = new WeakMap<Response, Buffer>();

/** The page's response, its body remembered so that `sendWholePage` can send it in one piece. */
export function wholePageResponse(body: Buffer, init: ResponseInit): Response {
  const response = new Response(
    new Uint8Array(body.buffer, body.byteOffset, body.byteLength) as Uint8Array<ArrayBuffer>,
    init,
  );
  wholeBodies.set(response, body);
  return response;
}

export function wholeBodyOf(response: Response): Buffer | undefined {
  return wholeBodies.get(response);
}

/** The compression middleware's own threshold: below it the headers outweigh the gain. */
const MIN_COMPRESSED_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Sends a page's whole body, compressed as the compression middleware would (brotli at quality 4
 * with ADR 060's 256 KB window, or gzip at its default level), in one call on libuv's threads
 * instead of a stream fed and read piece by piece; with its length, so no chunked encoding.
 */
export async function sendWholePage(req: ExpressRequest, res: ExpressResponse, body: Buffer): Promise<void> {
  const cacheControl = String(res.getHeader("Cache-Control") ?? "");
  const mayCompress =
    body.byteLength >= MIN_COMPRESSED_BYTES &&
    !res.hasHeader("Content-Encoding") &&
    !/no-transform/i.test(cacheControl);
  if (!mayCompress) {
    sendBytes(res, body);
    return;
  }
  res.vary("Accept-Encoding");
  const coding = chooseContentCoding(req.headers["accept-encoding"], ["br", "gzip", "identity"]);
  if (coding === "br" || coding === "gzip") {
    const compressed =
      coding === "br"
        ? await brotli(body, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
              [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
            },
          })
        : await gzip(body);
    if (res.destroyed || res.writableEnded) return;
    res.setHeader("Content-Encoding", coding);
    sendBytes(res, compressed);
    return;
  }
  sendBytes(res, body);
}

/** With its length: the compression middleware writes the headers before the body it wraps. */
function sendBytes(res: ExpressResponse, bytes: Buffer): void {
  res.setHeader("Content-Length", bytes.byteLength);
  res.end(bytes);
}
