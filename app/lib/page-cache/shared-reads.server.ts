// What nearly every request reads and the owner rarely changes (the settings row, the payment
// methods, the delivery districts, the search's word forms), kept in memory and dropped by the
// page cache's own tags (ADR 043): the write that drops the pages showing a value drops the
// value too, on this instance at once and on the others through the invalidation bridge.
// Nothing personal is ever kept here: only what every visitor sees alike.
import { LRUCache } from "lru-cache";

/** A value read again at least this often, whatever the tags say (a change made by hand in SQL). */
const MAX_AGE_MS = 60_000;
/** Enough for the shop's few settings and some thousands of searched words. */
const MAX_ENTRIES = 5_000;

type Entry = { value: Promise<unknown>; tags: readonly string[] };

/** A tag ending in '*' matches every tag that starts with what comes before it ('product:*'). */
function tagMatches(held: string, dropped: string): boolean {
  return held === dropped || (held.endsWith("*") && dropped.startsWith(held.slice(0, -1)));
}

export class SharedReads {
  readonly #entries: LRUCache<string, Entry>;

  constructor({ maxAgeMs = MAX_AGE_MS, now }: { maxAgeMs?: number; now?: () => number } = {}) {
    this.#entries = new LRUCache<string, Entry>({
      max: MAX_ENTRIES,
      ttl: maxAgeMs,
      ttlResolution: 0,
      ...(now ? { perf: { now } } : {}),
    });
  }

  /**
   * The value kept under `key`, or `load()`'s, kept until a write drops one of `tags`. A load
   * that fails is not kept. Callers arriving while it runs share it; a write meanwhile drops
   * it, so the first request after the write reads anew.
   */
  read<T>(key: string, tags: readonly string[], load: () => Promise<T>): Promise<T> {
    const found = this.#entries.get(key);
    if (found) return found.value as Promise<T>;
    // Promise.resolve: a query builder is a thenable that runs its query again on every `then`.
    const entry: Entry = { value: Promise.resolve(load()), tags };
    this.#entries.set(key, entry);
    entry.value.catch(() => {
      if (this.#entries.get(key) === entry) this.#entries.delete(key);
    });
    return entry.value as Promise<T>;
  }

  /**
   * The values of `keys`: those kept, and the others read together by one `loadMissing` call
   * (one statement for all), each then kept on its own. `loadMissing` answers every key it is given.
   */
  async readMany<T>(
    keys: readonly string[],
    tags: readonly string[],
    loadMissing: (missing: string[]) => Promise<ReadonlyMap<string, T>>,
  ): Promise<Map<string, T>> {
    const unique = [...new Set(keys)];
    const missing = unique.filter((key) => !this.#entries.has(key));
    // Only the missing keys' loads run (read() is called for all of them in this same tick).
    const batch = missing.length > 0 ? Promise.resolve(loadMissing(missing)) : null;
    const values = await Promise.all(
      unique.map((key) =>
        this.read(key, tags, async () => {
          const found = await batch!;
          if (!found.has(key)) throw new Error(`shared reads: no value for ${key}`);
          return found.get(key) as T;
        }),
      ),
    );
    return new Map(unique.map((key, index) => [key, values[index]!]));
  }

  invalidateTags(tags: Iterable<string>): void {
    const dropped = [...tags];
    for (const [key, entry] of this.#entries.entries()) {
      if (entry.tags.some((held) => dropped.some((tag) => tagMatches(held, tag)))) this.#entries.delete(key);
    }
  }

  invalidateAll(): void {
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}

// One store per database (a test opens many), on globalThis so the development server's module
// reloads keep it with the page cache.
const SLOT = Symbol.for("patitas.shared-reads");
type Slot = { stores: WeakMap<object, SharedReads>; all: Set<WeakRef<SharedReads>>; isEnabled: boolean };

function slot(): Slot {
  const holder = globalThis as typeof globalThis & { [SLOT]?: Slot };
  holder[SLOT] ??= { stores: new WeakMap(), all: new Set(), isEnabled: true };
  return holder[SLOT];
}

function storeOf(owner: object): SharedReads {
  const state = slot();
  let store = state.stores.get(owner);
  if (!store) {
    store = new SharedReads();
    state.stores.set(owner, store);
    state.all.add(new WeakRef(store));
  }
  return store;
}

/** What a shared value is to its readers: nothing in it may be changed (deepFreeze, and the types). */
export type Frozen<T> = T extends (infer U)[]
  ? readonly Frozen<U>[]
  : T extends ReadonlyMap<infer K, infer V>
    ? ReadonlyMap<K, Frozen<V>>
    : T extends Date
      ? Date
      : T extends object
        ? { readonly [P in keyof T]: Frozen<T[P]> }
        : T;

/**
 * Freezes a value read from the database and all it holds (arrays and plain objects; a Map's
 * or a Date's contents cannot be frozen, and none of the shared values holds one). Every caller
 * then shares the same value: one that tried to change it would throw (modules are strict),
 * and the Frozen type stops that at compile time.
 */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * `load()`'s answer, kept for the database `owner` (pass `getDb()`) until a write drops one of
 * `tags` (pageTags). Use it only for what every visitor sees alike, read outside transactions.
 * Every caller receives the same frozen value (no copy: copying the settings, the payment
 * methods and the delivery districts was 1.5 % of a cart page's CPU).
 */
export function readShared<T>(
  owner: object,
  key: string,
  tags: readonly string[],
  load: () => Promise<T>,
): Promise<Frozen<T>> {
  const frozenLoad = async () => deepFreeze(await load()) as Frozen<T>;
  if (!slot().isEnabled) return frozenLoad();
  return storeOf(owner).read(key, tags, frozenLoad);
}

/** readShared for many keys at once: the missing ones read by one `loadMissing` call (SharedReads.readMany). */
export async function readSharedMany<T>(
  owner: object,
  keys: readonly string[],
  tags: readonly string[],
  loadMissing: (missing: string[]) => Promise<ReadonlyMap<string, T>>,
): Promise<Map<string, Frozen<T>>> {
  const frozenLoad = async (missing: string[]) => {
    const found = await loadMissing(missing);
    for (const value of found.values()) deepFreeze(value);
    return found as ReadonlyMap<string, Frozen<T>>;
  };
  if (!slot().isEnabled) {
    const unique = [...new Set(keys)];
    return unique.length > 0 ? new Map(await frozenLoad(unique)) : new Map();
  }
  return storeOf(owner).readMany(keys, tags, frozenLoad);
}

/** Drops the kept values of every database carrying one of `tags` (or all of them). */
export function invalidateSharedReads(tags: Iterable<string> | "all"): void {
  const list = tags === "all" ? "all" : [...tags];
  for (const ref of slot().all) {
    const store = ref.deref();
    if (!store) slot().all.delete(ref);
    else if (list === "all") store.invalidateAll();
    else store.invalidateTags(list);
  }
}

/**
 * The test suite's seam: most tests write settings straight into their database, as no request
 * would, and read them back at once. They run without this store (tests/support/direct-reads.ts);
 * the tests of the store itself turn it on.
 */
export function setSharedReadsEnabled(isEnabled: boolean): void {
  slot().isEnabled = isEnabled;
  if (!isEnabled) invalidateSharedReads("all");
}
