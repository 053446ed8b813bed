import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";

import { isUploadedImage } from "~/domain/media/image";
import { getUploadsDir } from "~/domain/media/image-upload.server";
import { loadSharp } from "~/lib/lazy-modules.server";
import { findProjectRoot } from "~/lib/paths.server";

const WIDTH = 1200;
const HEIGHT = 630;
const publicDir = path.join(findProjectRoot(), "public");

// Rendered cards by source file, newest last. A card depends only on its file (uploads are
// named by their content), so it is rendered once, not on every request: a crawler or a
// flood asking for every product's card would otherwise keep sharp busy and the storefront
// waiting. 32 cards of some 40 KB each.
const CACHE_SIZE = 32;
const rendered = new Map<string, Promise<Buffer>>();

/**
 * A 1200x630 JPEG card for link previews (WhatsApp, Facebook): the product picture
 * centred on the shop's light background. Previews do not reliably accept WebP.
 * Requests for a card being rendered wait for that render.
 */
export function renderShareImage(imagePath: string | null): Promise<Buffer> {
  const file = resolveImageFile(imagePath);
  let card = rendered.get(file);
  if (card) rendered.delete(file);
  else {
    card = renderCard(file);
    // A failed render is not kept: the next request tries again.
    card.catch(() => rendered.delete(file));
  }
  rendered.set(file, card);
  while (rendered.size > CACHE_SIZE) rendered.delete(rendered.keys().next().value!);
  return card;
}

async function renderCard(file: string): Promise<Buffer> {
  const sharp = await loadSharp();
  const picture = await sharp(await readFile(file))
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
