import { createHash, randomBytes } from "node:crypto";
import path from "node:path";

import { readConfig } from "~/config.server";
import { getFileStorage } from "~/lib/file-storage.server";
import { loadSharp } from "~/lib/lazy-modules.server";
import { logError } from "~/lib/log.server";

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
/** A private picture: its file name inside the folder it was written to. */
export type StoredPrivateImage = { ok: true; fileName: string } | RefusedImage;

// Decoding is bounded: a tiny file that claims 50,000 × 50,000 pixels is refused before it
// can eat the memory of a 1 GB server.
const MAX_INPUT_PIXELS = 40_000_000;

/** Where the public images are on this server's disk when no bucket is configured. */
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

/**
 * Checks that `bytes` is a real JPEG/PNG/WebP/AVIF image of at most 5 MB, then writes it as
 * metadata-free WebP at each of IMAGE_WIDTHS (never enlarged) under uploads/ in the file
 * storage ($DATA_DIR/uploads or the bucket).
 * Names are the content's hash, so the same picture uploaded twice is stored once and the
 * files can be cached forever.
 */
export async function storeUploadedImage(bytes: Uint8Array): Promise<StoredImage> {
  const decoded = await decodeUpload(bytes);
  if (!decoded.ok) return decoded;
  const { sharp, oriented } = decoded;

  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 32);
  const storage = getFileStorage();
  for (const width of IMAGE_WIDTHS) {
    const webp = await sharp(oriented).resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
    await storage.put(`uploads/${hash}-${width}.webp`, webp, { contentType: "image/webp" });
  }
  return { ok: true, url: buildUploadUrl(hash, LARGEST_WIDTH) };
}

/** The storage folders of the pictures nobody but their owner and the shop may see. */
export type PrivateFolder = "receipts" | "pet-photos";

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
  folder: PrivateFolder,
  fileName: string | null,
): Promise<{ bytes: Uint8Array; contentType: string } | null> {
  if (!fileName || !PRIVATE_IMAGE_NAME.test(fileName)) return null;
  // At most one LARGEST_WIDTH WebP (some hundreds of KB), read whole to check what it is.
  const bytes = await getFileStorage()
    .read(`${folder}/${fileName}`)
    .catch((error: unknown) => {
      // The asker sees a 404 as for a missing file; the owner's log says why (a bucket down).
      logError("private image not read", error, { folder, fileName });
      return null;
    });
  if (!bytes) return null;
  const type = sniffImageType(bytes);
  return type ? { bytes, contentType: IMAGE_CONTENT_TYPES[type] } : null;
}

/**
 * The same checks as storeUploadedImage, for a picture that is not public (a shopper's payment
 * receipt): one metadata-free WebP at most LARGEST_WIDTH wide, readable by this process only,
 * written to `folder` (never the public uploads) under a random name, since two orders'
 * receipts may be the same picture and each is deleted on its own.
 */
export async function storePrivateImage(bytes: Uint8Array, folder: PrivateFolder): Promise<StoredPrivateImage> {
  const decoded = await decodeUpload(bytes);
  if (!decoded.ok) return decoded;
  const { sharp, oriented } = decoded;
  const webp = await sharp(oriented)
    .resize({ width: LARGEST_WIDTH, withoutEnlargement: true })
    .webp({ quality: 85 })
    .toBuffer();
  const fileName = `${randomBytes(16).toString("hex")}.webp`;
  await getFileStorage().put(`${folder}/${fileName}`, webp, { contentType: "image/webp", isPrivate: true });
  return { ok: true, fileName };
}

/** Deletes a private picture; a name that is not one of ours, or a file already gone, is nothing to do. */
export async function removePrivateImage(folder: PrivateFolder, fileName: string | null | undefined): Promise<void> {
  if (!fileName || !PRIVATE_IMAGE_NAME.test(fileName)) return;
  await getFileStorage()
    .remove(`${folder}/${fileName}`)
    .catch((error: unknown) => logError("private image not removed", error, { folder, fileName }));
}
