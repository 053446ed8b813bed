// A stored page cannot carry a per-request nonce: every visitor would get the same one, and
// an attacker could read it from the page. When a page is stored, its inline scripts that
// carry the render's own nonce (React Router's hydration data, written by the shop) are
// hashed for the Content-Security-Policy and the nonce is taken out (ADR 024). A script that
// came from stored text lacks the secret nonce: it gets no hash and the browser blocks it.
import { createHash } from "node:crypto";

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

export type HashedScripts = { html: string; hashes: string[] };

function escapeForPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/**
 * The page without `nonce="<nonce>"` attributes, and the CSP source expressions
 * (`'sha256-…'`) of the inline scripts that carried that nonce, in page order, without repeats.
 */
export function hashInlineScripts(html: string, nonce: string): HashedScripts {
  if (nonce.length < 16) throw new TypeError("A render's nonce is at least 16 characters.");
  const nonceAttribute = new RegExp(
    `\\s+nonce=(?:"${escapeForPattern(nonce)}"|${escapeForPattern(nonce)}(?=[\\s>]))`,
    "g",
  );
  const hashes = new Set<string>();
  for (const match of html.matchAll(SCRIPT)) {
    const [, attributes = "", content = ""] = match;
    nonceAttribute.lastIndex = 0;
    if (!nonceAttribute.test(attributes) || /\bsrc\s*=/i.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(content, "utf8").digest("base64")}'`);
  }
  return { html: html.replace(nonceAttribute, ""), hashes: [...hashes] };
}
