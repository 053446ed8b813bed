import zlib from "node:zlib";

import { describe, expect, test } from "vitest";

import {
  type CachedPage,
  ENTRY_OVERHEAD_BYTES,
  isNotModified,
  pageCsp,
  preparePage,
  type RenderedPage,
  selectVariant,
} from "./stored-page.server";

const HTML = `<!DOCTYPE html><html lang="es-PE"><body>${"<p>Pelota Kong para perros, S/ 45.00</p>".repeat(200)}</body></html>`;

function rendered(overrides: Partial<RenderedPage> = {}): RenderedPage {
  return {
    status: 200,
    headers: { "Content-Type": "text/html; charset=utf-8" },
    body: HTML,
    tags: ["product:42", "settings"],
    ...overrides,
  };
}

async function prepare(overrides: Partial<RenderedPage> = {}): Promise<CachedPage> {
  const result = await preparePage("/producto/42", rendered(overrides));
  if (!("page" in result)) throw new Error(`refused: ${result.refused}`);
  return result.page;
}

describe("preparePage", () => {
  test("keeps the status, the tags, the caller's CSP and only the replayable headers", async () => {
    const page = await prepare({
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Content-Language": "es-PE",
        Link: "</assets/app.css>; rel=preload; as=style",
        "X-Request-Id": "abc-123-def",
        "Content-Security-Policy": "script-src 'nonce-xyz'",
        "Content-Length": "9999",
        Date: "Tue, 01 Dec 2026 10:00:00 GMT",
      },
      csp: "script-src 'self' 'sha256-abc='",
    });
    expect(page.status).toBe(200);
    expect([...page.tags]).toEqual(["product:42", "settings"]);
    expect(pageCsp(page)).toBe("script-src 'self' 'sha256-abc='");
    expect(Object.fromEntries(page.headers)).toEqual({
      "content-type": "text/html; charset=utf-8",
      "content-language": "es-PE",
      link: "</assets/app.css>; rel=preload; as=style",
    });
    expect(page.length).toBe(Buffer.byteLength(HTML));
  });

  test("pages with the same headers and the same scripts share them, and each gives its own policy back", async () => {
    const policy = (unique: string) =>
      `default-src 'self'; script-src 'self' 'sha256-common=' 'sha256-${unique}=' https://maps.googleapis.com; object-src 'none'`;
    const first = await prepare({ csp: policy("uno") });
    const second = await prepare({ csp: policy("dos") });
    expect(second.headers).toBe(first.headers);
    expect(pageCsp(first)).toBe(policy("uno"));
    expect(pageCsp(second)).toBe(policy("dos"));
    // Kept as the runs of directives between the hashes, and each hash alone.
    expect(second.cspWords).toEqual([
      "default-src 'self'; script-src 'self'",
      "'sha256-common='",
      "'sha256-dos='",
      "https://maps.googleapis.com; object-src 'none'",
    ]);
    const hashesOnly = "'sha384-a=' 'sha512-b=' 'sha256-c='";
    expect((await prepare({ csp: hashesOnly })).cspWords).toEqual(["'sha384-a='", "'sha512-b='", "'sha256-c='"]);
    // Double spaces and an empty policy come back as they were.
    expect(pageCsp(await prepare({ csp: "default-src  'self' " }))).toBe("default-src  'self' ");
    expect(pageCsp(await prepare({ csp: "  'sha256-a='  x  'sha256-b='  " }))).toBe("  'sha256-a='  x  'sha256-b='  ");
    expect(pageCsp(await prepare({ csp: undefined }))).toBeNull();
  });

  test("stores brotli and gzip copies that inflate to the body, and counts them in its size", async () => {
    const page = await prepare();
    if ("identity" in page.bodies) throw new Error("expected compressed copies");
    expect(zlib.brotliDecompressSync(page.bodies.br.read()).toString()).toBe(HTML);
    expect(zlib.gunzipSync(page.bodies.gzip.read()).toString()).toBe(HTML);
    expect(page.bodies.br.byteLength).toBeLessThan(page.bodies.gzip.byteLength);
    expect(page.bodies.gzip.byteLength).toBeLessThan(HTML.length / 10);
    // Own memory, not a slice of zlib's shared pool.
    expect(page.bodies.br.read().buffer.byteLength).toBe(page.bodies.br.byteLength);
    const strings = "/producto/42".length + page.etag.length + "content-type".length + 24 + "product:42settings".length;
    expect(page.size).toBe(ENTRY_OVERHEAD_BYTES + page.bodies.br.byteLength + page.bodies.gzip.byteLength + strings);
  });

  test("a body that does not compress (a JPEG) is kept as it is", async () => {
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
    const page = await prepare({ headers: { "Content-Type": "image/jpeg" }, body: jpeg });
    expect("identity" in page.bodies && [...page.bodies.identity.read()]).toEqual([...jpeg]);
    expect(selectVariant(page, "br, gzip")).toMatchObject({ encoding: null, etag: page.etag });
  });

  test("a 404 is kept; other statuses, cookies, Vary and encoded bodies are refused", async () => {
    expect((await prepare({ status: 404 })).status).toBe(404);
    const refusal = async (overrides: Partial<RenderedPage>) => {
      const result = await preparePage("/producto/42", rendered(overrides));
      return "refused" in result ? result.refused : null;
    };
    expect(await refusal({ status: 500 })).toBe("status");
    expect(await refusal({ status: 302 })).toBe("status");
    expect(await refusal({ status: 304 })).toBe("status");
    const withCookie = new Headers({ "Content-Type": "text/html" });
    withCookie.append("Set-Cookie", "patitas_toast=; Max-Age=0");
    expect(await refusal({ headers: withCookie })).toBe("set-cookie");
    expect(await refusal({ headers: { "Content-Type": "text/html", Vary: "Cookie" } })).toBe("vary");
    expect(await refusal({ headers: { "Content-Type": "text/html", Vary: "*" } })).toBe("vary");
    expect(await refusal({ headers: { "Content-Type": "text/html", Vary: "Accept-Encoding" } })).toBeNull();
    expect(await refusal({ headers: { "Content-Type": "text/html", "Content-Encoding": "gzip" } })).toBe(
      "content-encoding",
    );
  });

  test("an empty tag is a programming error, not a page quietly never dropped", async () => {
    await expect(preparePage("/", rendered({ tags: ["settings", ""] }))).rejects.toThrow(TypeError);
  });
});

describe("selectVariant", () => {
  test("the copy the client accepts, with the coding in its ETag", async () => {
    const page = await prepare();
    const bare = page.etag.slice(1, -1);
    const br = selectVariant(page, "gzip, deflate, br");
    expect(br.encoding).toBe("br");
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(HTML);
    expect(br.etag).toBe(`"${bare}-br"`);
    const gz = selectVariant(page, "gzip;q=1, br;q=0.5");
    expect(gz.encoding).toBe("gzip");
    expect(zlib.gunzipSync(gz.body).toString()).toBe(HTML);
    expect(gz.etag).toBe(`"${bare}-gzip"`);
  });

  test("the plain body, inflated on the fly, for identity, no header, or every coding refused", async () => {
    const page = await prepare();
    for (const header of ["identity", undefined, "", "deflate", "identity;q=0, *;q=0"]) {
      const plain = selectVariant(page, header);
      expect(plain.encoding).toBeNull();
      expect(plain.body.toString()).toBe(HTML);
      expect(plain.etag).toBe(page.etag);
    }
    expect(selectVariant(page, "*").encoding).toBe("br");
  });
});

describe("ETag and isNotModified", () => {
  test("the ETag is a strong hash of the uncompressed body", async () => {
    const a = await prepare();
    const b = await prepare({ headers: { "Content-Type": "text/html" }, tags: ["other"] });
    const c = await prepare({ body: HTML.replace("45.00", "39.90") });
    expect(a.etag).toMatch(/^"[\w-]{43}"$/);
    expect(b.etag).toBe(a.etag);
    expect(c.etag).not.toBe(a.etag);
  });

  test("any copy's tag, weak or strong, in a list or *, means not modified; another page's does not", async () => {
    const page = await prepare();
    const other = await prepare({ body: `${HTML}<!-- otra -->` });
    const bare = page.etag.slice(1, -1);
    expect(isNotModified(page, page.etag)).toBe(true);
    expect(isNotModified(page, `W/${page.etag}`)).toBe(true);
    expect(isNotModified(page, `"${bare}-br"`)).toBe(true);
    expect(isNotModified(page, `W/"${bare}-gzip"`)).toBe(true);
    expect(isNotModified(page, `"x", ${other.etag}, "${bare}-br"`)).toBe(true);
    expect(isNotModified(page, "*")).toBe(true);
    expect(isNotModified(page, other.etag)).toBe(false);
    expect(isNotModified(page, `"${bare}-zstd"`)).toBe(false);
    expect(isNotModified(page, bare)).toBe(false);
    expect(isNotModified(page, null)).toBe(false);
    expect(isNotModified(page, "")).toBe(false);
  });
});
