import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
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

type RefusedImage = { ok: false; message: string; status: number };
export type StoredImage = { ok: true; url: string } | RefusedImage;
/** A private picture: its file name inside the directory it was written to. */
export type StoredPrivateImage = { ok: true; fileName: string } | RefusedImage;

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

type Sharp = Awaited<ReturnType<typeof loadSharp>>;

/**
 * Checks that `bytes` is a real JPEG/PNG/WebP/AVIF image of at most 5 MB and decodes it, turned
 * upright: the checks every upload of the shop passes, whoever sends it.
 */
async function decodeUpload(bytes: Uint8Array): Promise<{ ok: true; sharp: Sharp; oriented: Buffer } | RefusedImage> {
  if (bytes.byteLength > MAX_IMAGE_BYTES) {
    return { ok: false, message: IMAGE_TOO_LARGE_MESSAGE, status: 413 };
  }
  if (!sniffImageType(bytes)) return { ok: false, message: IMAGE_INVALID_MESSAGE, status: 400 };

  const sharp = await loadSharp();
  try {
    // rotate() applies the EXIF orientation before the metadata is dropped.
    const oriented = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).rotate().toBuffer();
    return { ok: true, sharp, oriented };
  } catch {
    return { ok: false, message: IMAGE_INVALID_MESSAGE, status: 400 };
  }
}

/** Written aside and renamed, so a reader never sees half a file. */
async function writeWhole(file: string, content: Buffer, mode?: number): Promise<void> {
  const partial = `${file}.${process.pid}.part`;
  await writeFile(partial, content, mode === undefined ? undefined : { mode });
  await rename(partial, file);
}

/**
 * Checks that `bytes` is a real JPEG/PNG/WebP/AVIF image of at most 5 MB, then writes it as
 * metadata-free WebP at each of IMAGE_WIDTHS (never enlarged) under $DATA_DIR/uploads.
 * Names are the content's hash, so the same picture uploaded twice is stored once and the
 * files can be cached forever.
 */
export async function storeUploadedImage(bytes: Uint8Array): Promise<StoredImage> {
  const decoded = await decodeUpload(bytes);
  if (!decoded.ok) return decoded;
  const { sharp, oriented } = decoded;

  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 32);
  const dir = getUploadsDir();
  await mkdir(dir, { recursive: true });
  for (const width of IMAGE_WIDTHS) {
    const webp = await sharp(oriented).resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
    await writeWhole(path.join(dir, `${hash}-${width}.webp`), webp);
  }
  return { ok: true, url: buildUploadUrl(hash, LARGEST_WIDTH) };
}

/** A private picture's name: 32 random hex characters and '.webp', nothing a path could hide in. */
export const PRIVATE_IMAGE_NAME = /^[a-f0-9]{32}\.webp$/;

const IMAGE_CONTENT_TYPES = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
} as const;

/** A stored private picture's bytes and the type they really are; null when the name or the file is not one. */
export async function readPrivateImage(
  directory: string,
  fileName: string | null,
): Promise<{ bytes: Uint8Array; contentType: string } | null> {
  if (!fileName || !PRIVATE_IMAGE_NAME.test(fileName)) return null;
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path.join(directory, fileName));
  } catch {
    return null;
  }
  const type = sniffImageType(bytes);
  return type ? { bytes, contentType: IMAGE_CONTENT_TYPES[type] } : null;
}

/**
 * The same checks as storeUploadedImage, for a picture that is not public (a shopper's payment
 * receipt): one metadata-free WebP at most LARGEST_WIDTH wide, readable by this process only,
 * written to `directory` (never the public uploads) under a random name, since two orders'
 * receipts may be the same picture and each is deleted on its own.
 */
export async function storePrivateImage(bytes: Uint8Array, directory: string): Promise<StoredPrivateImage> {
  const decoded = await decodeUpload(bytes);
  if (!decoded.ok) return decoded;
  const { sharp, oriented } = decoded;
  const webp = await sharp(oriented)
    .resize({ width: LARGEST_WIDTH, withoutEnlargement: true })
    .webp({ quality: 85 })
    .toBuffer();
  const fileName = `${randomBytes(16).toString("hex")}.webp`;
  await mkdir(directory, { recursive: true, mode: 0o700 });
  await writeWhole(path.join(directory, fileName), webp, 0o600);
  return { ok: true, fileName };
}
