import { describe, expect, test, vi } from "vitest";

import { createPageCache, type PageCacheOptions } from "./page-cache.server";
import { type CachedPage, type RenderedPage, selectVariant } from "./stored-page.server";

/** A cache on a clock the test moves by hand. */
function setUp(options: Partial<PageCacheOptions> = {}) {
  const clock = { now: 0 };
  const cache = createPageCache({ maxBytes: 1024 * 1024, now: () => clock.now, ...options });
  return { cache, clock };
}

function html(text: string, tags: string[], overrides: Partial<RenderedPage> = {}): RenderedPage {
  return {
    status: 200,
    headers: { "Content-Type": "text/html; charset=utf-8" },
    body: `<!DOCTYPE html><html><body><h1>${text}</h1></body></html>`,
    tags,
    ...overrides,
  };
}

/** A body of exactly `bytes` that is kept as it is, so that entries' sizes are known. */
function jpeg(bytes: number, tags: string[]): RenderedPage {
  return { status: 200, headers: { "Content-Type": "image/jpeg" }, body: new Uint8Array(bytes).fill(7), tags };
}

const text = (page: CachedPage) => selectVariant(page, "identity").body.toString();

async function store(cache: ReturnType<typeof setUp>["cache"], key: string, page: RenderedPage) {
  const outcome = await cache.getOrRender(key, async () => page);
  if (outcome.status !== "MISS") throw new Error(`expected a render of ${key}, got ${outcome.status}`);
  return outcome.page;
}

describe("hits and copies", () => {
  test("a stored page is a HIT, without rendering, in the copy the client accepts", async () => {
    const { cache } = setUp();
    await store(cache, "/", html("Inicio", ["settings"]));
    const render = vi.fn(async () => html("otra", []));
    const outcome = await cache.getOrRender("/", render);
    expect(outcome.status).toBe("HIT");
    expect(render).not.toHaveBeenCalled();
    const lookup = cache.get("/", "gzip, deflate, br");
    expect(lookup?.isStale).toBe(false);
    expect(lookup?.variant.encoding).toBe("br");
    expect(lookup && text(lookup.page)).toContain("<h1>Inicio</h1>");
    expect(cache.get("/", "gzip")?.variant.encoding).toBe("gzip");
    expect(cache.get("/nosotros", "br")).toBeNull();
  });

  test("the copies are made inside whileCopying (the render line's open place), after the render and only for a page kept", async () => {
    const steps: string[] = [];
    const { cache } = setUp({
      whileCopying: async (work) => {
        steps.push("copias: empiezan");
        const result = await work();
        steps.push("copias: listas");
        return result;
      },
    });
    const page = await store(cache, "/", html("Inicio", ["settings"]));
    expect(text(page)).toContain("<h1>Inicio</h1>");
    expect(steps).toEqual(["copias: empiezan", "copias: listas"]);
    const withCookie = new Headers({ "Content-Type": "text/html", "Set-Cookie": "patitas_toast=; Max-Age=0" });
    expect(await cache.getOrRender("/cuenta", async () => html("Hola", [], { headers: withCookie }))).toEqual({
      status: "BYPASS",
    });
    expect(await cache.getOrRender("/otra", async () => null)).toEqual({ status: "BYPASS" });
    // The refused page went through the copying step (which refuses it); a null render never reaches it.
    expect(steps).toHaveLength(4);
  });

  test("a page that sets a cookie is never stored: every caller is told to answer by itself", async () => {
    const { cache } = setUp();
    const withCookie = new Headers({ "Content-Type": "text/html" });
    withCookie.append("Set-Cookie", "patitas_toast=; Max-Age=0");
    const render = vi.fn(async () => html("Hola, Ana", [], { headers: withCookie }));
    expect(await cache.getOrRender("/", render)).toEqual({ status: "BYPASS" });
    expect(await cache.getOrRender("/", render)).toEqual({ status: "BYPASS" });
    expect(render).toHaveBeenCalledTimes(2);
    expect(cache.stats().entries).toBe(0);
  });

  test("a page over the entry limit is handed to its caller but not kept", async () => {
    const { cache } = setUp({ maxBytes: 100_000, maxEntryBytes: 5_000 });
    const outcome = await cache.getOrRender("/grande", async () => jpeg(6_000, ["catalog"]));
    expect(outcome.status).toBe("MISS");
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
    // Not indexed either: invalidating its tag finds nothing.
    expect(cache.invalidateTags(["catalog"])).toBe(0);
  });
});

describe("the bound in bytes", () => {
  test("holds the sum of entry sizes under maxBytes, least recently used out first", async () => {
    const probe = setUp();
    const size = (await store(probe.cache, "/p/0", jpeg(1_000, ["product:0"]))).size;
    const { cache } = setUp({ maxBytes: 3 * size + 10, maxEntryBytes: size });
    for (const id of [1, 2, 3]) await store(cache, `/p/${id}`, jpeg(1_000, [`product:${id}`]));
    expect(cache.stats()).toMatchObject({ entries: 3, bytes: 3 * size, evictions: 0 });
    // /p/1 is read, so /p/2 is now the least recently used.
    expect(cache.get("/p/1", "br")).not.toBeNull();
    await store(cache, "/p/4", jpeg(1_000, ["product:4"]));
    expect(cache.stats()).toMatchObject({ entries: 3, bytes: 3 * size, evictions: 1 });
    expect(cache.get("/p/2", "br")).toBeNull();
    for (const key of ["/p/1", "/p/3", "/p/4"]) expect(cache.get(key, "br")).not.toBeNull();
    // An evicted page leaves the tag index too.
    expect(cache.invalidateTags(["product:2"])).toBe(0);
  });
});

describe("tags", () => {
  test("invalidating product:42 drops the pages showing it and leaves product 43's", async () => {
    const { cache } = setUp({ staleMs: 0 });
    await store(cache, "/producto/42", html("Pelota", ["product:42", "settings"]));
    await store(cache, "/producto/43", html("Hueso", ["product:43", "settings"]));
    await store(cache, "/productos/perros", html("Perros", ["product:42", "product:43", "level:perros"]));
    expect(cache.invalidateTags(["product:42"])).toBe(2);
    expect(cache.get("/producto/42", "br")).toBeNull();
    expect(cache.get("/productos/perros", "br")).toBeNull();
    expect(cache.get("/producto/43", "br")?.isStale).toBe(false);
    expect(cache.stats().entries).toBe(1);
    expect(cache.invalidateTags(["settings", "settings"])).toBe(1);
    expect(cache.invalidateTags(["product:42"])).toBe(0);
    expect(cache.stats().entries).toBe(0);
  });

  test("with a stale window the invalidated pages are kept, marked stale, then dropped", async () => {
    const { cache, clock } = setUp({ staleMs: 1_000 });
    await store(cache, "/producto/42", html("Pelota", ["product:42"]));
    await store(cache, "/producto/43", html("Hueso", ["product:43"]));
    clock.now = 100;
    cache.invalidateTags(["product:42"]);
    expect(cache.get("/producto/42", "br")?.isStale).toBe(true);
    clock.now = 1_099;
    expect(cache.get("/producto/42", "br")?.isStale).toBe(true);
    clock.now = 1_100;
    expect(cache.get("/producto/42", "br")).toBeNull();
    expect(cache.get("/producto/43", "br")?.isStale).toBe(false);
    expect(cache.stats().entries).toBe(1);
  });

  test("invalidateAll reaches every page", async () => {
    const { cache } = setUp({ staleMs: 0 });
    await store(cache, "/", html("Inicio", ["settings"]));
    await store(cache, "/faq", html("FAQ", []));
    expect(cache.invalidateAll()).toBe(2);
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  test("listeners hear each invalidation, local or remote; one that throws does not stop the others", async () => {
    const reportError = vi.fn();
    const { cache } = setUp({ reportError });
    const heard: unknown[] = [];
    cache.onInvalidate(() => {
      throw new Error("puente caído");
    });
    const stop = cache.onInvalidate((event) => heard.push(event));
    cache.invalidateTags(["product:42", "level:perros"]);
    cache.invalidateTags(["settings"], { isRemote: true });
    cache.invalidateTags([]);
    cache.invalidateAll();
    stop();
    cache.invalidateTags(["product:1"]);
    expect(heard).toEqual([
      { tags: ["product:42", "level:perros"], isRemote: false },
      { tags: ["settings"], isRemote: true },
      { tags: "all", isRemote: false },
    ]);
    expect(reportError).toHaveBeenCalledTimes(4);
    expect(reportError.mock.calls[0]?.[1]).toEqual({ during: "invalidation listener" });
  });
});

describe("lifetimes", () => {
  test("a 404 lives 30 s, then is stale for the window, then gone; a 200 lives on", async () => {
    const { cache, clock } = setUp({ staleMs: 1_000 });
    await store(cache, "/producto/999", html("No encontrado", ["product:999"], { status: 404 }));
    await store(cache, "/producto/42", html("Pelota", ["product:42"]));
    clock.now = 29_999;
    expect(cache.get("/producto/999", "br")).toMatchObject({ isStale: false, page: { status: 404 } });
    clock.now = 30_000;
    expect(cache.get("/producto/999", "br")?.isStale).toBe(true);
    clock.now = 31_000;
    expect(cache.get("/producto/999", "br")).toBeNull();
    expect(cache.get("/producto/42", "br")?.isStale).toBe(false);
  });

  test("a 200 goes stale after maxAgeMs, or sooner when the page asks for less", async () => {
    const { cache, clock } = setUp({ maxAgeMs: 60_000 });
    await store(cache, "/", html("Inicio", []));
    await store(cache, "/libro-reclamaciones", html("Libro", [], { maxAgeMs: 5_000 }));
    await store(cache, "/faq", html("FAQ", [], { maxAgeMs: 120_000 }));
    clock.now = 5_000;
    expect(cache.get("/libro-reclamaciones", "br")?.isStale).toBe(true);
    expect(cache.get("/", "br")?.isStale).toBe(false);
    clock.now = 60_000;
    expect(cache.get("/", "br")?.isStale).toBe(true);
    expect(cache.get("/faq", "br")?.isStale).toBe(true);
  });
});

describe("stats", () => {
  test("count hits, misses, stale hits, renders and evictions", async () => {
    const { cache, clock } = setUp({ staleMs: 1_000 });
    await store(cache, "/", html("Inicio", ["settings"]));
    await cache.getOrRender("/", async () => null);
    cache.get("/", "br");
    cache.get("/faq", "br");
    cache.invalidateTags(["settings"]);
    let finish = () => {};
    const rendering = cache.getOrRender(
      "/",
      () => new Promise((resolve) => (finish = () => resolve(html("Inicio 2", ["settings"])))),
    );
    expect((await cache.getOrRender("/", async () => null)).status).toBe("STALE");
    expect(cache.stats().rendersInFlight).toBe(1);
    finish();
    expect((await rendering).status).toBe("MISS");
    clock.now = 10;
    expect(cache.get("/", "br")?.isStale).toBe(false);
    expect(cache.stats()).toMatchObject({
      entries: 1,
      hits: 3,
      misses: 3,
      staleHits: 1,
      evictions: 0,
      renders: 2,
      rendersInFlight: 0,
    });
    expect(cache.stats().bytes).toBeGreaterThan(0);
    expect(cache.stats().maxBytes).toBe(1024 * 1024);
  });
});
