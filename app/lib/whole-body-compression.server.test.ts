import zlib from "node:zlib";

import { describe, expect, test } from "vitest";

import { compressWholeBody, isWholeBodyCompressible } from "./whole-body-compression.server";

const page = Buffer.from(
  `<!DOCTYPE html><html lang="es-PE"><body>${Array.from({ length: 400 }, (_, index) => `<li>Croquetas ${index} S/ 60.00</li>`).join("")}</body></html>`,
);

describe("compressWholeBody", () => {
  test("brotli when the browser accepts it, gzip when only that, the body as it is otherwise", async () => {
    const brotli = await compressWholeBody("gzip, deflate, br, zstd", page);
    expect(brotli.encoding).toBe("br");
    expect(zlib.brotliDecompressSync(brotli.body).equals(page)).toBe(true);
    expect(brotli.body.byteLength).toBeLessThan(page.byteLength / 4);

    const gzip = await compressWholeBody("gzip, deflate", page);
    expect(gzip.encoding).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).equals(page)).toBe(true);

    for (const header of [undefined, "identity", "deflate"]) {
      const plain = await compressWholeBody(header, page);
      expect(plain.encoding, String(header)).toBeNull();
      expect(plain.body).toBe(page);
    }
    // A weight of 0 refuses brotli.
    expect((await compressWholeBody("br;q=0, gzip", page)).encoding).toBe("gzip");
  });

  test("a body under 1 KB goes as it is", async () => {
    const small = Buffer.from('{"products":[]}');
    expect(await compressWholeBody("br", small)).toEqual({ encoding: null, body: small });
  });
});

describe("isWholeBodyCompressible", () => {
  test("text and JSON, unless the answer forbids transforming it", () => {
    expect(isWholeBodyCompressible("text/html; charset=utf-8", "private, no-store")).toBe(true);
    expect(isWholeBodyCompressible("text/x-script", null)).toBe(true);
    expect(isWholeBodyCompressible("application/json", null)).toBe(true);
    expect(isWholeBodyCompressible("image/webp", null)).toBe(false);
    expect(isWholeBodyCompressible(null, null)).toBe(false);
    expect(isWholeBodyCompressible("text/html", "public, no-transform")).toBe(false);
  });
});
