// The catalogue search's statements (issue 27, ADR 025): what catalog-search.server.ts runs.
// Two per search: the query's word forms with the owner's synonyms, then one pass over the
// matches that gives the page, the total and the brands facet (and the services beside it).
import { type SQL, sql } from "drizzle-orm";

import { type Database, getDb } from "~/db/client.server";
import type { ProductCardData } from "~/domain/catalog/catalog";
import type { ServiceCardData } from "~/domain/catalog/services.server";
import { pageTags } from "~/lib/page-cache/page-tags";
import { readShared, readSharedMany } from "~/lib/page-cache/shared-reads.server";

import { type SearchTerms, toLeadingWordsPattern } from "./catalog-search";
import type { SynonymGroup } from "./synonyms";

type Executor = Pick<Database, "execute">;

export async function query<T>(statement: SQL, executor: Executor = getDb()): Promise<T[]> {
  return ((await executor.execute(statement)) as unknown as { rows: T[] }).rows;
}

/**
 * Runs `work` with the planner told to find matches through the GIN indexes
 * (product_search_document_idx): with its default costs it prefers a sequential scan as soon as
 * a few percent of the products match, and a scan of a table bigger than a quarter of the
 * shared buffers reads it through a small ring, again at every search. The index reads only
 * the matching rows, from the buffers (bench/README.md, Search).
 */
export async function withIndexPlan<T>(work: (executor: Executor) => Promise<T>): Promise<T> {
  return getDb().transaction(async (tx) => {
    // Both for this transaction only (SET LOCAL), in one statement. The search's statements are
    // planned once, for any words (ADR 064, superseding that part of ADR 054): their five
    // to_tsquery are read once per call in the `q` CTE (queriesOf), so a generic plan no longer
    // computes them for every row it checks, and planning them again at each call cost more
    // than running them.
    await tx.execute(
      sql`SELECT set_config('enable_seqscan', 'off', true), set_config('plan_cache_mode', 'force_generic_plan', true)`,
    );
    return work(tx as unknown as Executor);
  });
}

/** The words a query word's typos may be: the same word with two neighbouring letters swapped. */
export function adjacentSwaps(word: string): string[] {
  // By code point: a letter outside the BMP ('𐀀') must not be cut in two halves of a pair.
  const letters = Array.from(word);
  const swaps = new Set<string>();
  // Not the first letter: a typo seldom hits it (and the typo forms keep it, as isSameWord does).
  for (let at = 1; at + 1 < letters.length; at++) {
    if (letters[at] === letters[at + 1]) continue;
    const swapped = [...letters];
    [swapped[at], swapped[at + 1]] = [letters[at + 1]!, letters[at]!];
    swaps.add(swapped.join(""));
  }
  return [...swaps];
}

/** A word typed run together ('supercan', 'proplan') is split into parts of this length or more. */
const MIN_SPLIT_PART = 3;
const MAX_SPLIT_LENGTH = 24;

/**
 * The ways `word` may be two words run together ('supercan' -> 'super can'), each part of
 * three letters or more: the statement keeps those whose parts are both the shop's words.
 */
export function wordSplits(word: string): string[] {
  const letters = Array.from(word);
  if (letters.length < 2 * MIN_SPLIT_PART || letters.length > MAX_SPLIT_LENGTH || /\d/.test(word)) return [];
  const splits: string[] = [];
  for (let at = MIN_SPLIT_PART; at + MIN_SPLIT_PART <= letters.length; at++) {
    splits.push(`${letters.slice(0, at).join("")} ${letters.slice(at).join("")}`);
  }
  return splits;
}

/** A query word of this length may have one typo; of TWO_TYPOS_LENGTH, two. */
const ONE_TYPO_LENGTH = 4;
const TWO_TYPOS_LENGTH = 9;

/**
 * The owner's synonym groups, and the shop's words each of `words` may stand for: a typo of it
 * (one from five letters, two from nine, a swap of two neighbouring letters counting as one;
 * never on the first sound) when the word is not the shop's own, the words `prefixWord` (the
 * last, perhaps unfinished) may be the start of, typos included; and when a word is not the
 * shop's but two of its words run together, those two ('super can', searched as neighbours).
 * Each word's forms are kept in memory (ADR 043) until a product, a catalogue level or a
 * synonym changes: shoppers' searches share their words, and a word's forms are the same in
 * any query. The words not kept are looked up in one statement.
 */
export async function findWordForms(
  words: string[],
  prefixWord: string | undefined,
): Promise<{ groups: readonly SynonymGroup[]; forms: Map<string, readonly string[]> }> {
  const db = getDb();
  const keyOf = (word: string) => `word-forms:${word === prefixWord ? "start" : "whole"}:${word}`;
  const wordOf = new Map(words.map((word) => [keyOf(word), word]));
  const [groups, byKey] = await Promise.all([
    readShared(db, "synonym-groups", [pageTags.productListings], () =>
      query<{ terms: SynonymGroup }>(sql`SELECT terms FROM search_synonyms ORDER BY id`).then((rows) =>
        rows.map((row) => row.terms),
      ),
    ),
    readSharedMany(db, [...wordOf.keys()], VOCABULARY_TAGS, async (missing) => {
      const looked = missing.map((key) => wordOf.get(key)!);
      const found = await lookUpWordForms(looked, looked.includes(prefixWord ?? "") ? prefixWord : undefined);
      return new Map(missing.map((key) => [key, found.get(wordOf.get(key)!) ?? []]));
    }),
  ]);
  const forms = new Map<string, readonly string[]>();
  for (const [key, wordForms] of byKey) if (wordForms.length > 0) forms.set(wordOf.get(key)!, wordForms);
  return { groups, forms };
}

/** What changes the shop's words: a product, a catalogue level or a service saved (their triggers). */
const VOCABULARY_TAGS = ["product:*", "catalog:*", pageTags.productListings];

/** findWordForms' statement for the words not kept: each word's forms, then its splits. */
async function lookUpWordForms(words: string[], prefixWord: string | undefined): Promise<Map<string, string[]>> {
  const lookups = words.map((word) => ({
    word,
    swaps: Array.from(word).length >= ONE_TYPO_LENGTH ? adjacentSwaps(word) : [],
  }));
  // Only the words that may be two run together: most queries send none. The last word too: a
  // shopper who presses Enter on 'supercan' has finished it.
  const splitLookups = words
    .map((word) => ({ word, splits: wordSplits(word) }))
    .filter((lookup) => lookup.splits.length > 0);
  const [row] = await query<{ forms: [string, string][]; splits: [string, string][] }>(sql`
    SELECT (SELECT coalesce(json_agg(json_build_array(q.word, s.split) ORDER BY q.word, s.split), '[]'::json)
        FROM jsonb_to_recordset(${JSON.stringify(splitLookups)}::jsonb) AS q(word text, splits text[])
        CROSS JOIN unnest(q.splits) AS s(split)
        JOIN search_words a ON a.word = split_part(s.split, ' ', 1)
        JOIN search_words b ON b.word = split_part(s.split, ' ', 2)
        WHERE NOT EXISTS (SELECT 1 FROM search_words e WHERE e.word = q.word)) AS splits,
      (SELECT coalesce(json_agg(json_build_array(q.word, w.word) ORDER BY q.word, w.rank), '[]'::json)
    FROM jsonb_to_recordset(${JSON.stringify(lookups)}::jsonb) AS q(word text, swaps text[])
    CROSS JOIN LATERAL (
      SELECT search_fold(q.word) AS folded, q.word = ${prefixWord ?? ""} AS is_prefix,
        EXISTS (SELECT 1 FROM search_words e WHERE e.word = q.word) AS is_known,
        (SELECT coalesce(array_agg(search_fold(s)), '{}') FROM unnest(q.swaps) AS s) AS swapped,
        CASE WHEN length(q.word) >= ${TWO_TYPOS_LENGTH} THEN 2 WHEN length(q.word) >= ${ONE_TYPO_LENGTH} THEN 1
          ELSE 0 END AS typos
    ) AS f
    CROSS JOIN LATERAL (
      SELECT c.word, row_number() OVER (ORDER BY min(c.distance), length(c.word), c.word) AS rank
      FROM (
        SELECT c.word, CASE WHEN c.compared = ANY(f.swapped) THEN 1
          ELSE levenshtein_less_equal(c.compared, f.folded, f.typos) END AS distance, c.typos
        FROM (
          -- The word whole, when it is not the shop's: 'bebedro' is bebedero.
          SELECT w.word, w.folded AS compared,
            CASE WHEN length(w.word) >= ${TWO_TYPOS_LENGTH} THEN f.typos
              WHEN length(w.word) >= ${ONE_TYPO_LENGTH} THEN least(f.typos, 1) ELSE 0 END AS typos
          FROM search_words w
          WHERE NOT f.is_known AND left(w.folded, 1) = left(f.folded, 1) AND w.word <> q.word
            AND length(w.folded) BETWEEN length(f.folded) - f.typos AND length(f.folded) + f.typos
          UNION ALL
          -- The last word as the start of one, typos included: 'croke' begins croquetas.
          SELECT w.word, left(w.folded, length(f.folded)), f.typos
          FROM search_words w
          WHERE f.is_prefix AND left(w.folded, 1) = left(f.folded, 1) AND w.word <> q.word
            AND length(w.folded) >= length(f.folded) - f.typos AND NOT starts_with(w.word, q.word)
        ) AS c
      ) AS c
      WHERE c.distance <= c.typos
      GROUP BY c.word
      ORDER BY rank
      LIMIT 8
    ) AS w
    WHERE length(q.word) >= 2 AND q.word !~ '[0-9]' AND (f.is_prefix OR NOT f.is_known)) AS forms`);
  const forms = new Map<string, string[]>();
  for (const [word, form] of [...(row?.forms ?? []), ...(row?.splits ?? [])]) {
    forms.set(word, [...(forms.get(word) ?? []), form]);
  }
  return forms;
}

/**
 * The to_tsquery texts of a query: `full` finds; `exact` (the words as typed, whole) ranks
 * above `typed` (the typed words, their typos, the last word's completions), which ranks above
 * the rest (synonyms). `exactInName` and `typedInName` are those two matched in what names a
 * product (NAME_WEIGHTS): title, brand and levels.
 */
export type PreparedQuery = SearchTerms & {
  full: string;
  exact: string;
  typed: string;
  exactInName: string;
  typedInName: string;
};

/** A catalogue level the search is restricted to (the ids of the kind searched). */
export type SearchLevel = { familyId?: number; categoryId?: number; subcategoryId?: number };

/** The conditions of a level, on the columns of `alias` (p or s). */
function levelCondition(alias: "ps" | "s", level: SearchLevel | undefined): SQL {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  const parts: SQL[] = [];
  if (level?.subcategoryId !== undefined) parts.push(sql` AND ${column("subcategory_id")} = ${level.subcategoryId}`);
  if (level?.categoryId !== undefined) parts.push(sql` AND ${column("category_id")} = ${level.categoryId}`);
  if (level?.familyId !== undefined) parts.push(sql` AND ${column("family_id")} = ${level.familyId}`);
  return sql.join(parts, sql``);
}

/** The normalised title and the document: product_search's (ps) or a service's own (s). */
type Searched = { title: SQL; document: SQL };
const PRODUCT: Searched = { title: sql.raw("ps.title"), document: sql.raw("ps.document") };
const SERVICE: Searched = { title: sql.raw("s.search_title"), document: sql.raw("s.search_vector") };

// A title that begins with the query's words, whole; then the words found in the name (title,
// brand, levels) before those found only in the presentaciones or the description: a typo of a
// title's word says more than a word a description happens to use. In each, whole words before
// typos and completions of the last word; synonyms last.
function tierOf(searched: Searched, prepared: PreparedQuery): SQL {
  return sql`CASE WHEN (${searched.title} || ' ') LIKE ${toLeadingWordsPattern(prepared.phrase)} THEN 0
    WHEN ${searched.document} @@ q.exact_name_query THEN 1
    WHEN ${searched.document} @@ q.typed_name_query THEN 2
    WHEN ${searched.document} @@ q.exact_query THEN 3
    WHEN ${searched.document} @@ q.typed_query THEN 4 ELSE 5 END`;
}

// Title, brand, levels, presentaciones and description, in that order (weights D, C, B, A).
const RANK_WEIGHTS = "{0.1, 0.2, 0.4, 1.0}";

/**
 * The `q` CTE of a search's statement: its five tsqueries, each read once per call whatever the
 * plan. Materialised, the plan reads the matches through the GIN index with q's row as the
 * nested loop's outer side; written as a subquery in FROM, a generic plan pulled each
 * to_tsquery(…) up into the tier's CASE and computed it again for every row (ADR 064).
 */
function queriesOf(prepared: PreparedQuery): SQL {
  return sql`q AS MATERIALIZED (SELECT to_tsquery('search_spanish', ${prepared.full}) AS full_query,
    to_tsquery('search_spanish', ${prepared.exact}) AS exact_query,
    to_tsquery('search_spanish', ${prepared.typed}) AS typed_query,
    to_tsquery('search_spanish', ${prepared.exactInName}) AS exact_name_query,
    to_tsquery('search_spanish', ${prepared.typedInName}) AS typed_name_query)`;
}

export type BrandFacet = { id: number; name: string; slug: string; count: number };

export type ProductMatches = { items: ProductCardData[]; total: number; brands: BrandFacet[] };

type ProductMatchOptions = {
  level?: SearchLevel | undefined;
  brandId?: number | undefined;
  limit: number;
  offset: number;
  /** false: the page alone, without the total and the brands facet (instant results show neither). */
  withFacets?: boolean;
};

/**
 * The statement of findProducts (bench/search.js explains it): the matches in a materialised
 * CTE with only what ranks them, read once for the page, the total and the facet.
 */
export function productMatchesStatement(prepared: PreparedQuery, options: ProductMatchOptions): SQL {
  const brand = options.brandId === undefined ? sql`` : sql` WHERE m.brand_id = ${options.brandId}`;
  const order = sql`m.tier, m.is_sold_out, m.rank DESC, m.title, m.id`;
  return sql`
    WITH ${queriesOf(prepared)}, matches AS MATERIALIZED (
      SELECT ps.product_id AS id, ps.brand_id, ${tierOf(PRODUCT, prepared)} AS tier, ps.is_sold_out,
        ts_rank(${RANK_WEIGHTS}, ps.document, q.full_query) AS rank, ps.title
      FROM q, product_search ps
      WHERE ps.document @@ q.full_query AND NOT ps.is_archived${levelCondition("ps", options.level)}
    ), page AS (
      SELECT m.* FROM matches m${brand} ORDER BY ${order} LIMIT ${options.limit} OFFSET ${options.offset}
    )
    SELECT ${options.withFacets === false ? sql`0 AS total, '[]'::json AS brands,` : facetsOf(brand)}
      (SELECT coalesce(json_agg(json_build_object('id', p.id, 'title', p.title, 'description', p.description,
          'image', p.image, 'imageAlt', p.image_alt, 'priceCents', p.price_cents,
          'isOfferActive', p.is_offer_active, 'offerPriceCents', p.offer_price_cents, 'stock', p.stock,
          'priceVaries', p.price_varies, 'hasAnyOffer', p.has_any_offer) ORDER BY ${order}), '[]'::json)
       FROM page m JOIN products p ON p.id = m.id) AS items`;
}

/** The total of the matches (of the brand, when given) and the brands facet of all matches. */
function facetsOf(brand: SQL): SQL {
  return sql`(SELECT count(*)::int FROM matches m${brand}) AS total,
      (SELECT coalesce(json_agg(json_build_object('id', b.id, 'name', b.name, 'slug', b.slug, 'count', f.count)
        ORDER BY b.name), '[]'::json)
       FROM (SELECT brand_id, count(*)::int AS count FROM matches GROUP BY brand_id) AS f
       JOIN brands b ON b.id = f.brand_id) AS brands,`;
}

/**
 * One page of the live products matching, ranked, how many match (of the brand, when given)
 * and the brands of all matches: one pass over the matches, read through the GIN index; the
 * page's cards are read for its rows alone.
 */
export async function findProducts(
  executor: Executor,
  prepared: PreparedQuery,
  options: ProductMatchOptions,
): Promise<ProductMatches> {
  const [row] = await query<ProductMatches>(productMatchesStatement(prepared, options), executor);
  return row ?? { items: [], total: 0, brands: [] };
}

/** The services matching, ranked, up to `limit`, and how many match. */
export async function findServices(
  executor: Executor,
  prepared: PreparedQuery,
  options: { level?: SearchLevel | undefined; limit: number },
): Promise<{ items: ServiceCardData[]; total: number }> {
  const rows = await query<ServiceCardData & { total: number }>(
    sql`
    WITH ${queriesOf(prepared)}
    SELECT s.id, s.title, s.description, s.image, s.image_alt AS "imageAlt", s.price_cents AS "priceCents",
      s.show_price AS "showPrice", s.is_offer_active AS "isOfferActive", s.offer_price_cents AS "offerPriceCents",
      s.is_bookable AS "isBookable", b.from_cents AS "bookingFromCents", b.to_cents AS "bookingToCents",
      count(*) OVER ()::int AS total
    FROM q CROSS JOIN services s
    -- The reservable sizes' prices (issue 28): 'Desde S/ …' on the card when they differ.
    LEFT JOIN LATERAL (
      SELECT min(coalesce(z.price_cents, o.own)) AS from_cents, max(coalesce(z.price_cents, o.own)) AS to_cents
      FROM service_booking_sizes z,
        (SELECT CASE WHEN s.is_offer_active AND coalesce(s.offer_price_cents, 0) > 0 THEN s.offer_price_cents
          ELSE s.price_cents END AS own) o
      WHERE z.service_id = s.id
    ) b ON true
    WHERE s.search_vector @@ q.full_query${levelCondition("s", options.level)}
    ORDER BY ${tierOf(SERVICE, prepared)}, ts_rank(${RANK_WEIGHTS}, s.search_vector, q.full_query) DESC, s.title, s.id
    LIMIT ${options.limit}`,
    executor,
  );
  return { items: rows.map(({ total: _total, ...item }) => item), total: rows[0]?.total ?? 0 };
}

/** How many live products and services match, in the whole shop. */
export async function countMatches(executor: Executor, prepared: PreparedQuery): Promise<number> {
  const [row] = await query<{ found: number }>(
    sql`
    WITH ${queriesOf(prepared)}
    SELECT (SELECT count(*) FROM product_search ps WHERE ps.document @@ q.full_query AND NOT ps.is_archived)::int
      + (SELECT count(*) FROM services s WHERE s.search_vector @@ q.full_query)::int AS found
    FROM q`,
    executor,
  );
  return row?.found ?? 0;
}

/**
 * The shop's word closest to each of `words` that is not one of its words: the same first
 * sound within two edits (one below six letters), else the most similar by trigrams.
 */
export async function findClosestWords(words: string[]): Promise<string[]> {
  const rows = await query<{ word: string }>(sql`
    SELECT coalesce(CASE WHEN EXISTS (SELECT 1 FROM search_words e WHERE e.word = q.word) OR q.word ~ '[0-9]'
      OR length(q.word) < 3 THEN q.word END, (
        SELECT c.word FROM (
          SELECT w.word, w.folded FROM search_words w
          WHERE left(w.folded, 1) = left(search_fold(q.word), 1)
            AND levenshtein_less_equal(w.folded, search_fold(q.word), 2)
              <= CASE WHEN length(q.word) >= 6 THEN 2 ELSE 1 END
          UNION
          SELECT w.word, w.folded FROM search_words w WHERE w.word % q.word
        ) AS c
        ORDER BY levenshtein(c.folded, search_fold(q.word)), similarity(c.word, q.word) DESC, c.word
        LIMIT 1), q.word) AS word
    FROM jsonb_array_elements_text(${JSON.stringify(words)}::jsonb) WITH ORDINALITY AS q(word, position)
    ORDER BY q.position`);
  return rows.map((row) => row.word);
}
