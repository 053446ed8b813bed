// An answer whose body is already whole (a page React rendered in full, ADR 043; a single-fetch
// or JSON answer) compressed in one pass on libuv's threads, in a way chosen for answers that
// are compressed once and sent once (ADRs 068 and 069). The compression middleware (server.js) streams
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
 * Gzip first, at level 5, from deflate states kept between answers (ADR 069): on the cart page
 * and a search page, 2–4 % fewer bytes than brotli 3, for a quarter of its CPU. A brotli encoder
 * cannot be reset, so each answer drew its tables afresh (1.2–1.9 ms of CPU a page, most of it
 * on libuv's threads); a deflate state is reset and used again (0.25–0.45 ms). Brotli 3 (ADR
 * 068) for a client that takes brotli and not gzip.
 */
const GZIP_LEVEL = 5;
const BROTLI_QUALITY = 3;
const PREFERENCE = ["gzip", "br", "identity"] as const;
const brotliCompress = promisify(zlib.brotliCompress);

/**
 * Deflate states kept idle between answers: one for each answer compressed at the same time,
 * up to this many (each holds some 300 KB); any more are made for one answer and closed.
 */
const KEPT_DEFLATE_STATES = 2;
type ResettableGzip = zlib.Gzip & zlib.ZlibReset;
const idleGzips: ResettableGzip[] = [];

/** `body` gzipped in one pass through a kept deflate state (on libuv's threads), which is then reset. */
function gzipWhole(body: Buffer): Promise<Buffer> {
  const stream = idleGzips.pop() ?? (zlib.createGzip({ level: GZIP_LEVEL }) as ResettableGzip);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let isSettled = false;
    const onData = (chunk: Buffer) => chunks.push(chunk);
    const onError = (error: Error) => {
      if (isSettled) return;
      isSettled = true;
      stream.off("data", onData);
      stream.destroy();
      reject(error);
    };
    stream.on("data", onData);
    stream.once("error", onError);
    stream.write(body);
    // Z_FINISH ends this member (trailer included); reset() makes the state ready for the next.
    stream.flush(zlib.constants.Z_FINISH, () => {
      if (isSettled) return;
      isSettled = true;
      stream.off("data", onData);
      stream.off("error", onError);
      stream.reset();
      if (idleGzips.length < KEPT_DEFLATE_STATES) idleGzips.push(stream);
      else stream.close();
      resolve(Buffer.concat(chunks));
    });
  });
}

const COMPRESSIBLE_TYPE = /^(text\/|application\/(json|xml|javascript)\b)/i;

/** Whether an answer of this type and these headers is one this module compresses. */
export function isWholeBodyCompressible(contentType: string | null, cacheControl: string | null): boolean {
  return COMPRESSIBLE_TYPE.test(contentType ?? "") && !/\bno-transform\b/i.test(cacheControl ?? "");
}

/**
 * The body in the coding the request prefers among gzip, brotli and none (gzip when it weighs
 * them alike, ADR 069). Asynchronous on purpose: compressed on this thread, the answers' turns
 * ran back to back without the event loop reading the other sockets, and autocannon's p99 went
 * from 236 to 610 ms (ADR 068).
 */
export async function compressWholeBody(
  acceptEncoding: string | undefined,
  body: Buffer,
): Promise<{ encoding: "br" | "gzip" | null; body: Buffer }> {
  if (body.byteLength < MIN_COMPRESSED_BYTES) return { encoding: null, body };
  const coding = chooseContentCoding(acceptEncoding, PREFERENCE, PREFERENCE);
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
  if (coding === "gzip") return { encoding: "gzip", body: await gzipWhole(body) };
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
