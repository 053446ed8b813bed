import { readdirSync } from "node:fs";
import path from "node:path";

import sharp from "sharp";
import { describe, expect, test } from "vitest";

import { findProjectRoot } from "~/lib/paths.server";

import {
  buildSrcSet,
  BUNDLED_PROMOTION_WIDTHS,
  bundledVariantUrl,
  DEFAULT_LOGO_PATH,
  DEFAULT_LOGO_WIDTHS,
  responsiveImage,
} from "./image";

const promotionsDir = path.join(findProjectRoot(), "public/images/promotions");
const bundledPromotions = readdirSync(promotionsDir)
  .filter((file) => file.endsWith(".webp") && !/-\d+w\.webp$/.test(file))
  .map((file) => `/images/promotions/${file}`);

describe("srcset of the bundled promotion pictures", () => {
  test("lists the narrower copies and the original, widest last", () => {
    expect(buildSrcSet("/images/promotions/gran-inauguracion.webp")).toBe(
      "/images/promotions/gran-inauguracion-480w.webp 480w, /images/promotions/gran-inauguracion-800w.webp 800w, " +
        "/images/promotions/gran-inauguracion-1200w.webp 1200w, /images/promotions/gran-inauguracion.webp 1600w",
    );
    expect(responsiveImage("/images/promotions/delivery-gratis.webp", "100vw").sizes).toBe("100vw");
  });

  test("other bundled pictures keep their single size", () => {
    expect(buildSrcSet("/images/products/raton-catnip.webp")).toBeUndefined();
    expect(buildSrcSet("/images/promotions/gran-inauguracion-800w.webp")).toBeUndefined();
  });

  test("every copy a srcset names exists, at the width it claims", async () => {
    expect(bundledPromotions.length).toBeGreaterThan(0);
    for (const src of bundledPromotions) {
      for (const width of BUNDLED_PROMOTION_WIDTHS) {
        const file = path.join(findProjectRoot(), "public", bundledVariantUrl(src, width));
        const { width: actual } = await sharp(file).metadata();
        expect(actual, file).toBe(width);
      }
      const { width: full } = await sharp(path.join(findProjectRoot(), "public", src)).metadata();
      expect(full, src).toBe(1600);
    }
  });
});

describe("the default logo", () => {
  test("offers its small WebP copies to the header, whether stored or the fallback", () => {
    const srcSet =
      "/images/logos/logo_defecto-96w.webp 96w, /images/logos/logo_defecto-192w.webp 192w, /images/logos/logo_defecto-384w.webp 384w, /images/logos/logo_defecto.png 512w";
    expect(responsiveImage(DEFAULT_LOGO_PATH, "44px")).toEqual({ src: DEFAULT_LOGO_PATH, srcSet, sizes: "44px" });
    expect(responsiveImage(null, "44px")).toEqual({ src: DEFAULT_LOGO_PATH, srcSet, sizes: "44px" });
    // Another bundled fallback has one size.
    expect(responsiveImage(null, "44px", "/images/og-default.png")).toEqual({ src: "/images/og-default.png" });
  });

  test("every copy exists as WebP at the width it claims", async () => {
    for (const width of DEFAULT_LOGO_WIDTHS) {
      const file = path.join(findProjectRoot(), "public", bundledVariantUrl(DEFAULT_LOGO_PATH, width));
      const { width: actual, format } = await sharp(file).metadata();
      expect(actual, file).toBe(width);
      expect(format).toBe("webp");
    }
    const { width: full } = await sharp(path.join(findProjectRoot(), "public", DEFAULT_LOGO_PATH)).metadata();
    expect(full).toBe(512);
  });
});
