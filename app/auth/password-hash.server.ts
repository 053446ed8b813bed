import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

import pLimit from "p-limit";

/**
 * How passwords are hashed (ADR 029): scrypt from node:crypto, 8 MiB each, two at a time.
 *
 * better-auth's default is scrypt with N 2^14 and r 16: 32 MiB for each hash, and up to four at
 * once on libuv's threads. Four shoppers signing in at the same moment took about four times that
 * (ADR 029), and one owner's sign-in put a server with the page cache full over its 250 MB.
 * N 2^13, r 8, p 10 is the OWASP Password Storage Cheat Sheet's 8 MiB row among its equivalent
 * scrypt settings: a quarter of the memory, 2.5 times the work (N × r × p; its time on the
 * shop's machine: ADR 029), the lanes computed one after the other over the same 8 MiB.
 *
 * Two at a time, the others waiting their turn: the shop's machine has two cores, so a third
 * would not finish sooner, and a burst of sign-ins costs at most 16 MiB.
 */
export const SCRYPT_SETTINGS = { logN: 13, r: 8, p: 10 } as const;

const KEY_BYTES = 64;
const SALT_BYTES = 16;
const PREFIX = "$scrypt$";
/** better-auth's own: `saltHex:keyHex`, the salt's hex text itself as the salt. */
const LEGACY = { logN: 14, r: 16, p: 1 } as const;
const MAX_MEMORY = 128 * 2 ** LEGACY.logN * LEGACY.r;

type Settings = { logN: number; r: number; p: number };

/** The memory of sign-ins does not multiply with the shoppers signing in at once. */
const HASHES_AT_ONCE = 2;
const hashTurns = pLimit(HASHES_AT_ONCE);

function derive(password: string, salt: Buffer | string, { logN, r, p }: Settings): Promise<Buffer> {
  const N = 2 ** logN;
  return hashTurns(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize("NFKC"), salt, KEY_BYTES, { N, r, p, maxmem: 2 * 128 * N * r }, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

/** A stored hash's parts, or null when it is not one this module wrote or read before. */
function parse(hash: string): { settings: Settings; salt: Buffer | string; key: Buffer } | null {
  if (hash.startsWith(PREFIX)) {
    const match = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(hash);
    if (!match) return null;
    const settings = { logN: Number(match[1]), r: Number(match[2]), p: Number(match[3]) };
    // Bounds, so that a damaged row cannot make one sign-in take the whole machine: no more
    // memory than better-auth's own hashes take (32 MiB), at most 16 lanes.
    const memory = 128 * 2 ** settings.logN * settings.r;
    if (settings.logN < 10 || settings.r < 1 || memory > MAX_MEMORY || settings.p < 1 || settings.p > 16) return null;
    return { settings, salt: Buffer.from(match[4]!, "base64"), key: Buffer.from(match[5]!, "base64") };
  }
  const [salt, key] = hash.split(":");
  if (!salt || !key || !/^[0-9a-f]+$/.test(key)) return null;
  return { settings: LEGACY, salt, key: Buffer.from(key, "hex") };
}

const base64 = (bytes: Buffer) => bytes.toString("base64").replace(/=+$/, "");

/** `$scrypt$ln=13,r=8,p=10$salt$key` (PHC string format, base64 without padding). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, SCRYPT_SETTINGS);
  const { logN, r, p } = SCRYPT_SETTINGS;
  return `${PREFIX}ln=${logN},r=${r},p=${p}$${base64(salt)}$${base64(key)}`;
}

/** Checks a password against a hash of this module or one better-auth wrote before it. */
export async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const stored = parse(hash);
  if (!stored || stored.key.length !== KEY_BYTES) return false;
  const key = await derive(password, stored.salt, stored.settings);
  return timingSafeEqual(key, stored.key);
}

/** Hashes being computed and waiting their turn (for the tests). */
export const passwordHashQueue = () => ({ running: hashTurns.activeCount, waiting: hashTurns.pendingCount });

/** Whether a stored hash was written with other settings than today's (rehash it at sign-in). */
export function isOutdatedHash(hash: string): boolean {
  const { logN, r, p } = SCRYPT_SETTINGS;
  return !hash.startsWith(`${PREFIX}ln=${logN},r=${r},p=${p}$`);
}
