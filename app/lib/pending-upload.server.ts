// Files kept on the server between two steps of a form (an import's preview and its
// confirmation): the bytes and a little JSON about them, under a random token, in a
// directory the caller names, for an hour. The browser carries only the token.
import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";

const UPLOAD_LIFETIME_MS = 60 * 60 * 1000;
const TOKEN_PATTERN = /^[a-f0-9]{32}$/;

/** What the store keeps beside the bytes: the caller's meta and when the upload was kept. */
type Kept<Meta> = Meta & { createdAt: number };

export type PendingUploads<Meta> = {
  /** Keeps the bytes and their meta; the token names them. Expired uploads are removed first. */
  keep(bytes: Uint8Array, meta: Meta): Promise<string>;
  /**
   * Takes the upload for one use: renaming it is atomic, so a double click or two tabs
   * cannot use the same file twice. Null when it is unknown, expired, already taken, or
   * its meta is not what `isExpected` accepts (someone else's).
   */
  claim(
    token: string,
    isExpected: (meta: Kept<Meta>) => boolean,
  ): Promise<{ bytes: Uint8Array; meta: Kept<Meta> } | null>;
  /** Gives a claimed upload back, to be claimed again. */
  release(token: string): Promise<void>;
  /** Removes a claimed upload for good. */
  discard(token: string): Promise<void>;
};

/**
 * A store of pending uploads under `directory()` (read at each use: the data directory is
 * configuration), its files named `<token><extension>` and `<token>.json`.
 */
export function pendingUploads<Meta extends object>(options: {
  directory: () => string;
  extension: string;
}): PendingUploads<Meta> {
  const paths = (token: string) => {
    const dir = options.directory();
    const file = path.join(dir, `${token}${options.extension}`);
    return { dir, file, claimed: `${file}.claimed`, meta: path.join(dir, `${token}.json`) };
  };
  return {
    async keep(bytes, meta) {
      const createdAt = Date.now();
      const { dir } = paths("");
      await mkdir(dir, { recursive: true });
      await removeExpiredUploads(dir, createdAt);
      const token = randomBytes(16).toString("hex");
      const kept = paths(token);
      await writeFile(kept.meta, JSON.stringify({ ...meta, createdAt }), { mode: 0o600 });
      await writeFile(kept.file, bytes, { mode: 0o600 });
      return token;
    },
    async claim(token, isExpected) {
      if (!TOKEN_PATTERN.test(token)) return null;
      const kept = paths(token);
      const meta = await readFile(kept.meta, "utf8")
        .then((text) => JSON.parse(text) as Kept<Meta>)
        .catch(() => null);
      if (!meta || !isExpected(meta)) return null;
      if (Date.now() - meta.createdAt > UPLOAD_LIFETIME_MS) return null;
      try {
        await rename(kept.file, kept.claimed);
      } catch {
        return null;
      }
      return { bytes: new Uint8Array(await readFile(kept.claimed)), meta };
    },
    async release(token) {
      const kept = paths(token);
      await rename(kept.claimed, kept.file);
    },
    async discard(token) {
      const kept = paths(token);
      await Promise.all([rm(kept.claimed, { force: true }), rm(kept.meta, { force: true })]);
    },
  };
}

/** Uploads abandoned without being used are removed after an hour. */
async function removeExpiredUploads(dir: string, now: number): Promise<void> {
  for (const name of await readdir(dir)) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info && now - info.mtimeMs > UPLOAD_LIFETIME_MS) await rm(file, { force: true });
  }
}
