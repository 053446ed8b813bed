// One search over products and services (issue 27, ADR 025), inside PostgreSQL: documents
// kept by migration 0013's triggers, Spanish stemming, the owner's synonyms read at every
// search, typos corrected to the shop's own words (search_words), ranked in tiers.
import { sql } from "drizzle-orm";

import { type Database, getDb } from "~/db/client.server";
import { type ProductCardData, PRODUCTS_PER_PAGE } from "~/domain/catalog/catalog";
import { catalogKinds } from "~/domain/catalog/kinds";
import type { ServiceCardData } from "~/domain/catalog/services.server";

import {
  buildQuerySlots,
  buildTsQuery,
  FEW_RESULTS,
  inflectedForms,
  NAME_WEIGHTS,
  readSearchTerms,
  type SearchKind,
} from "./catalog-search";
import {
  type BrandFacet,
  countMatches,
  findProducts,
  findProductsAndServices,
  findServices,
  type PreparedQuery,
  query,
  type SearchLevel,
  withIndexPlan,
} from "./catalog-search-sql.server";
import { findClosestWords, findWordForms } from "./word-forms-sql.server";

export type { PreparedQuery };

export type SearchCatalogOptions = {
  q: string;
  /** Both when absent. A level restricts the kind it belongs to. */
  kind?: SearchKind | undefined;
  level?: SearchLevel | undefined;
  brandId?: number | undefined;
  brandSlug?: string | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
};

export type CatalogSearchResult = {
  /** The query as the engine read it (normalised words), '' when nothing searchable was typed. */
  query: string;
  products: {
    items: ProductCardData[];
    total: number;
    pageCount: number;
    brands: BrandFacet[];
  };
  /** The best services (up to a page of them, not paginated: a shop has a few dozen). */
  services: { items: ServiceCardData[]; total: number };
  /** '¿Quisiste decir …?' when the query found nothing or little; null otherwise. */
  suggestion: string | null;
};

/**
 * Reads `raw` into the to_tsquery texts to search with, or null when nothing is searchable:
 * the one reading of the instant results and of every full search, so that 'Ver todos los
 * resultados' lists what the panel showed.
 */
export async function prepareSearchQuery(raw: string): Promise<PreparedQuery | null> {
  const { words, phrase } = readSearchTerms(raw);
  if (words.length === 0) return null;
  // The last word may be unfinished, in the panel as the shopper types and after Enter alike
  // ('comede' for comedero): it is also the start of the shop's words.
  const prefixWord = words.at(-1);
  // A typo in a plural ('coreas') is a typo of its singular ('corea' -> correa).
  const lookups = [...new Set(words.flatMap(inflectedForms))];
  const { groups, forms: found } = await findWordForms(lookups, prefixWord);
  const forms = new Map(
    words.map((word) => [word, [...new Set(inflectedForms(word).flatMap((form) => found.get(form) ?? []))]]),
  );
  const slots = buildQuerySlots(words, groups);
  const exact = { isExact: true };
  const typed = { forms, prefixWord, isTypedOnly: true };
  return {
    words,
    phrase,
    full: buildTsQuery(slots, { forms, prefixWord }),
    exact: buildTsQuery(slots, exact),
    typed: buildTsQuery(slots, typed),
    exactInName: buildTsQuery(slots, { ...exact, weights: NAME_WEIGHTS }),
    typedInName: buildTsQuery(slots, { ...typed, weights: NAME_WEIGHTS }),
  };
}

async function findBrandId(slug: string): Promise<number | undefined> {
  const [row] = await query<{ id: number }>(sql`SELECT id FROM brands WHERE slug = ${slug}`);
  return row?.id;
}

const emptyResult = (queryText: string): CatalogSearchResult => ({
  query: queryText,
  products: { items: [], total: 0, pageCount: 1, brands: [] },
  services: { items: [], total: 0 },
  suggestion: null,
});

type Executor = Parameters<typeof findProducts>[0];
type KindFilter = { level: SearchLevel | undefined; brandId: number | undefined; page: number; pageSize: number };

/** A page of products with its count of pages (at least one). */
const withPageCount = <T extends { total: number }>(found: T, pageSize: number) => ({
  ...found,
  pageCount: Math.max(1, Math.ceil(found.total / pageSize)),
});

/** Each kind's part of the result, in the order they are searched. */
const kindSearches: {
  [K in SearchKind]: (
    executor: Executor,
    prepared: PreparedQuery,
    filter: KindFilter,
  ) => Promise<CatalogSearchResult[K]>;
} = {
  // A page, with the brands of all matches for the brand filter.
  products: async (executor, prepared, { level, brandId, page, pageSize }) => {
    const found = await findProducts(executor, prepared, {
      level,
      brandId,
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
    return withPageCount(found, pageSize);
  },
  services: (executor, prepared, { level }) => findServices(executor, prepared, { level, limit: PRODUCTS_PER_PAGE }),
};

async function searchKind<K extends SearchKind>(
  kind: K,
  executor: Executor,
  prepared: PreparedQuery,
  filter: KindFilter,
  result: CatalogSearchResult,
): Promise<void> {
  result[kind] = await kindSearches[kind](executor, prepared, filter);
}

/**
 * The search of /buscar, of the header box and of a catalogue level's `?q=`: products (a
 * page, with the brands of all matches for the brand filter) and services, ranked; a
 * suggestion when little is found. Any input is safe: it is cut, normalised and bound.
 */
export async function searchCatalog(options: SearchCatalogOptions): Promise<CatalogSearchResult> {
  const prepared = await prepareSearchQuery(options.q);
  if (!prepared) return emptyResult("");
  const pageSize = Math.min(Math.max(1, Math.trunc(options.pageSize ?? PRODUCTS_PER_PAGE)), 100);
  const page = Math.min(Math.max(1, Math.trunc(options.page ?? 1)), 10_000);
  const brandId = options.brandSlug !== undefined ? ((await findBrandId(options.brandSlug)) ?? -1) : options.brandId;
  const result = emptyResult(prepared.phrase);
  await withIndexPlan(async (executor) => {
    // The whole shop, no brand: both kinds in one statement (ADR 067).
    if (options.kind === undefined && brandId === undefined) {
      const offset = (page - 1) * pageSize;
      const found = await findProductsAndServices(executor, prepared, {
        limit: pageSize,
        offset,
        services: { limit: PRODUCTS_PER_PAGE },
      });
      result.products = withPageCount(found.products, pageSize);
      result.services = found.services;
      return;
    }
    for (const kind of Object.keys(kindSearches) as SearchKind[]) {
      // A search of one kind leaves the others out; a brand filter, the kinds without brands.
      const isOtherKind = options.kind !== undefined && options.kind !== kind;
      if (isOtherKind || (brandId !== undefined && !catalogKinds[kind].has.brand)) continue;
      const level = options.kind === kind ? options.level : undefined;
      await searchKind(kind, executor, prepared, { level, brandId, page, pageSize }, result);
    }
  });
  const found = result.products.total + result.services.total;
  if (found < FEW_RESULTS) result.suggestion = await suggestQuery(options.q, found);
  return result;
}

/** How many products and services `raw` finds in the whole shop. */
export async function countSearchMatches(raw: string): Promise<number> {
  const prepared = await prepareSearchQuery(raw);
  if (!prepared) return 0;
  return withIndexPlan((executor) => countMatches(executor, prepared));
}

/**
 * '¿Quisiste decir …?': `raw` with each word the shop does not use replaced by its closest
 * word of titles, brands and levels, when that finds more than `found` (what `raw` finds).
 * Null when there is nothing better to offer.
 */
export async function suggestQuery(raw: string, found?: number): Promise<string | null> {
  const { words, phrase } = readSearchTerms(raw);
  if (words.length === 0) return null;
  const suggestion = (await findClosestWords(words)).join(" ");
  if (suggestion === phrase) return null;
  const now = found ?? (await countSearchMatches(raw));
  return (await countSearchMatches(suggestion)) > now ? suggestion : null;
}

/**
 * Rebuilds the shop's vocabulary (search_words) from what it sells now: the triggers only add
 * words, so those of deleted or renamed things linger (harmless: they match nothing, but a
 * typo could be corrected to them) until this runs. The housekeeping calls it once a day,
 * inside its transaction (`db`). Returns how many words it removed.
 */
export async function refreshSearchWords(db: Database = getDb()): Promise<number> {
  return db.transaction(async (tx) => {
    const [before] = await query<{ words: number }>(sql`SELECT count(*)::int AS words FROM search_words`, tx);
    await tx.execute(sql`DELETE FROM search_words`);
    // Each text once: the 30,000 presentaciones of a 10,000-product shop have a handful of names.
    await tx.execute(sql`
      SELECT search_words_add(array_agg(DISTINCT t)) FROM (
        SELECT title AS t FROM products WHERE NOT is_archived
        UNION ALL SELECT name FROM product_variants WHERE NOT is_archived AND name <> ''
        UNION ALL SELECT title FROM services
        UNION ALL SELECT name FROM brands
        UNION ALL SELECT name FROM product_families
        UNION ALL SELECT name FROM product_categories
        UNION ALL SELECT name FROM product_subcategories
        UNION ALL SELECT name FROM service_families
        UNION ALL SELECT name FROM service_categories
        UNION ALL SELECT name FROM service_subcategories
      ) AS sources`);
    const [after] = await query<{ words: number }>(sql`SELECT count(*)::int AS words FROM search_words`, tx);
    return Math.max(0, (before?.words ?? 0) - (after?.words ?? 0));
  });
}
