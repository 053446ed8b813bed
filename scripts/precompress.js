// Brotli and gzip copies of the client build's hashed assets, written once at build time
// (`name.js.br`, `name.js.gz`), so that server.js sends them without compressing on every
// request: the best compression (brotli 11, gzip 9) for free at run time, and the one CPU
// of a small server left to render pages (bench/README.md). Run by vite.config.ts after the
// client build; `node scripts/precompress.js [DIR]` does it by hand.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

// Text only: fonts (woff2) and pictures are compressed already.
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|map)$/;

export function precompressAssets(dir) {
  let written = 0;
  for (const name of readdirSync(dir)) {
    if (!COMPRESSIBLE.test(name)) continue;
    const file = path.join(dir, name);
    const source = readFileSync(file);
    const copies = {
      br: brotliCompressSync(source, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      }),
      gz: gzipSync(source, { level: 9 }),
    };
    for (const [extension, data] of Object.entries(copies)) {
      // A copy no smaller than the file is not worth a header.
      if (data.length >= source.length) continue;
      writeFileSync(`${file}.${extension}`, data);
      written++;
    }
  }
  return written;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? "build/client/assets";
  console.log(`${precompressAssets(dir)} compressed copies written in ${dir}`);
}
