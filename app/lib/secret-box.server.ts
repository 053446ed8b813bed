import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

import { readConfig, resolveAuthSecret } from "~/config.server";

// Credentials the owner types (a payment provider's access token, a webhook secret, a PSE's
// token) are stored sealed: AES-256-GCM under a key derived from the shop's secret
// (AUTH_SECRET or the one generated into DATA_DIR), so a copy of the database or a backup
// without the secret reveals nothing. The purpose is bound into the key, so a value sealed for
// one use cannot be opened as another. Format: 'v1.<iv>.<tag>.<ciphertext>' in base64url.

const VERSION = "v1";

function keyFor(purpose: string, secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "patitas-secret-box", `${VERSION}:${purpose}`, 32));
}

export function sealSecret(purpose: string, plain: string, secret = resolveAuthSecret(readConfig())): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(purpose, secret), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The plain text of a sealed value; null when it was sealed under another secret or purpose, or is damaged. */
export function openSecret(purpose: string, sealed: string, secret = resolveAuthSecret(readConfig())): string | null {
  const [version, iv, tag, body, ...extra] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || body === undefined || extra.length > 0) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFor(purpose, secret), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

/** What the back office shows of a stored secret: its last four characters, never more. */
export function secretHint(plain: string): string {
  return plain.length <= 4 ? "••••" : `••••${plain.slice(-4)}`;
}
