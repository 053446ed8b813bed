// Uploaded images are stored as WebP at a few widths under one content-hash name;
// the database keeps the widest variant's URL and the storefront derives the rest.

export const LARGEST_WIDTH = 1280;
export const IMAGE_WIDTHS = [320, 640, LARGEST_WIDTH] as const;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const ACCEPTED_IMAGE_TYPES = "image/jpeg,image/png,image/webp,image/avif";

export const IMAGE_TOO_LARGE_MESSAGE = "La imagen pesa más de 5 MB. Elige una más liviana.";
export const IMAGE_INVALID_MESSAGE = "El archivo no es una imagen válida. Usa una imagen JPG, PNG, WebP o AVIF.";

const UPLOADED_IMAGE = /^\/uploads\/([a-f0-9]{32})-(\d+)\.webp$/;

export function buildUploadUrl(hash: string, width: number): string {
  return `/uploads/${hash}-${width}.webp`;
}

/** True for an image URL this shop stored (as opposed to a bundled one under /images). */
export function isUploadedImage(src: string | null | undefined): boolean {
  return typeof src === "string" && UPLOADED_IMAGE.test(src);
}

// Bundled pictures that ship with narrower WebP copies named <name>-<width>w.webp
// (scripts/render-seed-art.js): the demo promotions (home's first picture, 1600 px wide) and
// the default logo (a 512 px PNG, shown 44 px high in the header and 96–112 px on home).
const BUNDLED_PROMOTION = /^\/images\/promotions\/([a-z0-9-]+)\.webp$/;
export const BUNDLED_PROMOTION_WIDTHS = [480, 800, 1200] as const;
const BUNDLED_PROMOTION_FULL_WIDTH = 1600;
export const DEFAULT_LOGO_PATH = "/images/logos/logo_defecto.png";
export const DEFAULT_LOGO_WIDTHS = [96, 192, 384] as const;
const DEFAULT_LOGO_FULL_WIDTH = 512;

export function bundledVariantUrl(src: string, width: number): string {
  return src.replace(/\.(webp|png)$/, `-${width}w.webp`);
}

function bundledSrcSet(src: string, widths: readonly number[], fullWidth: number): string {
  return [...widths.map((width) => `${bundledVariantUrl(src, width)} ${width}w`), `${src} ${fullWidth}w`].join(", ");
}

/**
 * The `srcset` of an uploaded image, a bundled promotion picture or the default logo
 * (undefined for other images, which have one size).
 */
export function buildSrcSet(src: string | null | undefined): string | undefined {
  if (src && BUNDLED_PROMOTION.test(src) && !/-\d+w\.webp$/.test(src)) {
    return bundledSrcSet(src, BUNDLED_PROMOTION_WIDTHS, BUNDLED_PROMOTION_FULL_WIDTH);
  }
  if (src === DEFAULT_LOGO_PATH) return bundledSrcSet(src, DEFAULT_LOGO_WIDTHS, DEFAULT_LOGO_FULL_WIDTH);
  const match = src ? UPLOADED_IMAGE.exec(src) : null;
  if (!match) return undefined;
  const hash = match[1] as string;
  return IMAGE_WIDTHS.map((width) => `${buildUploadUrl(hash, width)} ${width}w`).join(", ");
}

/** Props for an <img>: the stored URL (or the fallback) plus, when it has copies, its srcset and the given sizes. */
export function responsiveImage(
  src: string | null | undefined,
  sizes: string,
  fallback = DEFAULT_LOGO_PATH,
): { src: string; srcSet?: string; sizes?: string } {
  const chosen = src || fallback;
  const srcSet = buildSrcSet(chosen);
  return srcSet ? { src: chosen, srcSet, sizes } : { src: chosen };
}

/** A path may be stored only if it is an upload of ours or a bundled image: never a foreign URL. */
export function isStorableImagePath(value: string): boolean {
  return isUploadedImage(value) || /^\/images\/[a-z0-9_\-/]+\.(webp|png|jpe?g|svg|avif)$/i.test(value);
}
