import fc from "fast-check";
import { describe, expect, test } from "vitest";

import { searchMisses } from "~/db/schema";
import { flushSearchCounts } from "~/domain/search/search-counts.server";
import { createSharedRender } from "~/lib/page-cache/render-context.server";
import { hostileText } from "~test/hostile-input";
import { seededShopWithAdmin } from "~test/seeded-shop";

import { loader } from "./search";

const { handle } = seededShopWithAdmin();

type SearchData = Awaited<ReturnType<typeof loader>>;

/**
 * /buscar as the page cache renders it for everyone (`shared`, with the collector to read what
 * it would keep), or as rendered for one shopper.
 */
async function search(query: string, { shared = true } = {}) {
  const sharedRender = createSharedRender();
  const request = new Request(`http://localhost:3000/buscar?${query}`);
  const context = shared ? { sharedRender } : {};
  const data = (await loader({ request, params: {}, context } as never)) as SearchData;
  return { data, sharedRender };
}

/** The misses as the owner's list reads them: the counts held in memory written first (ADR 065). */
async function storedMisses() {
  await flushSearchCounts();
  return (await handle().db.select().from(searchMisses)).map((row) => [row.query, row.count]);
}

describe("/buscar", () => {
  test("a typo finds the products, with a suggestion from the shop's words; the page may be stored", async () => {
    const { data, sharedRender } = await search("q=croketas");
    expect(data.query).toBe("croketas");
    expect(data.products.map((product) => product.title)).toContain("Croquetas Ricocan Adulto Razas Medianas 15 kg");
    expect(data.productTotal).toBeGreaterThan(0);
    expect(data.suggestion).toBe("croquetas");
    expect(sharedRender.isCacheable).toBe(true);
    expect([...sharedRender.tags]).toEqual(expect.arrayContaining(["listings:products", "catalog:services"]));
  });

  test("services are found beside products, and only with the first page", async () => {
    const { data } = await search("q=ba%C3%B1o");
    expect(data.services.map((service) => service.title)).toContain("Baño y Corte para Perro");
    expect(data.serviceTotal).toBeGreaterThan(0);
  });

  test("a search that finds nothing is counted for the owner once per visit, and never stored", async () => {
    // The page cache's anonymous render: not kept, but it is the visitor's answer (the page is
    // the same for everyone), so it is counted there, once.
    const shared = await search("q=zzqxw");
    expect(shared.data.productTotal + shared.data.serviceTotal).toBe(0);
    expect(shared.sharedRender.isCacheable).toBe(false);
    expect(shared.sharedRender.isShareableUnstored).toBe(true);
    expect(await storedMisses()).toContainEqual(["zzqxw", 1]);
    await search("q=ZZQXW%20", { shared: false });
    expect(await storedMisses()).toContainEqual(["zzqxw", 2]);
    // Within a brand it is not a whole-shop search: not counted.
    await search("q=zzqxw&marca=ricocan", { shared: false });
    expect(await storedMisses()).toContainEqual(["zzqxw", 2]);
  });

  test("an empty query is a page inviting to type, not a miss", async () => {
    const { data } = await search("q=");
    expect(data.query).toBe("");
    expect(data.products).toEqual([]);
    expect((await storedMisses()).some(([query]) => query === "")).toBe(false);
  });

  test("a query of 10,000 characters is cut, not refused", async () => {
    const { data } = await search(`q=${"croquetas ".repeat(1000)}`);
    expect(data.query.length).toBeLessThanOrEqual(100);
    expect(data.query.startsWith("croquetas")).toBe(true);
  });

  test("whatever is typed, the page answers (never an exception)", async () => {
    await fc.assert(
      fc.asyncProperty(hostileText, async (text) => {
        const { data } = await search(new URLSearchParams({ q: text }).toString());
        expect(Array.isArray(data.products)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });
});
