// One page as the cache keeps it (ADR 024): what may be replayed to any visitor, the body
// compressed once, and its validator. Refuses what must never be shared.
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";

import { LRUCache } from "lru-cache";

import { chooseContentCoding, type ContentCoding } from "./accept-encoding";
import { type BodyCopy, type KeepBody, keepInMemory } from "./page-body-files.server";

/** What a render hands the cache: the response of an anonymous request, read whole. */
export type RenderedPage = {
  status: number;
  headers: HeadersInit;
  body: Uint8Array | string;
  /** What the page shows, as the writes name it: `product:42`, `settings`… (ADR 024). */
  tags: Iterable<string>;
  /** The Content-Security-Policy to send with it (hashes of its inline scripts); opaque here. */
  csp?: string;
  /** A shorter life than the cache's default, for a page that changes by itself (a date). */
  maxAgeMs?: number;
};

export type CachedPage = {
  readonly key: string;
  readonly status: 200 | 404;
  /** Only the replayable headers (REPLAYED_HEADERS), names in lower case. */
  readonly headers: readonly (readonly [string, string])[];
  /** Strong validator of the uncompressed body, quoted; each copy's own ETag derives from it. */
  readonly etag: string;
  /** The Content-Security-Policy in parts, shared between pages (pageCsp joins them). */
  readonly cspWords: readonly string[] | null;
  readonly tags: readonly string[];
  readonly maxAgeMs: number | null;
  /** Bytes of the uncompressed body. */
  readonly length: number;
  /** Both compressed copies for text, or the body itself for anything else (a JPEG). */
  readonly bodies: { readonly br: BodyCopy; readonly gzip: BodyCopy } | { readonly identity: BodyCopy };
  /** What the entry costs the cache's bound: bodies, strings and ENTRY_OVERHEAD_BYTES. */
  readonly size: number;
};

export type PageVariant = {
  /** For Content-Encoding; null for the body as it is. */
  encoding: "br" | "gzip" | null;
  body: Buffer;
  /** This copy's ETag: the page's, with the coding appended, since the bytes differ. */
  etag: string;
};

export type RefusalReason = "status" | "set-cookie" | "vary" | "content-encoding";

/**
 * Measured on a catalogue-like page (ADR 024): brotli 5 is still fast and smaller than 4; 6 and
 * 7 gain little for more time, and 9 and 11 take many times longer.
 */
const BROTLI_QUALITY = 5;
/** 2^18 = 256 KB: larger than any page of the shop (a long catalogue page's size: ADR 024). */
export const BROTLI_WINDOW_BITS = 18;
/** zlib's default: fast on the same page, and about as small as level 9 (ADR 024). */
const GZIP_LEVEL = 6;
/**
 * An estimate of what an entry costs beyond its bodies and strings: its objects, the
 * Buffers' headers, the LRU's slot and the tag index's references.
 */
export const ENTRY_OVERHEAD_BYTES = 1024;

/**
 * Headers that describe the page itself. Everything else is per response (X-Request-Id,
 * Date, the nonce's CSP, Content-Length) or set by the server when it answers.
 */
const REPLAYED_HEADERS = new Set([
  "cache-control",
  "content-disposition",
  "content-language",
  "content-type",
  "last-modified",
  "link",
  "vary",
  "x-robots-tag",
]);

/**
 * Texts that most stored pages repeat (their headers, their policy's directives and the hashes
 * of the scripts every page has) are kept once: a full cache holds thousands of pages, whose
 * policies alone (eight script hashes each) were a large part of its heap, and V8 sizes its
 * heap in proportion to what is alive (bench/history.md, 'The page cache'). Bounded: a
 * text only one page has leaves the pool, and stays with its page.
 */
const sharedTexts = new LRUCache<string, string>({ max: 512 });
const sharedHeaderLists = new LRUCache<string, readonly (readonly [string, string])[]>({ max: 64 });

/**
 * A copy of `text` that holds nothing else alive. V8 makes a substring of 13 characters or more
 * (a policy's word from `split`, a header's value) a view into its whole parent: a pooled or
 * stored view kept the whole policy of every page alive (heap snapshots in bench/history.md,
 * 'The page cache').
 */
function detachedCopy(text: string): string {
  return Buffer.from(text, "utf8").toString("utf8");
}

function share(text: string): string {
  const known = sharedTexts.get(text);
  if (known !== undefined) return known;
  const copy = detachedCopy(text);
  sharedTexts.set(copy, copy);
  return copy;
}

function shareHeaders(headers: [string, string][]): readonly (readonly [string, string])[] {
  const key = JSON.stringify(headers);
  const known = sharedHeaderLists.get(key);
  if (known) return known;
  const list = Object.freeze(headers.map(([name, value]) => Object.freeze([share(name), share(value)] as const)));
  sharedHeaderLists.set(key, list);
  return list;
}

/** A script's or a style's hash in a policy: the words that may differ from page to page. */
const SOURCE_HASH = /^'sha(256|384|512)-/;

/**
 * The policy in parts that joined with spaces give it back, each shared: its hashes one by one
 * (most are the same on every page, one or two are the page's own), and the runs of words
 * between them as one text each (the directives, the same on every page). About a dozen
 * parts instead of forty words.
 */
function shareWords(policy: string): readonly string[] {
  const parts: string[] = [];
  let run: string[] = [];
  for (const word of policy.split(" ")) {
    if (!SOURCE_HASH.test(word)) {
      run.push(word);
      continue;
    }
    if (run.length > 0) parts.push(share(run.join(" ")));
    parts.push(share(word));
    run = [];
  }
  if (run.length > 0) parts.push(share(run.join(" ")));
  return Object.freeze(parts);
}

/** The page's Content-Security-Policy, as it was rendered. */
export function pageCsp(page: CachedPage): string | null {
  return page.cspWords ? page.cspWords.join(" ") : null;
}

const COMPRESSIBLE_TYPE = /^(text\/|application\/(json|xml|javascript|manifest\+json)|image\/svg\+xml)|\+xml\b/i;

const brotliCompressOnce = promisify(zlib.brotliCompress);
const gzipOnce = promisify(zlib.gzip);

/** Why a response cannot be shared, or null. */
function findRefusal(status: number, headers: Headers): RefusalReason | null {
  if (status !== 200 && status !== 404) return "status";
  // One visitor's cookie must never reach another; a page that sets one is personal.
  if (headers.has("set-cookie")) return "set-cookie";
  // The stored page varies on nothing but the coding the cache itself chooses.
  const vary = (headers.get("vary") ?? "").split(",").map((name) => name.trim().toLowerCase());
  if (vary.some((name) => name !== "" && name !== "accept-encoding")) return "vary";
  const encoding = headers.get("content-encoding");
  if (encoding !== null && encoding.toLowerCase() !== "identity") return "content-encoding";
  return null;
}

/** The page's tags, each once: a small array (a Set's table is ten times its size), shared texts. */
function readTags(tags: Iterable<string>): readonly string[] {
  const set = new Set<string>();
  for (const tag of tags) {
    // A mistyped tag would silently leave pages that no write ever drops: fail loudly.
    if (typeof tag !== "string" || tag.length === 0 || tag.length > 200) {
      throw new TypeError(`Invalid page-cache tag: ${JSON.stringify(tag)}`);
    }
    set.add(tag);
  }
  return Object.freeze([...set].map(share));
}

async function compressBodies(body: Buffer, contentType: string, keep: KeepBody): Promise<CachedPage["bodies"]> {
  if (!COMPRESSIBLE_TYPE.test(contentType)) return { identity: await keep(body) };
  const [br, gz] = await Promise.all([
    brotliCompressOnce(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        // A 256 KB window instead of the default 4 MB: the same output for a page under 256 KB,
        // and each compression's working memory (several at once on libuv's threads) is a
        // fraction, which the 250 MB bound on the server's memory needs (bench/README.md).
        [zlib.constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
      },
    }),
    gzipOnce(body, { level: GZIP_LEVEL }),
  ]);
  const [brCopy, gzipCopy] = await Promise.all([keep(br), keep(gz)]);
  return { br: brCopy, gzip: gzipCopy };
}

function estimateSize(key: string, page: Omit<CachedPage, "size" | "key">): number {
  const bodies =
    "identity" in page.bodies
      ? page.bodies.identity.byteLength
      : page.bodies.br.byteLength + page.bodies.gzip.byteLength;
  let strings = key.length + page.etag.length + (page.cspWords?.length ?? 0) * 8;
  for (const [name, value] of page.headers) strings += name.length + value.length;
  for (const tag of page.tags) strings += tag.length;
  return ENTRY_OVERHEAD_BYTES + bodies + strings;
}

/**
 * The page as the cache keeps it, or why it may not be kept. Compression runs on libuv's
 * threads (as the compression middleware's does), brotli and gzip side by side; `keep` puts
 * the copies where the cache holds them (files, page-body-files.server.ts).
 */
export async function preparePage(
  key: string,
  rendered: RenderedPage,
  keep: KeepBody = keepInMemory,
): Promise<{ page: CachedPage } | { refused: RefusalReason }> {
  const headers = new Headers(rendered.headers);
  const refusal = findRefusal(rendered.status, headers);
  if (refusal) return { refused: refusal };
  const body =
    typeof rendered.body === "string"
      ? Buffer.from(rendered.body)
      : Buffer.from(rendered.body.buffer, rendered.body.byteOffset, rendered.body.byteLength);
  const kept: [string, string][] = [];
  headers.forEach((value, name) => {
    if (REPLAYED_HEADERS.has(name)) kept.push([name, value]);
  });
  const parts = {
    status: rendered.status as 200 | 404,
    headers: shareHeaders(kept),
    etag: `"${createHash("sha256").update(body).digest("base64url")}"`,
    cspWords: rendered.csp ? shareWords(rendered.csp) : null,
    tags: readTags(rendered.tags),
    maxAgeMs: rendered.maxAgeMs ?? null,
    length: body.byteLength,
    bodies: await compressBodies(body, headers.get("content-type") ?? "", keep),
  };
  return { page: { key, ...parts, size: estimateSize(key, parts) } };
}

/**
 * The copy to send for this Accept-Encoding, read now. A client that refuses every coding,
 * identity included, still gets the plain body, as Express's own static files do. The plain
 * body of a compressed page is inflated on the fly (cheap, ADR 024): few clients ask
 * for it. Throws when the copy cannot be read (its file removed): the caller renders again.
 */
export function selectVariant(page: CachedPage, acceptEncoding: string | null | undefined): PageVariant {
  const bareTag = page.etag.slice(1, -1);
  if ("identity" in page.bodies) return { encoding: null, body: page.bodies.identity.read(), etag: page.etag };
  const offered: ContentCoding[] = ["br", "gzip", "identity"];
  const coding = chooseContentCoding(acceptEncoding, offered) ?? "identity";
  if (coding === "identity") return { encoding: null, body: zlib.gunzipSync(page.bodies.gzip.read()), etag: page.etag };
  return { encoding: coding, body: page.bodies[coding].read(), etag: `"${bareTag}-${coding}"` };
}

const ENTITY_TAG = /(?:W\/)?"([^"]*)"/g;

/** Lets the page's copies go (their files are removed a little later). */
export function releasePage(page: CachedPage): void {
  for (const copy of Object.values(page.bodies) as BodyCopy[]) copy.release?.();
}

/**
 * Whether an If-None-Match header names this page (weak comparison, as RFC 9110 §13.1.2 asks
 * for If-None-Match): any of its copies' tags, weak or strong, or `*`.
 */
export function isNotModified(page: CachedPage, ifNoneMatch: string | null | undefined): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const bareTag = page.etag.slice(1, -1);
  for (const match of ifNoneMatch.matchAll(ENTITY_TAG)) {
    const opaque = (match[1] ?? "").replace(/-(br|gzip)$/, "");
    if (opaque === bareTag) return true;
  }
  return false;
}
