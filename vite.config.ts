import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin, type Rollup } from "vite";

import { precompressAssets } from "./scripts/precompress.js";

// After the client build: brotli and gzip copies of the hashed assets (scripts/precompress.js).
function precompress(): Plugin {
  let assetsDir = "";
  return {
    name: "patitas-precompress",
    apply: "build",
    configResolved(config) {
      assetsDir = path.resolve(config.root, config.build.outDir, config.build.assetsDir);
    },
    closeBundle() {
      precompressAssets(assetsDir);
    },
  };
}

// react-router's package exports only its development files, whose warnings stay on in
// production (remix-run/react-router#14102). The browser build takes the production files
// instead: the same code with the warnings compiled out, lighter on every page (ADR 009).
// The server keeps the package's own files, which @react-router/node and /express import too.
const reactRouterDist = path.join(
  path.dirname(createRequire(import.meta.url).resolve("react-router/package.json")),
  "dist/production",
);

// What every storefront page loads, in one chunk ("shell"): React, React DOM, React Router,
// the root and the store layout with the shop's modules they import (header, footer, button,
// icons, toasts' context), and the small modules most pages share (page titles and SEO tags,
// the shop's profile). Left to Rollup, these were some twenty files, each with its own request
// and its own gzip overhead; in one file, every storefront page's first load is
// lighter (docs/decisions/013). A page's own code stays in its own chunk. The form kit
// (ui/form/field.tsx) is not in it: most pages show no form, or load theirs after the page (the
// complaints book, the checkout, 'Avísame'). In the shell it weighed on every page; in a chunk
// of its own, a little more but only on the pages with a form (contact, order, account).
const appDir = fileURLToPath(new URL("./app/", import.meta.url));
const shellRoots = [
  "root.tsx",
  "routes/store/layout.tsx",
  "lib/meta.ts",
  "domain/content/seo.ts",
  "domain/content/shop-profile.ts",
  "ui/primitives/input.tsx",
].map((file) => path.join(appDir, file));
const runtime = /\/node_modules\/(react|react-dom|scheduler|react-router)\//;

function shellChunks(): (id: string, meta: Rollup.ManualChunkMeta) => string | undefined {
  let shell: Set<string> | undefined;
  return (id, { getModuleInfo }) => {
    if (!shell) {
      // The shell's modules: the roots and the shop's modules they import, at any depth.
      shell = new Set();
      const pending = [...shellRoots];
      while (pending.length > 0) {
        const moduleId = pending.pop()!;
        if (shell.has(moduleId) || !moduleId.startsWith(appDir)) continue;
        shell.add(moduleId);
        pending.push(...(getModuleInfo(moduleId)?.importedIds ?? []));
      }
    }
    return shell.has(id) || runtime.test(id) ? "shell" : undefined;
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  build: {
    // Terser, two passes, for the browser's files: smaller than esbuild's minifier's output on
    // every storefront page, mostly in React, React DOM and React Router
    // (docs/decisions/011). The server's bundle is not minified.
    minify: isSsrBuild ? false : "terser",
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
    // The server bundle's entry is our Express app, which imports the React Router
    // server build as a virtual module; see server.js and docs/decisions/001.
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : { output: { manualChunks: shellChunks() } },
  },
  resolve: {
    alias: [
      { find: "~", replacement: fileURLToPath(new URL("./app", import.meta.url)) },
      ...(command === "build" && !isSsrBuild
        ? [
            { find: /^react-router$/, replacement: `${reactRouterDist}/index.mjs` },
            { find: /^react-router\/dom$/, replacement: `${reactRouterDist}/dom-export.mjs` },
          ]
        : []),
    ],
  },
  ssr: {
    // Native or WASM packages must stay as runtime imports of node_modules.
    external: ["@electric-sql/pglite", "sharp", "pg", "exceljs", "nodemailer"],
  },
  server: {
    watch: { ignored: ["**/data/**", "**/test-results/**", "**/playwright-report/**"] },
  },
  plugins: [tailwindcss(), reactRouter(), ...(isSsrBuild ? [] : [precompress()])],
}));
