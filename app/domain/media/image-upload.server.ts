import { createHash } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";

import { readConfig } from "~/config.server";
import { loadSharp } from "~/lib/lazy-modules.server";

import {
  buildUploadUrl,
  IMAGE_INVALID_MESSAGE,
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_WIDTHS,
  LARGEST_WIDTH,
  MAX_IMAGE_BYTES,
} from "./image";

export type StoredImage = { ok: true; url: string } | { ok: false; message: string; status: number };

// Decoding is bounded: a tiny file that claims 50,000 × 50,000 pixels is refused before it
// can eat the memory of a 1 GB server.
const MAX_INPUT_PIXELS = 40_000_000;

export function getUploadsDir(): string {
  return path.join(readConfig().dataDir, "uploads");
}

/** What the first bytes say the file is; the name and the declared type are never trusted. */
export function sniffImageType(bytes: Uint8Array): "jpeg" | "png" | "webp" | "avif" | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 8 && ascii(0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  if (bytes.length >= 12 && ascii(4, 8) === "ftyp" && ["avif", "avis"].includes(ascii(8, 12))) {
    return "avif";
  }
  return null;
}

/**
 * Checks that `bytes` is a real JPEG/PNG/WebP/AVIF image of at most 5 MB, then writes it as
 * metadata-free WebP at each of IMAGE_WIDTHS (never enlarged) under $DATA_DIR/uploads.
 * Names are the content's hash, so the same picture uploaded twice is stored once and the
 * files can be cached forever.
 */
export async function storeUploadedImage(bytes: Uint8Array): Promise<StoredImage> {
  if (bytes.byteLength > MAX_IMAGE_BYTES) {
    return { ok: false, message: IMAGE_TOO_LARGE_MESSAGE, status: 413 };
  }
  if (!sniffImageType(bytes)) return { ok: false, message: IMAGE_INVALID_MESSAGE, status: 400 };

  const sharp = await loadSharp();
  let oriented: Buffer;
  try {
    // rotate() applies the EXIF orientation before the metadata is dropped.
    oriented = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).rotate().toBuffer();
  } catch {
    return { ok: false, message: IMAGE_INVALID_MESSAGE, status: 400 };
  }

  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 32);
  const dir = getUploadsDir();
  await mkdir(dir, { recursive: true });
  for (const width of IMAGE_WIDTHS) {
    const webp = await sharp(oriented).resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
    const file = path.join(dir, `${hash}-${width}.webp`);
    // Written aside and renamed, so a reader never sees half a file.
    const partial = `${file}.${process.pid}.part`;
    await writeFile(partial, webp);
    await rename(partial, file);
  }
  return { ok: true, url: buildUploadUrl(hash, LARGEST_WIDTH) };
}
