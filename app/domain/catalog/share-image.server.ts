import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { findProjectRoot } from "~/lib/paths.server";

const WIDTH = 1200;
const HEIGHT = 630;
const publicDir = path.join(findProjectRoot(), "public");

/**
 * A 1200x630 JPEG card for link previews (WhatsApp, Facebook): the product picture
 * centred on the shop's light background. Previews do not reliably accept WebP.
 */
export async function renderShareImage(imagePath: string | null): Promise<Buffer> {
  const relative = imagePath?.startsWith("/images/") ? imagePath : "/images/og-default.png";
  const file = path.join(publicDir, path.normalize(relative).replace(/^(\.\.[/\\])+/, ""));
  if (!file.startsWith(publicDir)) throw new Error("Image outside public/");
  const picture = await sharp(await readFile(file))
    .resize({ width: HEIGHT - 60, height: HEIGHT - 60, fit: "contain", background: "#fffaf5" })
    .toBuffer();
  return sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: "#fffaf5" } })
    .composite([{ input: picture, gravity: "centre" }])
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}
