// Where the page cache keeps its compressed bodies (ADR 027, superseding that part of ADR 024):
// in files, read back on each hit through the operating system's file cache, as a static file
// is. Held in the process, the 32 MB bound cost more than that in RSS (the bodies, and the malloc
// heap's fragmentation as page-sized blocks come and go in LRU order), and with the renders' own
// memory went past the 250 MB the shop has on a small server (ADR 027). The file cache is the
// kernel's to give back under pressure; the process keeps only each page's small description.
import { randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { unlink, writeFile } from "node:fs/promises";
import path from "node:path";

import { LRUCache } from "lru-cache";

/** One stored copy of a page's body: its size, and the bytes on demand. */
export type BodyCopy = {
  readonly byteLength: number;
  /** The bytes; throws when they are gone (a file removed by hand): the caller renders again. */
  read(): Buffer;
  /** Called once the cache no longer holds the copy. */
  release?(): void;
};

/** Keeps a body and hands back its copy. */
export type KeepBody = (bytes: Buffer) => Promise<BodyCopy>;

/**
 * A Buffer on its own memory. zlib's small results are slices of an 8 KB shared pool, which a
 * kept slice would hold whole, and a render's body may be a view of a larger chunk.
 */
function ownBuffer(bytes: Uint8Array): Buffer {
  const own = Buffer.allocUnsafeSlow(bytes.byteLength);
  own.set(bytes);
  return own;
}

/** Bodies in the process's memory: the unit tests', and the fallback when no folder is given. */
export const keepInMemory: KeepBody = async (bytes) => {
  const own = ownBuffer(bytes);
  return { byteLength: own.byteLength, read: () => own };
};

/**
 * How long a released file stays: a request may have looked a page up just before it was
 * replaced or evicted, and reads it a moment later (the STALE copy sent while the new one
 * renders). A few seconds covers that with a wide margin.
 */
const RELEASE_DELAY_MS = 10_000;
/**
 * The copies read most recently stay in memory up to this many bytes: a page asked thousands
 * of times a second (home, a shared promotion) is then sent without reading its file or
 * allocating a Buffer per request, which under load made the process hold more, not less.
 */
const HOT_BYTES = 4 * 1024 * 1024;
/** A sibling folder untouched this long belongs to an instance that is gone (see below). */
const ABANDONED_AFTER_MS = 6 * 60 * 60_000;

export type PageBodyFiles = {
  keep: KeepBody;
  /** This instance's folder. */
  folder: string;
  /** Removes the folder and its files (the process is ending). */
  close(): void;
};

/**
 * Removes the folders of instances that ended without removing theirs (a crash, a kill -9).
 * Folders are per instance (several may share one DATA_DIR on PostgreSQL); one that no write
 * has touched for hours is abandoned. If a live but idle instance's folder is removed all
 * the same, its hits fail to read and are rendered again, and its next write recreates it.
 */
function removeAbandoned(root: string, now: number): void {
  for (const name of readdirSync(root)) {
    const folder = path.join(root, name);
    try {
      if (now - statSync(folder).mtimeMs > ABANDONED_AFTER_MS) rmSync(folder, { recursive: true, force: true });
    } catch {
      // Removed by its own instance meanwhile.
    }
  }
}

type CopyStore = {
  path: (sequence: number) => string;
  hot: LRUCache<number, Buffer> | null;
  scheduleRemoval: (file: string) => void;
};

/**
 * One copy in its file. A class rather than closures: a full cache holds thousands of them,
 * and each closure pair with its context and path cost more heap than an instance.
 */
class FileCopy implements BodyCopy {
  #reads = 0;
  #isReleased = false;

  constructor(
    private readonly store: CopyStore,
    readonly sequence: number,
    readonly byteLength: number,
  ) {}

  read(): Buffer {
    const kept = this.store.hot?.get(this.sequence);
    if (kept) return kept;
    const bytes = readFileSync(this.store.path(this.sequence));
    // Kept from its second read on: the first is usually the render's own answer, and a page
    // read once (a crawler going through the catalogue) would push out the pages that are
    // really asked, and churn the malloc heap with page-sized blocks.
    if (!this.#isReleased && ++this.#reads >= 2) this.store.hot?.set(this.sequence, bytes);
    return bytes;
  }

  release(): void {
    if (this.#isReleased) return;
    this.#isReleased = true;
    this.store.hot?.delete(this.sequence);
    this.store.scheduleRemoval(this.store.path(this.sequence));
  }
}

/**
 * The page bodies of this instance, in `<root>/<random>/`: one file per copy, written before
 * the page is stored, removed RELEASE_DELAY_MS after the cache lets it go.
 */
export function openPageBodyFiles(
  root: string,
  {
    now = Date.now,
    releaseDelayMs = RELEASE_DELAY_MS,
    hotBytes = HOT_BYTES,
  }: { now?: () => number; releaseDelayMs?: number; hotBytes?: number } = {},
): PageBodyFiles {
  mkdirSync(root, { recursive: true });
  removeAbandoned(root, now());
  const folder = path.join(root, `${process.pid}-${randomBytes(6).toString("hex")}`);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  let sequence = 0;
  const hot =
    hotBytes > 0 ? new LRUCache<number, Buffer>({ maxSize: hotBytes, sizeCalculation: (b) => b.byteLength }) : null;
  let toRemove: string[] = [];
  let removalTimer: NodeJS.Timeout | null = null;

  function scheduleRemoval(file: string): void {
    toRemove.push(file);
    if (removalTimer) return;
    removalTimer = setTimeout(() => {
      removalTimer = null;
      const files = toRemove;
      toRemove = [];
      for (const name of files) unlink(name).catch(() => undefined);
    }, releaseDelayMs);
    removalTimer.unref();
  }

  async function write(file: string, bytes: Buffer): Promise<void> {
    try {
      await writeFile(file, bytes, { mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      // The folder was removed (see removeAbandoned): made again.
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      await writeFile(file, bytes, { mode: 0o600 });
    }
  }

  const store: CopyStore = {
    path: (sequence) => path.join(folder, String(sequence)),
    hot,
    scheduleRemoval,
  };
  return {
    folder,
    async keep(bytes) {
      const copy = new FileCopy(store, ++sequence, bytes.byteLength);
      await write(store.path(copy.sequence), bytes);
      return copy;
    },
    close() {
      if (removalTimer) clearTimeout(removalTimer);
      hot?.clear();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
