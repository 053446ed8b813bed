// The engine against a real database (PGlite, and PostgreSQL with TEST_DATABASE_URL): the
// documents stay right whatever writes, synonyms apply at once, hostile input is harmless.
import { eq, sql, TransactionRollbackError } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";

import {
  brands,
  productCategories,
  products,
  productVariants,
  searchDays,
  searchMisses,
  searchSynonyms,
} from "~/db/schema";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { setUpTestDatabase } from "~test/test-database";

import { prepareSearchQuery, refreshSearchWords, searchCatalog, suggestQuery } from "./catalog-search.server";
import { findProducts, findProductsAndServices, findServices, query, withIndexPlan } from "./catalog-search-sql.server";
import { instantResults } from "./instant-results.server";
import { MAX_QUERY_LENGTH } from "./query-length";
import { flushSearchCounts } from "./search-counts.server";
import { listSearchMisses, MAX_SEARCH_MISSES, noteSearchOutcome, recordSearchMiss } from "./search-misses.server";
import { adjacentSwaps, wordSplits } from "./word-forms-sql.server";

const { handle } = setUpTestDatabase();

beforeAll(async () => {
  await seedDemoShop(handle().db);
});

const titlesFor = async (q: string) => (await searchCatalog({ q })).products.items.map((item) => item.title);

describe("the search document follows every write", () => {
  test("the migration indexed the seeded shop: title, brand, level, presentación, description", async () => {
    expect(await titlesFor("Ratón catnip")).toEqual(["Ratón de Juguete con Catnip"]);
    expect(await titlesFor("kong")).toContain("Ratón de Juguete con Catnip");
    expect(await titlesFor("camas y descanso")).toContain("Cama Acolchada Redonda para Gato");
    expect(await titlesFor("talla m")).toContain("Collar Reflectivo Ajustable");
    expect(await titlesFor("hierba gatera")).toContain("Ratón de Juguete con Catnip");
  });

  test("a title, a brand, a level and a presentación changed by any path", async () => {
    const { db } = handle();
    const [cama] = await db.select().from(products).where(eq(products.title, "Cama Acolchada Redonda para Gato"));
    await db.update(products).set({ title: "Cama Iglú Térmica para Gato" }).where(eq(products.id, cama!.id));
    expect(await titlesFor("iglu termica")).toEqual(["Cama Iglú Térmica para Gato"]);
    await db.update(brands).set({ name: "Mimaskota Deluxe" }).where(eq(brands.id, cama!.brandId!));
    expect(await titlesFor("mimaskota deluxe")).toContain("Cama Iglú Térmica para Gato");
    await db
      .update(productCategories)
      .set({ name: "Descanso Felino" })
      .where(eq(productCategories.id, cama!.categoryId));
    expect(await titlesFor("descanso felino")).toContain("Cama Iglú Térmica para Gato");
    await db.insert(productVariants).values({ productId: cama!.id, name: "Tamaño Jumbo", priceCents: 9990, stock: 2 });
    expect(await titlesFor("jumbo")).toEqual(["Cama Iglú Térmica para Gato"]);
    await db.update(productVariants).set({ isArchived: true }).where(eq(productVariants.name, "Tamaño Jumbo"));
    expect(await titlesFor("jumbo")).toEqual([]);
  });

  test("the vocabulary gains new words at once and loses unused ones when refreshed", async () => {
    const words = async () =>
      (
        (await handle().db.execute(sql`select word from search_words`)) as unknown as { rows: { word: string }[] }
      ).rows.map((row) => row.word);
    expect(await words()).toContain("iglu");
    expect(await words()).toContain("acolchada");
    await refreshSearchWords();
    expect(await words()).toContain("iglu");
    expect(await words()).not.toContain("acolchada");
  });

  test("the vocabulary holds the words of each text normalised whole, found piece by piece (migration 0032)", async () => {
    // search_words_add splits a text at its spaces and normalises each distinct piece once; the
    // words must be those of the text normalised whole (0013's definition, written out here).
    const characters = [..."aBéÑüçkz1-/'’.", "ll", "qu", "x9", " ", "  ", "\t", "\u00a0"];
    const texts = fc.array(
      fc.option(fc.string({ unit: fc.constantFrom(...characters), maxLength: 24 }), { nil: null }),
      { maxLength: 6 },
    );
    const { db } = handle();
    const rowsOf = async <T>(executor: Pick<typeof db, "execute">, statement: ReturnType<typeof sql>) =>
      ((await executor.execute(statement)) as unknown as { rows: T[] }).rows;
    await fc.assert(
      fc.asyncProperty(texts, async (sources) => {
        const array = sources.length
          ? sql`ARRAY[${sql.join(
              sources.map((source) => sql`${source}`),
              sql`, `,
            )}]::text[]`
          : sql`ARRAY[]::text[]`;
        const expected = await rowsOf<{ word: string; folded: string }>(
          db,
          sql`SELECT DISTINCT w AS word, search_fold(w) AS folded
              FROM unnest(${array}) AS s, regexp_split_to_table(search_normalize(s), ' ') AS w
              WHERE length(w) BETWEEN 2 AND 40 AND w !~ '[0-9]' ORDER BY 1`,
        );
        let added: { word: string; folded: string }[] = [];
        await db
          .transaction(async (tx) => {
            await tx.execute(sql`DELETE FROM search_words`);
            await tx.execute(sql`SELECT search_words_add(${array})`);
            added = await rowsOf(tx, sql`SELECT word, folded FROM search_words ORDER BY 1`);
            tx.rollback();
          })
          .catch((error: unknown) => {
            if (!(error instanceof TransactionRollbackError)) throw error;
          });
        expect(added).toEqual(expected);
      }),
      { numRuns: 60 },
    );
  });

  test("the search's own copy of a product (product_search) follows its stock, archive and deletion", async () => {
    const { db } = handle();
    const copyOf = async (id: number) =>
      (
        (await db.execute(
          sql`select is_sold_out AS "isSoldOut", is_archived AS "isArchived", title from product_search where product_id = ${id}`,
        )) as unknown as { rows: { isSoldOut: boolean; isArchived: boolean; title: string }[] }
      ).rows;
    const [level] = await db.select().from(productCategories).limit(1);
    const [created] = await db
      .insert(products)
      .values({
        title: "Fuente de Agua Cerámica",
        familyId: level!.familyId,
        categoryId: level!.id,
        priceCents: 5990,
        stock: 4,
      })
      .returning({ id: products.id });
    expect(await copyOf(created!.id)).toEqual([
      { isSoldOut: false, isArchived: false, title: "fuente de agua ceramica" },
    ]);
    expect(await titlesFor("fuente ceramica")).toEqual(["Fuente de Agua Cerámica"]);
    // An order's stock update: sold out once its presentaciones have none left.
    await db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.productId, created!.id));
    expect(await copyOf(created!.id)).toMatchObject([{ isSoldOut: true }]);
    await db.update(products).set({ isArchived: true }).where(eq(products.id, created!.id));
    expect(await copyOf(created!.id)).toMatchObject([{ isArchived: true }]);
    expect(await titlesFor("fuente ceramica")).toEqual([]);
    await db.delete(products).where(eq(products.id, created!.id));
    expect(await copyOf(created!.id)).toEqual([]);
  });

  test("archived products are never found", async () => {
    const { db } = handle();
    await db
      .update(products)
      .set({ isArchived: true })
      .where(eq(products.title, "Snack Dental para Perro x 7 unidades"));
    expect(await titlesFor("snack dental")).toEqual([]);
    await db
      .update(products)
      .set({ isArchived: false })
      .where(eq(products.title, "Snack Dental para Perro x 7 unidades"));
  });
});

describe("searchCatalog", () => {
  test("typos, missing accents and the owner's synonyms, saved a moment ago", async () => {
    expect(await titlesFor("croketas ricocan")).toEqual(["Croquetas Ricocan Adulto Razas Medianas 15 kg"]);
    // Two letters swapped are one typo; a word of four letters may have one.
    expect(await titlesFor("crouqetas ricocan")).toEqual(["Croquetas Ricocan Adulto Razas Medianas 15 kg"]);
    expect(await titlesFor("snack pero")).toEqual(["Snack Dental para Perro x 7 unidades"]);
    expect(await titlesFor("golosina")).toContain("Snack Dental para Perro x 7 unidades");
    expect(await titlesFor("mordisquito")).toEqual([]);
    await handle()
      .db.insert(searchSynonyms)
      .values({ terms: ["mordisquito", "snack dental"] });
    expect(await titlesFor("mordisquito")).toEqual(["Snack Dental para Perro x 7 unidades"]);
  });

  test("products and services, a level, a brand and its facet", async () => {
    const result = await searchCatalog({ q: "perro" });
    expect(result.services.items.map((item) => item.title)).toContain("Baño y Corte para Perro");
    expect(result.products.brands.map((brand) => brand.slug)).toContain("ricocan");
    const ricocan = await searchCatalog({ q: "perro", brandSlug: "ricocan", kind: "products" });
    expect(ricocan.products.items.map((item) => item.title)).toEqual(["Croquetas Ricocan Adulto Razas Medianas 15 kg"]);
    expect(ricocan.products.total).toBe(1);
    expect(ricocan.services.items).toEqual([]);
    const unknownBrand = await searchCatalog({ q: "perro", brandSlug: "no-existe" });
    expect(unknownBrand.products.total).toBe(0);
  });

  // ADR 067: a search of the whole shop reads products and services in one statement.
  test("products and services in one statement: what each statement finds alone, in the same order", async () => {
    let servicesCompared = 0;
    for (const q of ["perro", "oidos", "baño", "gato", "corte", "ba", "collar reflec", "vacuna", "croquetas"]) {
      const prepared = await prepareSearchQuery(q);
      for (const [limit, serviceLimit] of [
        [24, 24],
        [2, 1],
      ] as const) {
        const options = { limit, offset: 0 };
        const [together, products, services] = await withIndexPlan(async (executor) => [
          await findProductsAndServices(executor, prepared!, { ...options, services: { limit: serviceLimit } }),
          await findProducts(executor, prepared!, options),
          await findServices(executor, prepared!, { limit: serviceLimit }),
        ]);
        expect(together, `${q} ${limit}`).toEqual({ products, services });
        if (services.total > serviceLimit) servicesCompared += 1;
      }
    }
    // Some of them matched more services than the limit: the total counts them all.
    expect(servicesCompared).toBeGreaterThan(0);
  });

  // Issue 40: 'Ver todos los resultados' found nothing where the panel had found something.
  test("the last word is the start of one, as in the instant results: all they show, the full search lists", async () => {
    expect(await titlesFor("collar reflec")).toEqual(["Collar Reflectivo Ajustable"]);
    for (const q of ["croq", "reflec", "catn", "ricoc", "desparasitac", "pro plan cach", "snack den"]) {
      const [full, instant] = await Promise.all([searchCatalog({ q }), instantResults(q)]);
      const listed = [...full.products.items, ...full.services.items].map((item) => item.title);
      expect(instant.items.length, q).toBeGreaterThan(0);
      expect(listed, q).toEqual(expect.arrayContaining(instant.items.map((item) => item.title)));
    }
  });

  // Issue 40: 'cola de cuerda' in the catnip mouse's description matched 'colar' as typed.
  test("a typo of a word of the title ranks above a word only the description holds", async () => {
    const titles = await titlesFor("colar");
    expect(titles[0]).toBe("Collar Reflectivo Ajustable");
    expect(titles).toContain("Ratón de Juguete con Catnip");
  });

  test("'¿Quisiste decir…?' from the shop's own words", async () => {
    const result = await searchCatalog({ q: "ricucam" });
    expect(result.products.total).toBe(0);
    expect(result.suggestion).toBe("ricocan");
    expect(await suggestQuery("croquetas")).toBeNull();
  });

  // Their times are in bench/README.md (Search): a timing assertion here would only be flaky.
  test("hostile input: a normal answer (empty or results), never an error", async () => {
    const inputs = [
      "x".repeat(10_000),
      "gato ".repeat(2_000),
      "%",
      "_",
      "'",
      '"',
      "\\",
      "!@#$%^&*()",
      "' OR 1=1; DROP TABLE products; --",
      "gato:* & !perro | (",
      "🐶🐱🐾",
      "一𐀀es gatos",
      "gato\u0000perro",
      "",
      "   ",
    ];
    for (const q of inputs) {
      const [result, instant] = await Promise.all([
        searchCatalog({ q, page: 99_999, pageSize: 10_000 }),
        instantResults(q),
      ]);
      expect(result.query.length).toBeLessThanOrEqual(MAX_QUERY_LENGTH);
      expect(result.products.items.length).toBeLessThanOrEqual(100);
      expect(result.products.pageCount).toBeGreaterThanOrEqual(1);
      expect(instant.items.length).toBeLessThanOrEqual(6);
    }
    // What the words among the noise find, as typed plainly.
    expect((await searchCatalog({ q: "gato ".repeat(2_000) })).products.total).toBe(
      (await searchCatalog({ q: "gato" })).products.total,
    );
    expect((await searchCatalog({ q: "%" })).query).toBe("");
    expect((await searchCatalog({ q: "' OR 1=1; DROP TABLE products; --" })).products.total).toBe(0);
  });
});

describe("adjacentSwaps", () => {
  test("two neighbouring letters swapped, never the first, letters outside the BMP kept whole", () => {
    expect(adjacentSwaps("rascadro")).toContain("rascador");
    expect(adjacentSwaps("gato")).toEqual(["gtao", "gaot"]);
    expect(adjacentSwaps("perro")).toEqual(["prero", "peror"]);
    expect(adjacentSwaps("一𐀀es")).toEqual(["一e𐀀s", "一𐀀se"]);
  });
});

describe("words run together", () => {
  test("a word that is two of the shop's words joined finds them side by side, in that order", async () => {
    expect(await titlesFor("proplan")).toContain("Alimento Pro Plan Cachorro Razas Pequeñas");
    expect(await titlesFor("proplan cachorro")).toEqual(["Alimento Pro Plan Cachorro Razas Pequeñas"]);
    // Both words are the shop's, but never written 'plan pro'.
    expect(await titlesFor("planpro")).toEqual([]);
  });

  test("the splits tried: parts of three letters or more, no numbers, no long noise", () => {
    expect(wordSplits("supercan")).toEqual(["sup ercan", "supe rcan", "super can"]);
    expect(wordSplits("gatos")).toEqual([]);
    expect(wordSplits("pro15kg")).toEqual([]);
    expect(wordSplits("x".repeat(40))).toEqual([]);
  });
});

describe("instantResults", () => {
  test("from two letters, up to six products and services with picture, name and price", async () => {
    expect((await instantResults("c")).items).toEqual([]);
    const { items } = await instantResults("croq");
    expect(items[0]).toMatchObject({ kind: "product", title: "Croquetas Ricocan Adulto Razas Medianas 15 kg" });
    expect(items[0]!.priceCents).toBeGreaterThan(0);
    const bath = await instantResults("baño");
    expect(bath.items.some((item) => item.kind === "service" && item.title === "Baño y Corte para Perro")).toBe(true);
  });
});

describe("searches that found nothing", () => {
  test("counted by normalised query, most frequent first, gone once they find something", async () => {
    noteSearchOutcome(await searchCatalog({ q: "Pececito Dorado" }));
    noteSearchOutcome(await searchCatalog({ q: "pececito  DORADO!" }));
    noteSearchOutcome(await searchCatalog({ q: "loro" }));
    const misses = await listSearchMisses();
    expect(misses.map((miss) => [miss.query, miss.count])).toEqual([
      ["pececito dorado", 2],
      ["loro", 1],
    ]);
    await handle()
      .db.insert(searchSynonyms)
      .values({ terms: ["loro", "catnip"] });
    expect((await listSearchMisses()).map((miss) => miss.query)).toEqual(["pececito dorado"]);
    noteSearchOutcome(await searchCatalog({ q: "pececito dorado" }));
  });

  test("a search that finds something again leaves the list at once, and the day counts both", async () => {
    const { db } = handle();
    noteSearchOutcome(await searchCatalog({ q: "hamster" }));
    // Written behind (ADR 065): in the table once the counts are written.
    expect(await db.select().from(searchMisses).where(eq(searchMisses.query, "hamster"))).toEqual([]);
    await flushSearchCounts();
    expect(await db.select().from(searchMisses).where(eq(searchMisses.query, "hamster"))).toHaveLength(1);
    await db.insert(searchSynonyms).values({ terms: ["hamster", "catnip"] });
    noteSearchOutcome(await searchCatalog({ q: " Hámster!" }));
    await flushSearchCounts();
    expect(await db.select().from(searchMisses).where(eq(searchMisses.query, "hamster"))).toEqual([]);
    const [day] = await db.select().from(searchDays).where(eq(searchDays.query, "hamster"));
    expect(day).toMatchObject({ searches: 2, misses: 1 });
  });

  test("the list is bounded", async () => {
    // Written in two goes: the bound holds across writes too.
    for (let i = 0; i < 300; i++) recordSearchMiss(`zzz ${i}`);
    await flushSearchCounts();
    for (let i = 300; i < MAX_SEARCH_MISSES + 5; i++) recordSearchMiss(`zzz ${i}`);
    await flushSearchCounts();
    const rows = await handle()
      .db.select({ n: sql<number>`count(*)::int` })
      .from(searchMisses);
    expect(rows[0]!.n).toBe(MAX_SEARCH_MISSES);
  });
});

// ADRs 054 and 064: on PGlite each statement is a named one whose plan PostgreSQL may keep. The
// search's transaction asks for its generic plan, made once: its tsqueries are read once per
// call in a CTE, so that plan does not compute them again for every row it checks.
test("the search is planned once for any words, and its sixth asking answers as its first", async () => {
  const settings = await withIndexPlan(async (executor) => [
    ...(await query<{ plan_cache_mode: string }>(
      sql`SELECT current_setting('plan_cache_mode') AS plan_cache_mode`,
      executor,
    )),
    ...(await query<{ enable_seqscan: string }>(
      sql`SELECT current_setting('enable_seqscan') AS enable_seqscan`,
      executor,
    )),
  ]);
  expect(settings).toEqual([{ plan_cache_mode: "force_generic_plan" }, { enable_seqscan: "off" }]);
  // For the search's statements only (on PGlite, each statement's own implicit transaction, ADR 075).
  expect(await query<{ plan_cache_mode: string }>(sql`SHOW plan_cache_mode`)).toEqual([{ plan_cache_mode: "auto" }]);
  const first = await titlesFor("collar ajustable");
  expect(first.length).toBeGreaterThan(0);
  for (let time = 2; time <= 7; time++) expect(await titlesFor("collar ajustable")).toEqual(first);
});
