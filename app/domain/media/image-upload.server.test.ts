import { existsSync, readdirSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";

import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { ensureMainAdmin } from "~/domain/users/main-admin.server";
import { action } from "~/routes/admin/image-upload";
import { requestAs, signInAdminCookie } from "~test/auth";
import { setUpTestDatabase } from "~test/test-database";

import { buildSrcSet, IMAGE_INVALID_MESSAGE, IMAGE_TOO_LARGE_MESSAGE, IMAGE_WIDTHS } from "./image";
import { getUploadsDir, sniffImageType, storeUploadedImage } from "./image-upload.server";

setUpTestDatabase();

beforeAll(async () => {
  await rm(getUploadsDir(), { recursive: true, force: true });
});
afterAll(async () => {
  await rm(getUploadsDir(), { recursive: true, force: true });
});

/** A real photo-like JPEG with EXIF metadata (camera model, GPS-free) at the given size. */
async function makeJpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Make: "PatitasCam", Model: "Secreta 3000" } })
    .toBuffer();
}

describe("storeUploadedImage", () => {
  test("stores a JPEG as WebP at every width, never enlarged, without its metadata", async () => {
    const stored = await storeUploadedImage(await makeJpeg(900, 600));
    expect(stored.ok).toBe(true);
    if (!stored.ok) return;
    expect(stored.url).toMatch(/^\/uploads\/[a-f0-9]{32}-1280\.webp$/);
    const hash = /([a-f0-9]{32})/.exec(stored.url)![1];
    const widths: number[] = [];
    for (const width of IMAGE_WIDTHS) {
      const file = path.join(getUploadsDir(), `${hash}-${width}.webp`);
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.exif).toBeUndefined();
      widths.push(meta.width);
    }
    expect(widths).toEqual([320, 640, 900]);
    expect(buildSrcSet(stored.url)).toContain(`/uploads/${hash}-320.webp 320w`);
  });

  test("accepts PNG, WebP and AVIF by their bytes", async () => {
    const base = sharp({ create: { width: 40, height: 40, channels: 4, background: "#2ea8a8" } });
    for (const bytes of [
      await base.clone().png().toBuffer(),
      await base.clone().webp().toBuffer(),
      await base.clone().avif().toBuffer(),
    ]) {
      const stored = await storeUploadedImage(bytes);
      expect(stored.ok).toBe(true);
    }
  });

  test("refuses text dressed as a .png, with the Spanish message", async () => {
    const stored = await storeUploadedImage(new TextEncoder().encode("no soy una imagen, soy texto"));
    expect(stored).toEqual({ ok: false, message: IMAGE_INVALID_MESSAGE, status: 400 });
  });

  test("refuses a file whose header lies (PNG signature, garbage after it)", async () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(sniffImageType(bytes)).toBe("png");
    const stored = await storeUploadedImage(bytes);
    expect(stored.ok).toBe(false);
  });

  test("refuses a 6 MB file before decoding it", async () => {
    const bytes = new Uint8Array(6 * 1024 * 1024);
    bytes.set([0xff, 0xd8, 0xff]);
    expect(await storeUploadedImage(bytes)).toEqual({ ok: false, message: IMAGE_TOO_LARGE_MESSAGE, status: 413 });
  });
});

describe("POST /admin/imagenes", () => {
  let adminCookie: string;
  beforeAll(async () => {
    await ensureMainAdmin({ username: "admin", email: "admin@localhost", password: "clave-admin-1" }, () => {});
    adminCookie = await signInAdminCookie("admin", "clave-admin-1");
  });

  async function post(body: Uint8Array, cookie: string | null = adminCookie) {
    const request = requestAs(cookie, "/admin/imagenes", {
      method: "POST",
      body: new Blob([body as Uint8Array<ArrayBuffer>]),
    });
    return (await action({ request, params: {}, context: {} } as never)) as unknown as {
      data: { url?: string; error?: string };
      init: { status?: number } | null;
    };
  }

  test("answers the stored URL, which is then served from $DATA_DIR/uploads", async () => {
    const result = await post(await makeJpeg(300, 300));
    expect(result.data.url).toMatch(/^\/uploads\//);
    const file = path.join(getUploadsDir(), path.basename(result.data.url!));
    expect(existsSync(file)).toBe(true);
  });

  test("a text file named .png gets the Spanish message", async () => {
    const result = await post(new TextEncoder().encode("<svg onload=alert(1)>"));
    expect(result.init?.status).toBe(400);
    expect(result.data.error).toBe(IMAGE_INVALID_MESSAGE);
  });

  test("a 6 MB body is refused as too large", async () => {
    const result = await post(new Uint8Array(6 * 1024 * 1024));
    expect(result.init?.status).toBe(413);
    expect(result.data.error).toBe(IMAGE_TOO_LARGE_MESSAGE);
  });

  test("an anonymous upload is sent to the sign-in and stores nothing", async () => {
    const before = readdirSync(getUploadsDir()).length;
    await expect(post(await makeJpeg(50, 50), null)).rejects.toMatchObject({ status: 302 });
    expect(readdirSync(getUploadsDir())).toHaveLength(before);
  });
});
