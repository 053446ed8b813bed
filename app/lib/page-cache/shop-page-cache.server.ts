// The process's one page cache (ADR 024), and what the shop's writes call to drop the pages
// they change. Kept on globalThis so that the development server, which loads the app's
// modules again on every request, still has one cache for the process.
import path from "node:path";

import { readConfig } from "~/config.server";
import { logError } from "~/lib/log.server";
import { whileWaitingOutside } from "~/lib/render-queue.server";

import { openPageBodyFiles } from "./page-body-files.server";
import { createPageCache, type InvalidationEvent, type PageCache } from "./page-cache.server";
import { invalidateSharedReads } from "./shared-reads.server";

const SLOT = Symbol.for("patitas.page-cache");
type Slot = { cache: PageCache | null; listeners: Set<(event: InvalidationEvent) => void> };

function slot(): Slot {
  const holder = globalThis as typeof globalThis & { [SLOT]?: Slot };
  if (!holder[SLOT]) {
    const { pageCacheBytes: maxBytes, dataDir } = readConfig();
    let cache: PageCache | null = null;
    if (maxBytes > 0) {
      // The bodies in files under $DATA_DIR (ADR 027), this instance's folder removed at exit.
      const files = openPageBodyFiles(path.join(dataDir, "page-cache"));
      process.once("exit", () => files.close());
      cache = createPageCache({
        maxBytes,
        keep: files.keep,
        reportError: (error, context) => logError("page cache", error, context),
        whileCopying: whileWaitingOutside,
      });
    }
    holder[SLOT] = { cache, listeners: new Set() };
  }
  return holder[SLOT];
}

/** The cache, or null when PAGE_CACHE_MB=0 turned it off. */
export function getShopPageCache(): PageCache | null {
  return slot().cache;
}

/**
 * Drops the stored pages that show what a write changed (pageTags). Call it after the
 * write's transaction committed, before answering: earlier, a render could read the old
 * rows and store them as new.
 */
export function invalidatePages(tags: Iterable<string>): void {
  shopInvalidation.invalidateTags(tags);
}

/** Every stored page: for a change whose reach no tag names (a restore of a backup, an import). */
export function invalidateAllPages(): void {
  shopInvalidation.invalidateAll();
}

/**
 * Where a write's tags go: the stored pages, the values kept in memory (shared-reads.server.ts),
 * and the listeners (the bridge that tells the other instances). The page cache may be off
 * (PAGE_CACHE_MB=0): the kept values and the bridge still need the tags.
 */
export const shopInvalidation = {
  invalidateTags(tags: Iterable<string>, { isRemote = false }: { isRemote?: boolean } = {}): void {
    const list = [...new Set(tags)];
    if (list.length === 0) return;
    slot().cache?.invalidateTags(list, { isRemote });
    invalidateSharedReads(list);
    for (const listener of slot().listeners) listener({ tags: list, isRemote });
  },
  invalidateAll({ isRemote = false }: { isRemote?: boolean } = {}): void {
    slot().cache?.invalidateAll({ isRemote });
    invalidateSharedReads("all");
    for (const listener of slot().listeners) listener({ tags: "all", isRemote });
  },
  /** The seam for the cross-instance bridge; returns the unsubscribe. */
  onInvalidate(listener: (event: InvalidationEvent) => void): () => void {
    slot().listeners.add(listener);
    return () => slot().listeners.delete(listener);
  },
};
