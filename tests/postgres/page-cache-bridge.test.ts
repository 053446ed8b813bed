import { afterEach, expect, test } from "vitest";

import {
  decodeInvalidation,
  encodeInvalidation,
  type InvalidationBridge,
  startInvalidationBridge,
} from "~/lib/page-cache/invalidation-bridge.server";
import { createPageCache, type PageCache } from "~/lib/page-cache/page-cache.server";
import { SharedReads } from "~/lib/page-cache/shared-reads.server";
import { invalidatePages, shopInvalidation } from "~/lib/page-cache/shop-page-cache.server";

// Runs only with TEST_DATABASE_URL (see vitest.config.ts and .ci/run).
const databaseUrl = process.env.TEST_DATABASE_URL!;
const errors: string[] = [];
const bridges: InvalidationBridge[] = [];

afterEach(async () => {
  await Promise.all(bridges.splice(0).map((bridge) => bridge.stop()));
  errors.length = 0;
});

async function instance(): Promise<PageCache> {
  const cache = createPageCache({ maxBytes: 1024 * 1024 });
  const bridge = startInvalidationBridge({
    databaseUrl,
    cache,
    reportError: (message) => errors.push(message),
  });
  bridges.push(bridge);
  await bridge.ready;
  return cache;
}

async function store(cache: PageCache, key: string, tags: string[]): Promise<void> {
  await cache.getOrRender(key, async () => ({
    status: 200,
    headers: { "content-type": "text/html; charset=utf-8" },
    body: `<p>${key}</p>`,
    tags,
  }));
}

async function waitUntil(check: () => boolean, withinMs: number): Promise<number> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - started;
}

const isFresh = (cache: PageCache, key: string) => cache.get(key, "br")?.isStale === false;

test("a write's invalidation on one instance drops the page on the other within a second, and only that page", async () => {
  const [first, second] = [await instance(), await instance()];
  await store(second, "/producto/42", ["product:42", "settings"]);
  await store(second, "/producto/43", ["product:43", "settings"]);
  await store(first, "/producto/42", ["product:42", "settings"]);
  expect(isFresh(second, "/producto/42")).toBe(true);

  first.invalidateTags(["product:42"]);
  expect(isFresh(first, "/producto/42")).toBe(false);
  const elapsed = await waitUntil(() => !isFresh(second, "/producto/42"), 1_000);
  expect(elapsed).toBeLessThan(1_000);
  expect(isFresh(second, "/producto/43")).toBe(true);

  first.invalidateAll();
  await waitUntil(() => !isFresh(second, "/producto/43"), 1_000);
  expect(errors).toEqual([]);
});

test("an invalidation received from another instance is applied, not sent back", async () => {
  const [first, second] = [await instance(), await instance()];
  const seenByFirst: string[] = [];
  const seenBySecond: string[] = [];
  const describe = (event: { tags: readonly string[] | "all"; isRemote: boolean }) =>
    `${event.isRemote ? "remote" : "local"}:${String(event.tags)}`;
  first.onInvalidate((event) => seenByFirst.push(describe(event)));
  second.onInvalidate((event) => seenBySecond.push(describe(event)));
  first.invalidateTags(["settings"]);
  await store(first, "/", ["settings"]);
  first.invalidateTags(["promotions"]);
  await waitUntil(() => seenBySecond.length === 2, 1_000);
  // Time for an echo to come back, if there were one.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(seenBySecond).toEqual(["remote:settings", "remote:promotions"]);
  expect(seenByFirst).toEqual(["local:settings", "local:promotions"]);
  expect(isFresh(first, "/")).toBe(true);
});

test("the message: tags as sent, 'all' past NOTIFY's limit, nonsense ignored", () => {
  expect(decodeInvalidation(encodeInvalidation("a", ["product:1", "settings"]))).toEqual({
    from: "a",
    tags: ["product:1", "settings"],
  });
  const many = Array.from({ length: 2_000 }, (_, index) => `product:${index}`);
  expect(decodeInvalidation(encodeInvalidation("a", many))).toEqual({ from: "a", tags: "all" });
  expect(decodeInvalidation("not json")).toBeNull();
  expect(decodeInvalidation(JSON.stringify({ from: "a", tags: [1] }))).toBeNull();
  expect(decodeInvalidation(JSON.stringify({ tags: "all" }))).toBeNull();
});

test("the values kept in memory (ADR 043) follow the same bridge, with the page cache on or off", async () => {
  // This process's writes go through shopInvalidation (invalidatePages); the other instance
  // keeps its values in a store of its own, dropped by what its bridge receives.
  const local = startInvalidationBridge({ databaseUrl, cache: shopInvalidation, reportError: (m) => errors.push(m) });
  bridges.push(local);
  const kept = new SharedReads();
  const remote = startInvalidationBridge({
    databaseUrl,
    cache: {
      onInvalidate: () => () => {},
      invalidateTags: (tags) => kept.invalidateTags(tags),
      invalidateAll: () => kept.invalidateAll(),
    },
    reportError: (m) => errors.push(m),
  });
  bridges.push(remote);
  await Promise.all([local.ready, remote.ready]);
  await kept.read("shop-settings", ["settings", "delivery"], async () => ({ shopName: "Patitas" }));
  await kept.read("word-forms:whole:pelota", ["product:*"], async () => ["pelota"]);
  invalidatePages(["delivery"]);
  await waitUntil(() => kept.size === 1, 1_000);
  invalidatePages(["product:42"]);
  await waitUntil(() => kept.size === 0, 1_000);
  expect(errors).toEqual([]);
});
