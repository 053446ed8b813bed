import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";

import { products } from "~/db/schema";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { pageTags } from "~/lib/page-cache/page-tags";
import { createSharedRender } from "~/lib/page-cache/render-context.server";
import type { InstantSearchResponse } from "~/ui/search/instant-search-item";
import { setUpTestDatabase } from "~test/test-database";

import { loader } from "./instant-search";

const { handle } = setUpTestDatabase();

beforeAll(async () => {
  await seedDemoShop(handle().db);
});

async function get(rawQuery: string, context: object = {}) {
  const request = new Request(`http://localhost/api/buscar${rawQuery}`);
  return loader({ request, params: {}, context } as never);
}

async function search(q: string) {
  const response = await get(`?${new URLSearchParams({ q })}`);
  expect(response.status).toBe(200);
  return (await response.json()) as InstantSearchResponse;
}

describe("GET /api/buscar", () => {
  test("a typo finds the croquetas, with the panel's picture, link and offer price", async () => {
    const response = await get("?q=croketas");
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=30");
    const { query, items } = (await response.json()) as InstantSearchResponse;
    expect(query).toBe("croketas");
    const [first] = items;
    expect(first).toMatchObject({
      kind: "product",
      title: "Croquetas Ricocan Adulto Razas Medianas 15 kg",
      href: `/producto/${first!.id}`,
      imageAlt: "Saco de croquetas para perro adulto de raza mediana",
      isSoldOut: false,
    });
    expect(first!.image.src).toMatch(/^\/images\/products\/croquetas-perro-adulto/);
    // On offer, as on its card: the offer price, the regular one struck beside it.
    expect(first).toMatchObject({
      priceText: "S/\u00a0114.90",
      regularPriceText: "S/\u00a0129.90",
      isFromPrice: false,
    });
    // 'croquetas, alimento seco' (a seeded synonym group): presentaciones at several prices say 'Desde'.
    expect(items.find((item) => item.title === "Alimento Pro Plan Cachorro Razas Pequeñas")).toMatchObject({
      isFromPrice: true,
      priceText: "S/\u00a079.90",
      regularPriceText: "S/\u00a089.90",
    });
  });

  test("an offer shows its price beside the regular one, struck", async () => {
    const { db } = handle();
    const [snack] = await db.select().from(products).where(eq(products.title, "Snack Dental para Perro x 7 unidades"));
    await db.update(products).set({ isOfferActive: true, offerPriceCents: 1990 }).where(eq(products.id, snack!.id));
    const { items } = await search("snack dental");
    expect(items[0]).toMatchObject({
      title: "Snack Dental para Perro x 7 unidades",
      priceText: "S/\u00a019.90",
      regularPriceText: "S/\u00a024.50",
    });
    await db.update(products).set({ isOfferActive: false, offerPriceCents: null }).where(eq(products.id, snack!.id));
  });

  test("a sold-out product is listed, marked, after those in stock", async () => {
    const { db } = handle();
    const [cama] = await db.select().from(products).where(eq(products.title, "Cama Acolchada Redonda para Gato"));
    await db.update(products).set({ stock: 0 }).where(eq(products.id, cama!.id));
    const { items } = await search("cama gato");
    expect(items.find((item) => item.id === cama!.id)).toMatchObject({
      isSoldOut: true,
      priceText: "S/\u00a089.90",
      regularPriceText: null,
    });
    await db.update(products).set({ stock: 30 }).where(eq(products.id, cama!.id));
  });

  test("a service links to the services catalogue searched for it; a hidden price says 'Consultar'", async () => {
    const { items } = await search("baño");
    const bath = items.find((item) => item.kind === "service");
    expect(bath).toMatchObject({
      title: "Baño y Corte para Perro",
      href: "/servicios?q=Ba%C3%B1o+y+Corte+para+Perro",
      priceText: "S/\u00a060.00",
      isFromPrice: false,
      isSoldOut: false,
    });
    const { items: deworming } = await search("desparasitacion");
    expect(deworming.find((item) => item.kind === "service")).toMatchObject({
      title: "Desparasitación",
      priceText: "Consultar",
      regularPriceText: null,
    });
  });

  test("at most six results; under two letters, none", async () => {
    expect((await search("pe")).items.length).toBeLessThanOrEqual(6);
    expect(await search("p")).toEqual({ query: "p", items: [] });
    expect(await search("")).toEqual({ query: "", items: [] });
    const response = await get("");
    expect(await response.json()).toEqual({ query: "", items: [] });
  });

  test.each([
    ["10,000 characters", "croquetas ".repeat(1000)],
    ["only symbols", "%_'\"\\;--()[]{}<>*&^$#@!~`|"],
    ["an SQL fragment", "'; DROP TABLE products; --"],
    ["a NUL", "cro\u0000quetas"],
    ["emoji", "🐶🐱 croquetas ❤️"],
    ["a tsquery's operators", "perro & !gato | (:*"],
  ])("%s: a normal JSON answer", async (_label, q) => {
    const started = performance.now();
    const body = await search(q);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(Array.isArray(body.items)).toBe(true);
    expect(body.items.length).toBeLessThanOrEqual(6);
    expect(body.query.length).toBeLessThanOrEqual(200);
  });

  test("raw NUL and broken escapes in the address answer JSON too", async () => {
    for (const raw of ["?q=%00", "?q=%E0%A4%A", "?q=%FF%FE", "?q=a&q=b", "?q"]) {
      const response = await get(raw);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ items: expect.any(Array) });
    }
  });

  test("the page cache may store it, dropped by product, taxonomy and service writes", async () => {
    const sharedRender = createSharedRender();
    await get("?q=croquetas", { sharedRender });
    expect(sharedRender.isCacheable).toBe(true);
    expect([...sharedRender.tags].sort()).toEqual(
      [pageTags.productListings, pageTags.catalog("products"), pageTags.catalog("services")].sort(),
    );
  });
});
