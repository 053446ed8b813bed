import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { loadSharp } from "~/lib/lazy-modules.server";
import { isUploadedImage } from "~/domain/media/image";
import { getUploadsDir } from "~/domain/media/image-upload.server";
import { findProjectRoot } from "~/lib/paths.server";

const WIDTH = 1200;
const HEIGHT = 630;
const publicDir = path.join(findProjectRoot(), "public");

/**
 * A 1200x630 JPEG card for link previews (WhatsApp, Facebook): the product picture
 * centred on the shop's light background. Previews do not reliably accept WebP.
 */
export async function renderShareImage(imagePath: string | null): Promise<Buffer> {
  const sharp = await loadSharp();
  const picture = await sharp(await readFile(resolveImageFile(imagePath)))
    .resize({ width: HEIGHT - 60, height: HEIGHT - 60, fit: "contain", background: "#fffaf5" })
    .toBuffer();
  return sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: "#fffaf5" } })
    .composite([{ input: picture, gravity: "centre" }])
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}

/** The file behind a stored image URL: an upload (by its strict name) or a bundled image. */
function resolveImageFile(imagePath: string | null): string {
  if (imagePath && isUploadedImage(imagePath)) {
    const upload = path.join(getUploadsDir(), path.basename(imagePath));
    // A missing upload (a restored backup without its files) falls back to the shop's card.
    return existsSync(upload) ? upload : path.join(publicDir, "images/og-default.png");
  }
  const relative = imagePath?.startsWith("/images/") ? imagePath : "/images/og-default.png";
  const file = path.join(publicDir, path.normalize(relative).replace(/^(\.\.[/\\])+/, ""));
  if (!file.startsWith(publicDir)) throw new Error("Image outside public/");
  return file;
}
