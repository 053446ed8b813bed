import { randomFillSync } from "node:crypto";

// A page's Content-Security-Policy nonce: 16 random bytes, in base64. Drawn one by one
// (`randomBytes(16)`), each cost a call into OpenSSL's generator, some 30 µs: 1–2 % of an
// uncached page's CPU under load (issue 47). They are cut from a pool of 4 KB drawn in one call
// and refilled when spent, as Node does for `randomUUID()`; every byte is still the generator's
// and none is used twice (ADR 073).
const NONCE_BYTES = 16;
const POOL_BYTES = 256 * NONCE_BYTES;
const pool = Buffer.allocUnsafe(POOL_BYTES);
let offset = POOL_BYTES;

/** A fresh nonce (22 characters of base64 and its padding), never handed out before. */
export function newCspNonce(): string {
  if (offset === POOL_BYTES) {
    randomFillSync(pool);
    offset = 0;
  }
  const nonce = pool.toString("base64", offset, offset + NONCE_BYTES);
  offset += NONCE_BYTES;
  return nonce;
}
