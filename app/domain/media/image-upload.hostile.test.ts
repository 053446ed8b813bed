// Issue 7, Security 5: what image-upload.server.test.ts does not cover yet. SVG (it can
// carry script) and other types are refused; a file that is a real image with a script
// appended is stored only as re-encoded WebP (the script does not survive); a tiny PNG
// that claims 50,000 × 50,000 pixels is refused without decoding it.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { deflateSync } from "node:zlib";

import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";

import { IMAGE_INVALID_MESSAGE } from "./image";
import { getUploadsDir, storeUploadedImage } from "./image-upload.server";

// Its own data directory: the other upload tests empty theirs while running in parallel.
const dataDir = mkdtempSync(path.join(tmpdir(), "patitas-upload-hostile-"));
beforeAll(() => {
  vi.stubEnv("DATA_DIR", dataDir);
});
afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(dataDir, { recursive: true, force: true });
});

const SCRIPT = "<script>alert(1)</script>";

function storedFiles(): string[] {
  return existsSync(getUploadsDir()) ? readdirSync(getUploadsDir()).sort() : [];
}

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, body: Uint8Array): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const typed = Buffer.concat([Buffer.from(type, "ascii"), body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A valid-looking PNG header claiming width × height, with a few bytes of pixel data. */
function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from("\x89PNG\r\n\x1a\n", "latin1"),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(1024))),
    chunk("IEND", new Uint8Array()),
  ]);
}

describe("hostile uploads", () => {
  test.each([
    [
      "an SVG with a script",
      `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">${SCRIPT}</svg>`,
    ],
    ["an HTML page", `<!doctype html><html><body>${SCRIPT}</body></html>`],
    ["a GIF", "GIF89a\x01\x00\x01\x00\x00\x00\x00;"],
    ["a JPEG signature followed by HTML", `\xff\xd8\xff${SCRIPT}`],
    ["a PDF", "%PDF-1.4\n1 0 obj<<>>endobj"],
  ])("%s is refused with the Spanish message and nothing is stored", async (_name, text) => {
    const before = storedFiles();
    const result = await storeUploadedImage(Buffer.from(text, "latin1"));
    expect(result).toEqual({ ok: false, message: IMAGE_INVALID_MESSAGE, status: 400 });
    expect(storedFiles()).toEqual(before);
  });

  test("a real PNG with a script appended (a polyglot) is stored only as clean WebP", async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#88aa33" } })
      .png()
      .toBuffer();
    const result = await storeUploadedImage(Buffer.concat([png, Buffer.from(SCRIPT)]));
    // The bytes are a real PNG, so it is accepted: what is kept is sharp's re-encoding.
    if (!result.ok) throw new Error(result.message);
    expect(result.url).toMatch(/^\/uploads\/[a-f0-9]{32}-\d+\.webp$/);
    for (const file of readdirSync(getUploadsDir())) {
      const bytes = readFileSync(path.join(getUploadsDir(), file));
      expect(bytes.subarray(0, 4).toString("latin1")).toBe("RIFF");
      expect(bytes.subarray(8, 12).toString("latin1")).toBe("WEBP");
      expect(bytes.includes(Buffer.from("<script"))).toBe(false);
    }
  });

  test("a tiny PNG claiming 50,000 × 50,000 pixels is refused quickly, without eating memory", async () => {
    const bomb = pngClaiming(50_000, 50_000);
    expect(bomb.length).toBeLessThan(2_000);
    const rssBefore = process.memoryUsage().rss;
    const started = Date.now();
    const result = await storeUploadedImage(bomb);
    expect(result).toEqual({ ok: false, message: IMAGE_INVALID_MESSAGE, status: 400 });
    expect(Date.now() - started).toBeLessThan(5_000);
    // Decoding it would need 7.5 GB; the refusal happens on the header.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024);
  });
});
