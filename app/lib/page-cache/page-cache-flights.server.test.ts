// One render per page at a time, the stale window, and writes that land while a page renders.
import { describe, expect, test, vi } from "vitest";

import { createPageCache, type PageCacheOptions, type PageCacheOutcome } from "./page-cache.server";
import { type RenderedPage, selectVariant } from "./stored-page.server";

function setUp(options: Partial<PageCacheOptions> = {}) {
  const clock = { now: 0 };
  const cache = createPageCache({ maxBytes: 1024 * 1024, staleMs: 1_000, now: () => clock.now, ...options });
  return { cache, clock };
}

function page(price: string, tags = ["product:42"]): RenderedPage {
  return {
    status: 200,
    headers: { "Content-Type": "text/html; charset=utf-8" },
    body: `<html><body><p>Pelota Kong: ${price}</p></body></html>`,
    tags,
  };
}

/** A render the test finishes by hand, counting its calls. */
function controlledRender() {
  const pending: { resolve: (value: RenderedPage | null) => void; reject: (error: unknown) => void }[] = [];
  const render = vi.fn(
    () =>
      new Promise<RenderedPage | null>((resolve, reject) => {
        pending.push({ resolve, reject });
      }),
  );
  const settle = (index: number) => {
    const call = pending[index];
    if (!call) throw new Error(`render ${index} was not started`);
    return call;
  };
  return { render, settle };
}

function priceOf(outcome: PageCacheOutcome): string {
  if (outcome.status === "BYPASS") return "BYPASS";
  const html = selectVariant(outcome.page, "identity").body.toString();
  return /Pelota Kong: ([^<]*)/.exec(html)?.[1] ?? "";
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("single flight", () => {
  test("100 concurrent callers of one key run the render once and all get its page", async () => {
    const { cache } = setUp();
    const { render, settle } = controlledRender();
    const callers = Array.from({ length: 100 }, () => cache.getOrRender("/producto/42", render));
    await tick();
    expect(render).toHaveBeenCalledTimes(1);
    expect(cache.stats().rendersInFlight).toBe(1);
    settle(0).resolve(page("S/ 45.00"));
    const outcomes = await Promise.all(callers);
    expect(new Set(outcomes.map((outcome) => outcome.status))).toEqual(new Set(["MISS"]));
    expect(new Set(outcomes.map(priceOf))).toEqual(new Set(["S/ 45.00"]));
    expect(cache.stats()).toMatchObject({ entries: 1, misses: 100, renders: 1, rendersInFlight: 0 });
    expect((await cache.getOrRender("/producto/42", render)).status).toBe("HIT");
    expect(render).toHaveBeenCalledTimes(1);
  });

  test("two keys render separately", async () => {
    const { cache } = setUp();
    const { render, settle } = controlledRender();
    const a = cache.getOrRender("/producto/42", render);
    const b = cache.getOrRender("/producto/43", render);
    expect(render).toHaveBeenCalledTimes(2);
    settle(0).resolve(page("A"));
    settle(1).resolve(page("B", ["product:43"]));
    expect([priceOf(await a), priceOf(await b)]).toEqual(["A", "B"]);
  });

  test("a render that throws rejects every waiter with its error, stores nothing, and is tried again", async () => {
    const { cache } = setUp();
    const { render, settle } = controlledRender();
    const callers = Array.from({ length: 20 }, () => cache.getOrRender("/producto/42", render));
    const failure = new Error("la base de datos no responde");
    settle(0).reject(failure);
    const results = await Promise.allSettled(callers);
    expect(results.every((result) => result.status === "rejected" && result.reason === failure)).toBe(true);
    expect(cache.stats()).toMatchObject({ entries: 0, rendersInFlight: 0 });
    const again = cache.getOrRender("/producto/42", render);
    settle(1).resolve(page("S/ 45.00"));
    expect(priceOf(await again)).toBe("S/ 45.00");
    expect(render).toHaveBeenCalledTimes(2);
  });

  test("a render that returns null tells every waiter to answer by itself and stores nothing", async () => {
    const { cache } = setUp();
    const { render, settle } = controlledRender();
    const callers = Array.from({ length: 10 }, () => cache.getOrRender("/producto/42", render));
    settle(0).resolve(null);
    expect((await Promise.all(callers)).every((outcome) => outcome.status === "BYPASS")).toBe(true);
    expect(render).toHaveBeenCalledTimes(1);
    expect(cache.stats().entries).toBe(0);
  });
});

describe("the stale window after an invalidation", () => {
  /** A cache holding /producto/42 at S/ 45.00, invalidated at t = 10. */
  async function invalidated(options: Partial<PageCacheOptions> = {}) {
    const { cache, clock } = setUp(options);
    const { render, settle } = controlledRender();
    const first = cache.getOrRender("/producto/42", render);
    settle(0).resolve(page("S/ 45.00"));
    await first;
    clock.now = 10;
    cache.invalidateTags(["product:42"]);
    return { cache, clock, render, settle };
  }

  test("the first caller renders and waits; those arriving meanwhile get the previous copy, marked STALE", async () => {
    const { cache, clock, render, settle } = await invalidated();
    clock.now = 500;
    const first = cache.getOrRender("/producto/42", render);
    const others = await Promise.all(Array.from({ length: 99 }, () => cache.getOrRender("/producto/42", render)));
    expect(others.every((outcome) => outcome.status === "STALE" && priceOf(outcome) === "S/ 45.00")).toBe(true);
    expect(render).toHaveBeenCalledTimes(2);
    clock.now = 1_009;
    expect((await cache.getOrRender("/producto/42", render)).status).toBe("STALE");
    // The window is over: this caller waits for the render already running.
    clock.now = 1_010;
    const late = cache.getOrRender("/producto/42", render);
    expect(await Promise.race([late.then(() => "answered"), tick().then(() => "waiting")])).toBe("waiting");
    settle(1).resolve(page("S/ 39.90"));
    for (const outcome of [await first, await late]) {
      expect(outcome.status).toBe("MISS");
      expect(priceOf(outcome)).toBe("S/ 39.90");
    }
    expect(await cache.getOrRender("/producto/42", render)).toMatchObject({ status: "HIT" });
    expect(render).toHaveBeenCalledTimes(2);
    expect(cache.stats()).toMatchObject({ staleHits: 100, renders: 2 });
  });

  test("so the next request after a write, alone, shows the write", async () => {
    const { cache, render, settle } = await invalidated();
    const next = cache.getOrRender("/producto/42", render);
    settle(1).resolve(page("S/ 39.90"));
    expect(await next).toMatchObject({ status: "MISS" });
    expect(priceOf(await next)).toBe("S/ 39.90");
  });

  test("a later invalidation does not extend the window", async () => {
    const { cache, clock, render, settle } = await invalidated();
    clock.now = 900;
    cache.invalidateTags(["product:42"]);
    const first = cache.getOrRender("/producto/42", render);
    expect((await cache.getOrRender("/producto/42", render)).status).toBe("STALE");
    clock.now = 1_010;
    const late = cache.getOrRender("/producto/42", render);
    settle(1).resolve(page("S/ 39.90"));
    expect([(await first).status, (await late).status]).toEqual(["MISS", "MISS"]);
  });

  test("allowStale: false waits for the render", async () => {
    const { cache, render, settle } = await invalidated();
    const first = cache.getOrRender("/producto/42", render);
    const owner = cache.getOrRender("/producto/42", render, { allowStale: false });
    expect((await cache.getOrRender("/producto/42", render)).status).toBe("STALE");
    settle(1).resolve(page("S/ 39.90"));
    expect(priceOf(await owner)).toBe("S/ 39.90");
    expect((await first).status).toBe("MISS");
  });

  test("a render that fails leaves the stale copy for the rest of the window, and the next caller renders", async () => {
    const { cache, clock, render, settle } = await invalidated();
    const first = cache.getOrRender("/producto/42", render);
    const failure = new Error("timeout");
    settle(1).reject(failure);
    await expect(first).rejects.toBe(failure);
    clock.now = 500;
    const retry = cache.getOrRender("/producto/42", render);
    expect((await cache.getOrRender("/producto/42", render)).status).toBe("STALE");
    settle(2).resolve(page("S/ 39.90"));
    expect(priceOf(await retry)).toBe("S/ 39.90");
    expect(render).toHaveBeenCalledTimes(3);
  });

  test("a page past its age is stale the same way", async () => {
    const { cache, clock } = setUp({ maxAgeMs: 60_000 });
    const { render, settle } = controlledRender();
    const first = cache.getOrRender("/", render);
    settle(0).resolve(page("S/ 45.00"));
    await first;
    clock.now = 60_500;
    const renewing = cache.getOrRender("/", render);
    expect((await cache.getOrRender("/", render)).status).toBe("STALE");
    clock.now = 61_000;
    const waiting = cache.getOrRender("/", render);
    settle(1).resolve(page("S/ 39.90"));
    expect([(await renewing).status, (await waiting).status]).toEqual(["MISS", "MISS"]);
  });
});

describe("a write while a page renders", () => {
  test("the render's page goes to its earlier callers but is not stored; later callers get a new render", async () => {
    const { cache } = setUp();
    const { render, settle } = controlledRender();
    // The render reads the price before the owner's save...
    const before = cache.getOrRender("/producto/42", render);
    // ...the save commits and drops the product's pages before answering...
    cache.invalidateTags(["product:42"]);
    // ...and a shopper who asks after that answer must not join the render begun before it.
    const after = cache.getOrRender("/producto/42", render);
    expect(render).toHaveBeenCalledTimes(2);
    settle(0).resolve(page("S/ 45.00"));
    expect(priceOf(await before)).toBe("S/ 45.00");
    expect(cache.stats().entries).toBe(0);
    expect(cache.get("/producto/42", "br")).toBeNull();
    settle(1).resolve(page("S/ 39.90"));
    expect(priceOf(await after)).toBe("S/ 39.90");
    expect(priceOf(await cache.getOrRender("/producto/42", render))).toBe("S/ 39.90");
    expect(render).toHaveBeenCalledTimes(2);
  });

  test("the same when the write lands after the render has returned, while its page is compressed", async () => {
    const { cache } = setUp();
    const { render, settle } = controlledRender();
    const before = cache.getOrRender("/producto/42", render);
    settle(0).resolve(page("S/ 45.00"));
    cache.invalidateTags(["product:42"]);
    expect((await before).status).toBe("MISS");
    expect(cache.stats().entries).toBe(0);
  });

  test("invalidateAll during a render keeps its page out too", async () => {
    const { cache } = setUp();
    const { render, settle } = controlledRender();
    const before = cache.getOrRender("/", render);
    cache.invalidateAll();
    settle(0).resolve(page("S/ 45.00", ["settings"]));
    await before;
    expect(cache.stats().entries).toBe(0);
  });

  test("a write to another product does not keep the page out", async () => {
    const { cache } = setUp();
    const { render, settle } = controlledRender();
    const before = cache.getOrRender("/producto/42", render);
    cache.invalidateTags(["product:43"]);
    settle(0).resolve(page("S/ 45.00"));
    await before;
    expect(cache.get("/producto/42", "br")?.isStale).toBe(false);
  });

  test("an older render finishing last does not replace the newer page", async () => {
    const { cache } = setUp();
    const { render, settle } = controlledRender();
    const older = cache.getOrRender("/producto/42", render);
    // An unrelated write detaches the running render; the next caller starts a second one.
    cache.invalidateTags(["settings"]);
    const newer = cache.getOrRender("/producto/42", render);
    settle(1).resolve(page("S/ 39.90"));
    await newer;
    settle(0).resolve(page("S/ 45.00"));
    await older;
    const stored = cache.get("/producto/42", "identity");
    expect(stored?.variant.body.toString()).toContain("S/ 39.90");
  });
});
