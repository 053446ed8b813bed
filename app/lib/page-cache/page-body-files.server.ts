// Where the page cache keeps its compressed bodies (ADR 027, superseding that part of ADR 024):
// in files, read back on each hit through the operating system's file cache, as a static file
// is. Held in the process, the 32 MB bound cost more than that in RSS (the bodies, and the malloc
// heap's fragmentation as page-sized blocks come and go in LRU order), and with the renders' own
// memory went past the 250 MB the shop has on a small server (ADR 027). The file cache is the
// kernel's to give back under pressure; the process keeps only each page's small description.
// ADR 065: the small copies stay in memory after all, within 2 MB, and released files are
// written over rather than created anew.
import { randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
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
/**
 * Files of released copies kept to be written over (ADR 065): on this machine's disk, creating a
 * file cost 0.5–0.6 ms of CPU and writing over one 0.05–0.07 ms, and a page stored on a miss
 * wrote two (brotli and gzip), a quarter of a never-asked search's instant results. Bounded in
 * number and in the stale bytes they hold; beyond, a released file is removed as before.
 */
const MAX_SPARE_FILES = 2_048;
const MAX_SPARE_BYTES = 16 * 1024 * 1024;
/**
 * A copy this small (a search's instant results, a short page, compressed) stays in memory, up
 * to SMALL_COPIES_BYTES of them: its file would cost more CPU to create than the copy weighs,
 * and thousands of them are a few megabytes.
 */
const SMALL_COPY_BYTES = 2 * 1024;
const SMALL_COPIES_BYTES = 2 * 1024 * 1024;
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
  path: (file: number) => string;
  hot: LRUCache<number, Buffer> | null;
  scheduleRemoval: (copy: FileCopy) => void;
};

/**
 * One copy in its file. A class rather than closures: a full cache holds thousands of them,
 * and each closure pair with its context and path cost more heap than an instance.
 */
class FileCopy implements BodyCopy {
  #reads = 0;
  #isReleased = false;
  /** Its file was taken back by the store: it holds, or will hold, another copy's bytes. */
  #isGone = false;
  /** The bytes just written, for the first read only: the render's own answer, sent at once. */
  #written: Buffer | undefined;

  constructor(
    private readonly store: CopyStore,
    readonly file: number,
    written: Buffer,
  ) {
    this.byteLength = written.byteLength;
    this.#written = written;
  }

  readonly byteLength: number;

  read(): Buffer {
    if (this.#isGone) throw new Error("This page body's file holds another page now.");
    this.#reads++;
    const written = this.#written;
    if (written) {
      this.#written = undefined;
      return written;
    }
    const kept = this.store.hot?.get(this.file);
    if (kept) return kept;
    const bytes = readFileSync(this.store.path(this.file));
    // Kept from its second read on: the first is usually the render's own answer, and a page
    // read once (a crawler going through the catalogue) would push out the pages that are
    // really asked, and churn the malloc heap with page-sized blocks.
    if (!this.#isReleased && this.#reads >= 2) this.store.hot?.set(this.file, bytes);
    return bytes;
  }

  /** The bytes just written are not held past the turn of the event loop that wrote them. */
  dropWritten(): void {
    this.#written = undefined;
  }

  /** The store takes the file back (a delay after release). */
  forget(): void {
    this.#isGone = true;
  }

  release(): void {
    if (this.#isReleased) return;
    this.#isReleased = true;
    this.#written = undefined;
    this.store.hot?.delete(this.file);
    this.store.scheduleRemoval(this);
  }
}

/** Small copies in memory, `maxBytes` of them at most: `keep` answers null beyond. */
function smallCopies(maxCopyBytes: number, maxBytes: number) {
  let held = 0;
  return (bytes: Buffer): BodyCopy | null => {
    if (bytes.byteLength > maxCopyBytes || held + bytes.byteLength > maxBytes) return null;
    const own = ownBuffer(bytes);
    held += own.byteLength;
    let isReleased = false;
    return {
      byteLength: own.byteLength,
      read: () => own,
      release() {
        if (isReleased) return;
        isReleased = true;
        held -= own.byteLength;
      },
    };
  };
}

/**
 * Over a spare file, at once (ADR 065: some 0.05 ms into the kernel's file cache, less than the
 * thread pool's round trip); a new file on the thread pool, where its creation waits.
 */
async function writeBody(folder: string, file: string, bytes: Buffer, isSpare: boolean): Promise<void> {
  try {
    if (isSpare) writeFileSync(file, bytes, { mode: 0o600 });
    else await writeFile(file, bytes, { mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    // The folder was removed (see removeAbandoned): made again, its spare files gone with it.
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    await writeFile(file, bytes, { mode: 0o600 });
  }
}

/**
 * The page bodies of this instance, in `<root>/<random>/`: one file per copy (but the small
 * ones, kept in memory), written before the page is stored. RELEASE_DELAY_MS after the cache
 * lets a copy go, its file is kept to be written over by a later copy (within MAX_SPARE_FILES
 * and MAX_SPARE_BYTES), or removed (ADR 065).
 */
export function openPageBodyFiles(
  root: string,
  {
    now = Date.now,
    releaseDelayMs = RELEASE_DELAY_MS,
    hotBytes = HOT_BYTES,
    maxSpareFiles = MAX_SPARE_FILES,
    maxSpareBytes = MAX_SPARE_BYTES,
    smallCopyBytes = SMALL_COPY_BYTES,
    smallCopiesBytes = SMALL_COPIES_BYTES,
  }: {
    now?: () => number;
    releaseDelayMs?: number;
    hotBytes?: number;
    maxSpareFiles?: number;
    maxSpareBytes?: number;
    smallCopyBytes?: number;
    smallCopiesBytes?: number;
  } = {},
): PageBodyFiles {
  mkdirSync(root, { recursive: true });
  removeAbandoned(root, now());
  const folder = path.join(root, `${process.pid}-${randomBytes(6).toString("hex")}`);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const filePath = (file: number) => path.join(folder, String(file));
  let lastFile = 0;
  /** Files taken back, to be written over, with the stale bytes each still holds. */
  const spare: { file: number; bytes: number }[] = [];
  let spareBytes = 0;
  const hot =
    hotBytes > 0 ? new LRUCache<number, Buffer>({ maxSize: hotBytes, sizeCalculation: (b) => b.byteLength }) : null;
  let released: FileCopy[] = [];
  let removalTimer: NodeJS.Timeout | null = null;

  function takeBack(copy: FileCopy): void {
    copy.forget();
    if (spare.length < maxSpareFiles && spareBytes + copy.byteLength <= maxSpareBytes) {
      spare.push({ file: copy.file, bytes: copy.byteLength });
      spareBytes += copy.byteLength;
    } else unlink(filePath(copy.file)).catch(() => undefined);
  }

  function scheduleRemoval(copy: FileCopy): void {
    released.push(copy);
    if (removalTimer) return;
    removalTimer = setTimeout(() => {
      removalTimer = null;
      const copies = released;
      released = [];
      for (const copy of copies) takeBack(copy);
    }, releaseDelayMs);
    removalTimer.unref();
  }

  const keepSmall = smallCopies(smallCopyBytes, smallCopiesBytes);
  const store: CopyStore = { path: filePath, hot, scheduleRemoval };
  return {
    folder,
    async keep(bytes) {
      const small = keepSmall(bytes);
      if (small) return small;
      const reused = spare.pop();
      if (reused) spareBytes -= reused.bytes;
      const file = reused?.file ?? ++lastFile;
      await writeBody(folder, filePath(file), bytes, reused !== undefined);
      const copy = new FileCopy(store, file, bytes);
      setImmediate(() => copy.dropWritten());
      return copy;
    },
    close() {
      if (removalTimer) clearTimeout(removalTimer);
      hot?.clear();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
