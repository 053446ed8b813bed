// ADR 055: on Node, React Router's signed cookies (the cart, the placed orders, the toast, the
// complaint's confirmation) and better-auth's session cookie are signed and checked by
// node:crypto's HMAC instead of WebCrypto's (patches/react-router+7.18.4.patch,
// patches/better-call+1.4.5.patch). The signatures must stay exactly HMAC-SHA256, so that every
// cookie a shopper already holds still reads, and nothing else may pass.
import { webcrypto } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { createCookie } from "react-router";
import { expect, test } from "vitest";

const SECRET = "un-secreto-de-prueba-0123456789abcdef";

/** HMAC-SHA256 by WebCrypto, as the unpatched libraries compute it, in base64. */
async function webCryptoSignature(value: string, secret: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await webcrypto.subtle.importKey(
    "raw",
    encoder.encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return Buffer.from(await webcrypto.subtle.sign("HMAC", key, encoder.encode(value))).toString("base64");
}

test("React Router's cookies: signed as WebCrypto signs them, read back, and refused when touched", async () => {
  const cookie = createCookie("patitas_cart", { secrets: [SECRET], path: "/" });
  const pair = (await cookie.serialize({ cartId: "carrito-ñ-1" })).split(";")[0]!;
  const signed = decodeURIComponent(pair.slice(pair.indexOf("=") + 1));
  const value = signed.slice(0, signed.lastIndexOf("."));
  expect(signed.slice(signed.lastIndexOf(".") + 1)).toBe((await webCryptoSignature(value, SECRET)).replace(/=+$/, ""));
  expect(await cookie.parse(pair)).toEqual({ cartId: "carrito-ñ-1" });
  // A cookie signed before the patch (by WebCrypto) still reads.
  const older = `${value}.${await webCryptoSignature(value, SECRET)}`;
  expect(await cookie.parse(`patitas_cart=${encodeURIComponent(older)}`)).toEqual({ cartId: "carrito-ñ-1" });
  const forged = `${btoa(JSON.stringify({ cartId: "de-otro" }))}.${signed.slice(signed.lastIndexOf(".") + 1)}`;
  expect(await cookie.parse(`patitas_cart=${encodeURIComponent(forged)}`)).toBeNull();
  expect(await cookie.parse(`patitas_cart=${encodeURIComponent(`${value}.%%%no-es-base64`)}`)).toBeNull();
  expect(await cookie.parse(`patitas_cart=${encodeURIComponent(`${value}.`)}`)).toBeNull();
  // Signed with an older secret, read after a new one is put first.
  const rotated = createCookie("patitas_cart", { secrets: ["el-secreto-nuevo-0123456789", SECRET], path: "/" });
  expect(await rotated.parse(pair)).toEqual({ cartId: "carrito-ñ-1" });
  const chunk = path.join(process.cwd(), "node_modules/react-router/dist/development/chunk-H4DAEOV7.mjs");
  expect(readFileSync(chunk, "utf8")).toContain("patch (patitas, ADR 055)");
});

test("better-auth's session cookie: signed and checked as WebCrypto does, refused when touched", async () => {
  const file = path.join(process.cwd(), "node_modules/better-call/dist/crypto.mjs");
  const crypto = (await import(pathToFileURL(file).href)) as {
    signCookieValue(value: string, secret: string): Promise<string>;
    getCryptoKey(secret: string): Promise<unknown>;
    verifySignature(signature: string, value: string, key: unknown): Promise<boolean>;
  };
  const token = "yHXimxh46ofB80lpP4NJFWACfNLJlUAo";
  const expected = await webCryptoSignature(token, SECRET);
  expect(decodeURIComponent(await crypto.signCookieValue(token, SECRET))).toBe(`${token}.${expected}`);
  const key = await crypto.getCryptoKey(SECRET);
  expect(await crypto.verifySignature(expected, token, key)).toBe(true);
  expect(await crypto.verifySignature(expected, `${token}x`, key)).toBe(false);
  expect(await crypto.verifySignature(await webCryptoSignature(token, "otro-secreto"), token, key)).toBe(false);
  expect(await crypto.verifySignature("no es base64 %%", token, key)).toBe(false);
  expect(await crypto.verifySignature(expected.slice(0, 20), token, key)).toBe(false);
  expect(readFileSync(file, "utf8")).toContain("patch (patitas, ADR 055)");
});
