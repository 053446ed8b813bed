// ADR 061: patches/react-dom+19.3.1.patch makes React's production Node renderer gather a page's
// text as one string and hand it to the stream in large pieces, instead of encoding every piece
// of text into 4 KB views. The page must come out byte for byte as before.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { expect, test } from "vitest";

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

// Run in a process of its own: the server runs the production build, which Vitest does not load.
// The reference is renderToString, React's other renderer, which the patch does not touch.
const SCRIPT = `
const React = require("react");
const { Suspense } = React;
const { renderToPipeableStream, renderToString } = require("react-dom/server");
const { Writable } = require("node:stream");
const h = React.createElement;
const rows = Number(process.argv[1]);
const page = h("html", { lang: "es-PE" },
  h("head", null, h("meta", { charSet: "utf-8" }), h("title", null, "Patitas Felices")),
  h("body", null,
    h("main", { className: "grid gap-4" },
      Array.from({ length: rows }, (_, i) =>
        h("article", { key: i, "data-id": i, className: "rounded-lg border" },
          h("h2", null, "Ñandú para perros 🐶 n.º ", i),
          h("p", null, "S/ ", (i * 37) % 500, ".", String(i % 100).padStart(2, "0"), " — «oferta» & más"),
          h(Suspense, { fallback: h("span", null, "…") }, h("span", null, "listo ", i)),
          h("input", { type: "number", defaultValue: i, "aria-label": "Cantidad" })))),
    h("script", { dangerouslySetInnerHTML: { __html: "window.x = '<\\\\/script>';" } })));
const pieces = [];
const { pipe } = renderToPipeableStream(page, {
  progressiveChunkSize: Infinity,
  onAllReady() {
    pipe(new Writable({
      write(chunk, _encoding, callback) { pieces.push(Buffer.from(chunk)); callback(); },
      final(callback) {
        const html = Buffer.concat(pieces).toString("utf8");
        process.stdout.write(JSON.stringify({ writes: pieces.length, bytes: Buffer.concat(pieces).length, same: html === "<!DOCTYPE html>" + renderToString(page) }));
        callback();
      },
    }));
  },
});
`;

function renderInProduction(rows: number): { writes: number; bytes: number; same: boolean } {
  const output = execFileSync(process.execPath, ["-e", SCRIPT, String(rows)], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: "production" },
    encoding: "utf8",
  });
  return JSON.parse(output) as { writes: number; bytes: number; same: boolean };
}

test("a page of about 100 KB leaves the renderer in a few large writes, the same page as before", () => {
  const page = renderInProduction(400);
  expect(page.bytes).toBeGreaterThan(90_000);
  expect(page.same).toBe(true);
  // Unpatched: one write per 4 KB view, some 25 for this page.
  expect(page.writes).toBeLessThanOrEqual(3);
});

test("a small page keeps its accents, symbols and emoji intact, in at most two writes (the head, then the rest)", () => {
  const page = renderInProduction(3);
  expect(page.same).toBe(true);
  expect(page.writes).toBeLessThanOrEqual(2);
});
