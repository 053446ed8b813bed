// A page rendered whole (entry.server.tsx, ADR 043) is compressed in one call (ADR 062), not
// through the compression middleware's stream.
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

/**
 * Sends a page's whole body, compressed as the compression middleware would (brotli at quality 4
 * with ADR 060's 256 KB window, or gzip at its default level), in one synchronous call instead of
 * a stream fed and read piece by piece on libuv's threads (ADR 062: a third of the CPU of the
 * orders list's compression was that stream's); with its length, so no chunked encoding.
 */
export function sendWholePage(req: ExpressRequest, res: ExpressResponse, body: Buffer): void {
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
        ? zlib.brotliCompressSync(body, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
              [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
            },
          })
        : zlib.gzipSync(body);
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
