// An answer whose body is already whole (a page React rendered in full, ADR 043; a single-fetch
// or JSON answer) compressed in one call on libuv's threads, at a level chosen for answers that
// are compressed once and sent once (ADR 068). The compression middleware (server.js) streams
// everything else: files, Excel downloads, a page sent in parts.
import { promisify } from "node:util";
import zlib from "node:zlib";

import type { Response as ExpressResponse } from "express";

import { chooseContentCoding } from "./page-cache/accept-encoding";
// The page cache's window (ADR 060), kept for these answers too (ADR 068).
import { BROTLI_WINDOW_BITS } from "./page-cache/stored-page.server";

/**
 * Under this size compression saves less than its cost and its headers (the middleware's
 * default threshold too).
 */
const MIN_COMPRESSED_BYTES = 1024;
/**
 * Brotli 3 and gzip 4 (ADR 068): on the cart page, a search page and the back office's product
 * list (39–102 KB), within 4 % of the middleware's brotli 4 and gzip 6 in bytes, at a fraction of
 * their CPU, and no working memory of several megabytes drawn for each answer.
 */
const BROTLI_QUALITY = 3;
const GZIP_LEVEL = 4;
const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const COMPRESSIBLE_TYPE = /^(text\/|application\/(json|xml|javascript)\b)/i;

/** Whether an answer of this type and these headers is one this module compresses. */
export function isWholeBodyCompressible(contentType: string | null, cacheControl: string | null): boolean {
  return COMPRESSIBLE_TYPE.test(contentType ?? "") && !/\bno-transform\b/i.test(cacheControl ?? "");
}

/**
 * The body in the coding the request prefers among brotli, gzip and none. Asynchronous on
 * purpose: compressed on this thread, the answers' turns ran back to back without the event loop
 * reading the other sockets, and autocannon's p99 went from 236 to 610 ms (ADR 068).
 */
export async function compressWholeBody(
  acceptEncoding: string | undefined,
  body: Buffer,
): Promise<{ encoding: "br" | "gzip" | null; body: Buffer }> {
  if (body.byteLength < MIN_COMPRESSED_BYTES) return { encoding: null, body };
  const coding = chooseContentCoding(acceptEncoding, ["br", "gzip", "identity"]);
  if (coding === "br") {
    const compressed = await brotliCompress(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        [zlib.constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
      },
    });
    return { encoding: "br", body: compressed };
  }
  if (coding === "gzip") return { encoding: "gzip", body: await gzip(body, { level: GZIP_LEVEL }) };
  return { encoding: null, body };
}

/**
 * Ends `res` with `body`, compressed here when its type allows; the compression middleware then
 * leaves it alone (it never touches an answer that has its Content-Encoding). Never rejects: a
 * body that cannot be compressed goes as it is.
 */
export async function endWithWholeBody(res: ExpressResponse, body: Buffer): Promise<void> {
  if (res.req.method === "HEAD" || res.hasHeader("content-encoding")) {
    res.end(res.req.method === "HEAD" ? undefined : body);
    return;
  }
  const contentType = res.getHeader("content-type");
  const cacheControl = res.getHeader("cache-control");
  if (!isWholeBodyCompressible(String(contentType ?? ""), String(cacheControl ?? ""))) {
    res.end(body);
    return;
  }
  res.vary("Accept-Encoding");
  const answer = await compressWholeBody(res.req.headers["accept-encoding"], body).catch(() => ({
    encoding: null,
    body,
  }));
  if (res.destroyed || res.writableEnded) return;
  if (answer.encoding) res.setHeader("Content-Encoding", answer.encoding);
  res.setHeader("Content-Length", answer.body.byteLength);
  res.end(answer.body);
}
