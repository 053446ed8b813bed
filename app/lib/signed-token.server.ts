import { createHmac, timingSafeEqual } from "node:crypto";

import { readConfig, resolveAuthSecret } from "~/config.server";

/** Long enough for any payload the shop signs, short enough to refuse junk before hashing it. */
const MAX_TOKEN_LENGTH = 1000;

function sign(purpose: string, body: string): Buffer {
  // The purpose is signed with the body, so a token made for one kind of link opens no other.
  return createHmac("sha256", resolveAuthSecret(readConfig())).update(`${purpose}.${body}`).digest();
}

/**
 * A token for a link in an e-mail: a JSON payload and its HMAC under the app's secret, with
 * an expiry that the server checks against its own clock. The payload is readable by whoever
 * holds the link, so it carries ids, never personal data.
 */
export function createSignedToken(purpose: string, payload: Record<string, unknown>, expiresAt: Date): string {
  const body = Buffer.from(JSON.stringify({ ...payload, exp: expiresAt.getTime() })).toString("base64url");
  return `${body}.${sign(purpose, body).toString("base64url")}`;
}

/** The payload of a token signed for `purpose` and not expired at `now`; null otherwise. */
export function readSignedToken(
  purpose: string,
  token: string,
  now: Date = new Date(),
): Record<string, unknown> | null {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const [body, signature, ...extra] = token.split(".");
  if (!body || !signature || extra.length > 0) return null;
  const expected = sign(purpose, body);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (typeof payload !== "object" || payload === null) return null;
  const { exp, ...fields } = payload as { exp?: unknown };
  if (typeof exp !== "number" || exp <= now.getTime()) return null;
  return fields;
}
