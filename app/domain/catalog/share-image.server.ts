import { readFile } from "node:fs/promises";
import path from "node:path";

import { isUploadedImage } from "~/domain/media/image";
import { getFileStorage } from "~/lib/file-storage.server";
import { loadSharp } from "~/lib/lazy-modules.server";
import { findProjectRoot } from "~/lib/paths.server";

const WIDTH = 1200;
const HEIGHT = 630;
const publicDir = path.join(findProjectRoot(), "public");

// Rendered cards by source (an upload's storage key or a bundled file), newest last. A card depends only on its file (uploads are
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

const DEFAULT_CARD_PICTURE = path.join(publicDir, "images/og-default.png");

/** An upload's bytes from the file storage, or a bundled picture's from public/. */
async function readSource(source: string): Promise<Uint8Array> {
  if (!source.startsWith("uploads/")) return readFile(source);
  // A missing upload (a restored backup without its files) falls back to the shop's card.
  return (await getFileStorage().read(source)) ?? readFile(DEFAULT_CARD_PICTURE);
}

async function renderCard(source: string): Promise<Buffer> {
  const sharp = await loadSharp();
  const picture = await sharp(await readSource(source))
    .resize({ width: HEIGHT - 60, height: HEIGHT - 60, fit: "contain", background: "#fffaf5" })
    .toBuffer();
  return sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: "#fffaf5" } })
    .composite([{ input: picture, gravity: "centre" }])
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}

/** The source behind a stored image URL: an upload's storage key (by its strict name) or a bundled image's file. */
function resolveImageFile(imagePath: string | null): string {
  if (imagePath && isUploadedImage(imagePath)) return `uploads/${path.basename(imagePath)}`;
  const relative = imagePath?.startsWith("/images/") ? imagePath : "/images/og-default.png";
  const file = path.join(publicDir, path.normalize(relative).replace(/^(\.\.[/\\])+/, ""));
  if (!file.startsWith(publicDir)) throw new Error("Image outside public/");
  return file;
}
