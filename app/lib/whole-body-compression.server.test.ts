import zlib from "node:zlib";

import { describe, expect, test } from "vitest";

import { compressWholeBody, isWholeBodyCompressible } from "./whole-body-compression.server";

const page = Buffer.from(
  `<!DOCTYPE html><html lang="es-PE"><body>${Array.from({ length: 400 }, (_, index) => `<li>Croquetas ${index} S/ 60.00</li>`).join("")}</body></html>`,
);

describe("compressWholeBody", () => {
  test("gzip when the browser accepts it (ADR 069), brotli when only that, the body as it is otherwise", async () => {
    const gzip = await compressWholeBody("gzip, deflate, br, zstd", page);
    expect(gzip.encoding).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).equals(page)).toBe(true);
    expect(gzip.body.byteLength).toBeLessThan(page.byteLength / 4);

    const brotli = await compressWholeBody("br", page);
    expect(brotli.encoding).toBe("br");
    expect(zlib.brotliDecompressSync(brotli.body).equals(page)).toBe(true);
    expect(brotli.body.byteLength).toBeLessThan(page.byteLength / 4);
    // A weight the browser gives brotli above gzip's is followed.
    expect((await compressWholeBody("gzip;q=0.5, br", page)).encoding).toBe("br");

    for (const header of [undefined, "identity", "deflate"]) {
      const plain = await compressWholeBody(header, page);
      expect(plain.encoding, String(header)).toBeNull();
      expect(plain.body).toBe(page);
    }
    // A weight of 0 refuses gzip.
    expect((await compressWholeBody("gzip;q=0, br", page)).encoding).toBe("br");
  });

  test("the kept deflate states give whole, separate answers, many at once and one after another", async () => {
    const bodies = Array.from({ length: 6 }, (_, index) =>
      Buffer.from(`${index}:`.repeat(2_000 + index * 5_000) + page.toString("utf8")),
    );
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(bodies.map((body) => compressWholeBody("gzip", body)));
      answers.forEach((answer, index) => {
        expect(answer.encoding).toBe("gzip");
        expect(zlib.gunzipSync(answer.body).equals(bodies[index]!), `round ${round}, body ${index}`).toBe(true);
      });
    }
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
