// The rendered-page cache's core (ADR 024): pages held by bytes in least-recently-used
// order (lru-cache), a tag index so a write drops only the pages that show what it changed,
// one render at a time per page, and the previous copy served for at most `staleMs` while
// the new one renders. Not tied to Express or React Router: the server wires it in.
import { LRUCache } from "lru-cache";

import { type KeepBody, keepInMemory } from "./page-body-files.server";
import {
  type CachedPage,
  type PageVariant,
  preparePage,
  releasePage,
  type RenderedPage,
  selectVariant,
} from "./stored-page.server";

export type PageCacheOptions = {
  /** The bound: compressed bodies plus each entry's estimated overhead. */
  maxBytes: number;
  /** How long after an invalidation (or the end of its life) a page may still be served, marked stale, while it renders again. */
  staleMs?: number;
  /** How long a 200 is fresh when no write drops it: a net for changes made outside the shop (SQL by hand). */
  maxAgeMs?: number;
  /** How long a 404 is fresh: short, the address may name a product created a moment later. */
  notFoundMaxAgeMs?: number;
  /** A page larger than this is served to its waiters but not kept. */
  maxEntryBytes?: number;
  now?: () => number;
  /** Where the bodies are kept: files in the server (page-body-files.server.ts), memory by default. */
  keep?: KeepBody;
  /** Errors nobody awaits: an invalidation listener's (a bridge to other instances). */
  reportError?: (error: unknown, context: { during: "invalidation listener" }) => void;
  /**
   * Runs the making of a page's copies (compressed and written on libuv's threads, not this
   * one): the shop's render line opens a place for that time (ADR 062).
   */
  whileCopying?: <T>(work: () => Promise<T>) => Promise<T>;
};

export type CacheStatus = "HIT" | "STALE" | "MISS";

/**
 * HIT, STALE (the previous copy, while another caller's render runs) and MISS (this call waited for a
 * render, its own or one already running) each bring the page. BYPASS: the render returned
 * null or a response that may not be shared (ADR 024); the caller answers by itself.
 */
export type PageCacheOutcome = { status: CacheStatus; page: CachedPage } | { status: "BYPASS" };

export type PageCacheLookup = { page: CachedPage; isStale: boolean; variant: PageVariant };

export type InvalidationEvent = { tags: readonly string[] | "all"; isRemote: boolean };

export type PageCacheStats = {
  entries: number;
  bytes: number;
  maxBytes: number;
  hits: number;
  misses: number;
  staleHits: number;
  evictions: number;
  renders: number;
  rendersInFlight: number;
};

type Entry = {
  readonly page: CachedPage;
  readonly freshUntil: number;
  /** Set by the first invalidation that reaches the entry; a later one does not move it. */
  staleSince: number | null;
  /** The render's sequence number, so an older render finishing late never replaces a newer page. */
  readonly renderSeq: number;
};

/** One render of one key, with what was invalidated while it ran. */
type Flight = {
  readonly key: string;
  readonly seq: number;
  readonly invalidatedTags: Set<string>;
  isAllInvalidated: boolean;
  promise: Promise<CachedPage | null>;
};

const DEFAULTS = { staleMs: 1_000, maxAgeMs: 60 * 60_000, notFoundMaxAgeMs: 30_000 };

export class PageCache {
  readonly #entries: LRUCache<string, Entry>;
  /** tag -> the entries carrying it: invalidating a tag costs the pages that show it, not a scan. */
  readonly #tagIndex = new Map<string, Set<Entry>>();
  /** The render that a new caller of a key joins. Invalidation detaches them (see invalidateTags). */
  readonly #flights = new Map<string, Flight>();
  /** Every render still running, joinable or not, to record invalidations against. */
  readonly #running = new Set<Flight>();
  readonly #listeners = new Set<(event: InvalidationEvent) => void>();
  readonly #options: Required<Omit<PageCacheOptions, "reportError">> & Pick<PageCacheOptions, "reportError">;
  readonly #counts = { hits: 0, misses: 0, staleHits: 0, evictions: 0, renders: 0 };
  #renderSeq = 0;

  constructor(options: PageCacheOptions) {
    this.#options = {
      maxBytes: options.maxBytes,
      staleMs: options.staleMs ?? DEFAULTS.staleMs,
      maxAgeMs: options.maxAgeMs ?? DEFAULTS.maxAgeMs,
      notFoundMaxAgeMs: options.notFoundMaxAgeMs ?? DEFAULTS.notFoundMaxAgeMs,
      // One page may take an eighth of the cache at most, so that it cannot empty it.
      maxEntryBytes: Math.min(options.maxEntryBytes ?? Math.max(1, Math.floor(options.maxBytes / 8)), options.maxBytes),
      now: options.now ?? Date.now,
      keep: options.keep ?? keepInMemory,
      reportError: options.reportError,
      whileCopying: options.whileCopying ?? ((work) => work()),
    };
    this.#entries = new LRUCache<string, Entry>({
      maxSize: options.maxBytes,
      maxEntrySize: this.#options.maxEntryBytes,
      sizeCalculation: (entry) => entry.page.size,
      dispose: (entry, _key, reason) => {
        this.#untag(entry);
        releasePage(entry.page);
        if (reason === "evict") this.#counts.evictions++;
      },
    });
  }

  /** The page under `key` and the copy to send, without rendering; null if absent or too old. */
  get(key: string, acceptEncoding: string | null | undefined): PageCacheLookup | null {
    const found = this.#lookup(key);
    if (!found) {
      this.#counts.misses++;
      return null;
    }
    this.#counts[found.isStale ? "staleHits" : "hits"]++;
    return { page: found.entry.page, isStale: found.isStale, variant: selectVariant(found.entry.page, acceptEncoding) };
  }

  /**
   * The page under `key` when it is stored and fresh, counted as a hit; null otherwise, and
   * nothing is counted: the caller goes on to getOrRender (the server's fast path, before its
   * static files).
   */
  peekFresh(key: string): CachedPage | null {
    const found = this.#lookup(key);
    if (!found || found.isStale) return null;
    this.#counts.hits++;
    return found.entry.page;
  }

  /** Whether a copy of `key` is stored (fresh or stale) or being rendered; nothing is counted. */
  holds(key: string): boolean {
    return this.#entries.has(key, { updateAgeOnHas: false }) || this.#flights.has(key);
  }

  /**
   * Drops `page` if it is still the one stored under its key: its body could not be read
   * (its file removed by hand), so the next request renders it again.
   */
  discard(page: CachedPage): void {
    if (this.#entries.peek(page.key)?.page === page) this.#entries.delete(page.key);
  }

  /**
   * The page under `key`, rendering it once however many ask at the same time. When the
   * stored copy is stale (invalidated, or past its age, by less than `staleMs`), the caller
   * that starts the new render waits for it, and callers arriving while it runs get the stale
   * copy; past `staleMs` they all wait. A render that throws rejects every caller waiting for
   * it with that error (a failing page fails once, not a hundred times) and stores nothing;
   * the next call renders again. A render that returns null stores nothing and answers BYPASS
   * to each waiter, which must then answer by itself: such a response may be personal, so it
   * is not handed to the others. `allowStale: false` (e.g. the writer's own requests) always
   * waits for the render.
   */
  async getOrRender(
    key: string,
    render: () => Promise<RenderedPage | null>,
    { allowStale = true }: { allowStale?: boolean } = {},
  ): Promise<PageCacheOutcome> {
    const found = this.#lookup(key);
    if (found && !found.isStale) {
      this.#counts.hits++;
      return { status: "HIT", page: found.entry.page };
    }
    const running = this.#flights.get(key);
    // The caller that starts the render waits for it, so the next request after a write
    // shows the write; those who arrive while it runs may take the previous copy.
    if (found && running && allowStale) {
      this.#counts.staleHits++;
      return { status: "STALE", page: found.entry.page };
    }
    const flight = running ?? this.#startFlight(key, render);
    this.#counts.misses++;
    const page = await flight.promise;
    return page ? { status: "MISS", page } : { status: "BYPASS" };
  }

  /**
   * Drops the pages carrying any of `tags` (or marks them stale for at most `staleMs`) and
   * returns how many. Renders running now may have read the data before the write: none of
   * them stays joinable (a caller arriving from now on starts a new render), and one whose
   * page carries an invalidated tag is handed to its earlier waiters but not stored.
   * `isRemote` marks an invalidation received from another instance, so a bridge does not
   * send it back.
   */
  invalidateTags(tags: Iterable<string>, { isRemote = false }: { isRemote?: boolean } = {}): number {
    const list = [...new Set(tags)];
    if (list.length === 0) return 0;
    for (const flight of this.#running) {
      for (const tag of list) flight.invalidatedTags.add(tag);
      this.#detach(flight);
    }
    const affected = new Set<Entry>();
    for (const tag of list) for (const entry of this.#tagIndex.get(tag) ?? []) affected.add(entry);
    for (const entry of affected) this.#invalidate(entry);
    this.#notify({ tags: list, isRemote });
    return affected.size;
  }

  /** Every page, for a change whose reach no tag names (a restore, a migration). */
  invalidateAll({ isRemote = false }: { isRemote?: boolean } = {}): number {
    for (const flight of this.#running) {
      flight.isAllInvalidated = true;
      this.#detach(flight);
    }
    const entries = [...this.#entries.values()];
    for (const entry of entries) this.#invalidate(entry);
    this.#notify({ tags: "all", isRemote });
    return entries.length;
  }

  /** The seam for a cross-instance bridge (LISTEN/NOTIFY); returns the unsubscribe. */
  onInvalidate(listener: (event: InvalidationEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  stats(): PageCacheStats {
    return {
      entries: this.#entries.size,
      bytes: this.#entries.calculatedSize,
      maxBytes: this.#options.maxBytes,
      ...this.#counts,
      rendersInFlight: this.#running.size,
    };
  }

  /** The entry and whether it is stale; one past its stale window is dropped here. */
  #lookup(key: string): { entry: Entry; isStale: boolean } | null {
    const entry = this.#entries.get(key);
    if (!entry) return null;
    const now = this.#options.now();
    const staleAt = Math.min(entry.freshUntil, entry.staleSince ?? Number.POSITIVE_INFINITY);
    if (now < staleAt) return { entry, isStale: false };
    if (now < staleAt + this.#options.staleMs) return { entry, isStale: true };
    this.#entries.delete(key);
    return null;
  }

  #startFlight(key: string, render: () => Promise<RenderedPage | null>): Flight {
    const flight: Flight = {
      key,
      seq: ++this.#renderSeq,
      invalidatedTags: new Set(),
      isAllInvalidated: false,
      promise: Promise.resolve(null),
    };
    this.#flights.set(key, flight);
    this.#running.add(flight);
    this.#counts.renders++;
    flight.promise = this.#fly(flight, render);
    return flight;
  }

  async #fly(flight: Flight, render: () => Promise<RenderedPage | null>): Promise<CachedPage | null> {
    try {
      const rendered = await render();
      if (!rendered) return null;
      const prepared = await this.#options.whileCopying(() => preparePage(flight.key, rendered, this.#options.keep));
      if ("refused" in prepared) return null;
      // Not kept (invalidated meanwhile, or too large): its waiters still read it, then it goes.
      if (!this.#store(flight, prepared.page)) releasePage(prepared.page);
      return prepared.page;
    } finally {
      this.#detach(flight);
      this.#running.delete(flight);
    }
  }

  /** Keeps the render's page unless a write since its start touched it or a newer render is kept. */
  #store(flight: Flight, page: CachedPage): boolean {
    if (flight.isAllInvalidated || page.tags.some((tag) => flight.invalidatedTags.has(tag))) return false;
    const current = this.#entries.peek(page.key);
    if (current && current.renderSeq > flight.seq) return false;
    const maxAge = page.status === 404 ? this.#options.notFoundMaxAgeMs : this.#options.maxAgeMs;
    const entry: Entry = {
      page,
      freshUntil: this.#options.now() + Math.min(maxAge, page.maxAgeMs ?? maxAge),
      staleSince: null,
      renderSeq: flight.seq,
    };
    this.#entries.set(page.key, entry);
    // lru-cache leaves out an entry over maxEntryBytes: it must not be indexed either.
    if (this.#entries.peek(page.key) !== entry) return false;
    this.#tag(entry);
    return true;
  }

  #detach(flight: Flight): void {
    if (this.#flights.get(flight.key) === flight) this.#flights.delete(flight.key);
  }

  #invalidate(entry: Entry): void {
    if (this.#entries.peek(entry.page.key) !== entry) return;
    if (this.#options.staleMs <= 0) this.#entries.delete(entry.page.key);
    else entry.staleSince ??= this.#options.now();
  }

  #tag(entry: Entry): void {
    for (const tag of entry.page.tags) {
      let entries = this.#tagIndex.get(tag);
      if (!entries) this.#tagIndex.set(tag, (entries = new Set()));
      entries.add(entry);
    }
  }

  #untag(entry: Entry): void {
    for (const tag of entry.page.tags) {
      const entries = this.#tagIndex.get(tag);
      entries?.delete(entry);
      if (entries?.size === 0) this.#tagIndex.delete(tag);
    }
  }

  #notify(event: InvalidationEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch (error) {
        this.#options.reportError?.(error, { during: "invalidation listener" });
      }
    }
  }
}

export function createPageCache(options: PageCacheOptions): PageCache {
  return new PageCache(options);
}
