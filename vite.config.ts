import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
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

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    // The server bundle's entry is our Express app, which imports the React Router
    // server build as a virtual module; see server.js and docs/decisions/001.
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
  },
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
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
