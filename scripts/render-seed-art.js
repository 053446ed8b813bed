#!/usr/bin/env node
// Renders the hand-drawn SVG illustrations in scripts/seed-art/ into the
// optimised raster images used by the seed data (public/images/...).
//
//   node scripts/render-seed-art.js
//
// Deterministic and idempotent: the same SVG sources always produce the same
// bytes, and re-running simply overwrites the outputs. Nothing is downloaded.
import { copyFile, mkdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

import sharp from "sharp";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ART = path.join(ROOT, "scripts", "seed-art");
const PUBLIC = path.join(ROOT, "public");

const SOFT_LIMIT = 25 * 1024; // aim
const HARD_LIMIT = 60 * 1024; // never exceed

// The promotions are the home page's first picture: phones get a narrower copy,
// <name>-<width>w.webp (app/domain/media/image.ts builds their srcset).
const PROMOTION_VARIANTS = [480, 800, 1200];
// The default logo is shown 44 px high in the header and 96–112 px on home: 96, 192 and
// 384 px WebP copies (384 for home on 2.5–3× phones) spare phones the 512 px PNG (kept for
// e-mails and search engines) on every first visit.
const LOGO_VARIANTS = [96, 192, 384];

// src: SVG file in scripts/seed-art, out: path under public/, size in px.
// flatten: optional background colour (used for the apple-touch-icon, which
// must not be transparent; the logo's teal squircle blends into it seamlessly).
const JOBS = [
  { src: "croquetas-perro-adulto.svg", out: "images/products/croquetas-perro-adulto.webp", w: 800, h: 800 },
  { src: "snack-dental-perro.svg", out: "images/products/snack-dental-perro.webp", w: 800, h: 800 },
  { src: "raton-catnip.svg", out: "images/products/raton-catnip.webp", w: 800, h: 800 },
  { src: "cama-gato.svg", out: "images/products/cama-gato.webp", w: 800, h: 800 },
  { src: "bano-corte-perro.svg", out: "images/services/bano-corte-perro.webp", w: 800, h: 600 },
  { src: "consulta-veterinaria.svg", out: "images/services/consulta-veterinaria.webp", w: 800, h: 600 },
  { src: "desparasitacion.svg", out: "images/services/desparasitacion.webp", w: 800, h: 600 },
  {
    src: "gran-inauguracion.svg",
    out: "images/promotions/gran-inauguracion.webp",
    w: 1600,
    h: 600,
    variants: PROMOTION_VARIANTS,
  },
  {
    src: "mes-esterilizacion.svg",
    out: "images/promotions/mes-esterilizacion.webp",
    w: 1600,
    h: 600,
    variants: PROMOTION_VARIANTS,
  },
  {
    src: "delivery-gratis.svg",
    out: "images/promotions/delivery-gratis.webp",
    w: 1600,
    h: 600,
    variants: PROMOTION_VARIANTS,
  },
  { src: "logo.svg", out: "images/logos/logo_defecto.png", w: 512, h: 512, variants: LOGO_VARIANTS },
  { src: "historia.svg", out: "images/about/historia.webp", w: 1200, h: 800 },
  { src: "equipo.svg", out: "images/about/equipo.webp", w: 1200, h: 800 },
  { src: "visitanos.svg", out: "images/home/visitanos.webp", w: 1200, h: 800 },
  { src: "og-default.svg", out: "images/og-default.png", w: 1200, h: 630 },
  { src: "logo.svg", out: "apple-touch-icon.png", w: 180, h: 180, flatten: "#2ea8a8" },
];

// Copied verbatim (vector favicon).
const COPIES = [{ src: "favicon.svg", out: "favicon.svg" }];

function viewBoxOf(svg, file) {
  const m = svg.match(/viewBox="\s*([-\d.]+)[\s,]+([-\d.]+)[\s,]+([-\d.]+)[\s,]+([-\d.]+)\s*"/);
  if (!m) throw new Error(`${file}: missing viewBox`);
  return { w: Number(m[3]), h: Number(m[4]) };
}

async function render(job) {
  const file = path.join(ART, job.src);
  const svg = await readFile(file, "utf8");
  const vb = viewBoxOf(svg, job.src);
  if (Math.abs(vb.w / vb.h - job.w / job.h) > 0.001) {
    throw new Error(`${job.src}: viewBox ${vb.w}x${vb.h} does not match ${job.w}x${job.h}`);
  }

  let img = sharp(Buffer.from(svg), { density: 144 }).resize(job.w, job.h, { fit: "fill" });
  if (job.flatten) img = img.flatten({ background: job.flatten });

  const ext = path.extname(job.out);
  if (ext === ".webp") img = img.webp({ quality: 78, effort: 6 });
  else if (ext === ".png") img = img.png({ compressionLevel: 9, palette: true });
  else throw new Error(`${job.out}: unsupported format`);

  const buf = await img.toBuffer();
  if (buf.length > HARD_LIMIT) {
    throw new Error(`${job.out}: ${buf.length} bytes exceeds the ${HARD_LIMIT} byte limit`);
  }
  const dest = path.join(PUBLIC, job.out);
  await mkdir(path.dirname(dest), { recursive: true });
  await writeFile(dest, buf);
  return buf.length;
}

/** The job plus one job per narrower copy, at the same aspect ratio. */
function withVariants(job) {
  const copies = (job.variants ?? []).map((w) => ({
    ...job,
    w,
    h: Math.round((job.h * w) / job.w),
    out: job.out.replace(/\.(webp|png)$/, `-${w}w.webp`),
  }));
  return [job, ...copies];
}

async function main() {
  let warnings = 0;
  for (const job of JOBS.flatMap(withVariants)) {
    const size = await render(job);
    const flag = size > SOFT_LIMIT ? "  (over 25 KB target)" : "";
    if (flag) warnings++;
    console.log(`${String(size).padStart(7)} B  public/${job.out}${flag}`);
  }
  for (const c of COPIES) {
    const dest = path.join(PUBLIC, c.out);
    await mkdir(path.dirname(dest), { recursive: true });
    await copyFile(path.join(ART, c.src), dest);
    const { size } = await stat(dest);
    console.log(`${String(size).padStart(7)} B  public/${c.out}`);
  }
  console.log(
    `Rendered ${JOBS.length} images, copied ${COPIES.length} file(s)${warnings ? `, ${warnings} over the size target` : ""}.`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
