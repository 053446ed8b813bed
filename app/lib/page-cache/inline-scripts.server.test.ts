import { createHash } from "node:crypto";

import { describe, expect, it } from "vitest";

import { hashInlineScripts } from "./inline-scripts.server";

const NONCE = "k3J9c0FzZ2x1c2Q4NTFhZg==";
const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("hashInlineScripts", () => {
  it("hashes the scripts that carry the render's nonce and removes every nonce attribute", () => {
    const html = [
      `<link rel="modulepreload" href="/assets/a.js" nonce="${NONCE}"/>`,
      `<script nonce="${NONCE}">window.__reactRouterContext = {"a":1};</script>`,
      `<script type="module" async="" nonce="${NONCE}">import "/assets/entry.js";</script>`,
    ].join("");
    const { html: stored, hashes } = hashInlineScripts(html, NONCE);
    expect(stored).not.toContain("nonce");
    expect(stored).toContain(`<script type="module" async="">import "/assets/entry.js";</script>`);
    expect(hashes).toEqual([sha(`window.__reactRouterContext = {"a":1};`), sha(`import "/assets/entry.js";`)]);
  });

  it("gives no hash to a script without the nonce, such as one injected through stored text", () => {
    const injected = `<h1>Pelota <script>alert(document.cookie)</script></h1>`;
    const html = `${injected}<script nonce="${NONCE}">ok()</script><script nonce="otro-nonce-de-16-chars">x()</script>`;
    const { html: stored, hashes } = hashInlineScripts(html, NONCE);
    expect(hashes).toEqual([sha("ok()")]);
    expect(stored).toContain(injected);
    // Another nonce is not the render's: it stays, and is worthless without the header's.
    expect(stored).toContain(`nonce="otro-nonce-de-16-chars"`);
  });

  it("does not hash an external script and keeps one hash for identical scripts", () => {
    const html = `<script src="/a.js" nonce="${NONCE}"></script><script nonce="${NONCE}">a()</script><script nonce="${NONCE}">a()</script>`;
    const { html: stored, hashes } = hashInlineScripts(html, NONCE);
    expect(hashes).toEqual([sha("a()")]);
    expect(stored).toBe(`<script src="/a.js"></script><script>a()</script><script>a()</script>`);
  });

  it("refuses a nonce too short to be a secret", () => {
    expect(() => hashInlineScripts("<p></p>", "abc")).toThrow(TypeError);
  });
});
