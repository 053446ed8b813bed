// The catalogue search's statements (issue 27, ADR 025): what catalog-search.server.ts runs.
// Two per search: the query's word forms with the owner's synonyms (word-forms-sql.server.ts),
// then one pass over the matches that gives the page, the total and the brands facet, and the
// services beside it (ADR 067).
import { type SQL, sql } from "drizzle-orm";

import { type Database, getDatabaseHandle, getDb } from "~/db/client.server";
import type { ProductCardData } from "~/domain/catalog/catalog";
import type { ServiceCardData } from "~/domain/catalog/services.server";

import { type SearchTerms, toLeadingWordsPattern } from "./catalog-search";

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
  // On the embedded database each statement carries the settings in its own round trip, as one
  // implicit transaction (ADR 075): no BEGIN, no COMMIT, no round trip for the settings.
  const { withStatementPrelude } = getDatabaseHandle();
  if (withStatementPrelude) return withStatementPrelude(INDEX_PLAN_SETTINGS, work);
  return getDb().transaction(async (tx) => {
    await tx.execute(sql.raw(INDEX_PLAN_SETTINGS));
    return work(tx as unknown as Executor);
  });
}

/**
 * Both for the transaction only (set_config's `true`, as SET LOCAL), in one statement. The
 * search's statements are planned once, for any words (ADR 064, superseding that part of ADR
 * 054): their five to_tsquery are read once per call in the `q` CTE (queriesOf), so a generic
 * plan no longer computes them for every row it checks, and planning them again at each call
 * cost more than running them.
 */
const INDEX_PLAN_SETTINGS =
  "SELECT set_config('enable_seqscan', 'off', true), set_config('plan_cache_mode', 'force_generic_plan', true)";

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
  /** The services matching too, in the same statement (a `services` column; ADR 067). */
  services?: ServiceMatchOptions | undefined;
};

type ServiceMatchOptions = { level?: SearchLevel | undefined; limit: number };

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
      ${options.services ? sql`(${servicesAsJson(prepared, options.services)}) AS services,` : sql``}
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

export type ServiceMatches = { items: ServiceCardData[]; total: number };

/**
 * findProducts and findServices in one statement, the tsqueries read once (ADR 067): what a
 * search of the whole shop runs, the page's and the instant results'.
 */
export async function findProductsAndServices(
  executor: Executor,
  prepared: PreparedQuery,
  options: ProductMatchOptions & { services: ServiceMatchOptions },
): Promise<{ products: ProductMatches; services: ServiceMatches }> {
  const [row] = await query<ProductMatches & { services: ServiceMatches }>(
    productMatchesStatement(prepared, options),
    executor,
  );
  if (!row) return { products: { items: [], total: 0, brands: [] }, services: { items: [], total: 0 } };
  const { services, ...products } = row;
  return { products, services };
}

// The services' columns as their cards read them, with the reservable sizes' prices (issue 28):
// 'Desde S/ …' on the card when they differ.
const SERVICE_CARD_COLUMNS = sql`s.id, s.title, s.description, s.image, s.image_alt AS "imageAlt",
      s.price_cents AS "priceCents", s.show_price AS "showPrice", s.is_offer_active AS "isOfferActive",
      s.offer_price_cents AS "offerPriceCents", s.is_bookable AS "isBookable",
      b.from_cents AS "bookingFromCents", b.to_cents AS "bookingToCents"`;

const serviceOrder = (prepared: PreparedQuery) =>
  sql`${tierOf(SERVICE, prepared)}, ts_rank(${RANK_WEIGHTS}, s.search_vector, q.full_query) DESC, s.title, s.id`;

/**
 * The services matching `q`, ranked, up to `limit`, each with the count of all matches (`total`)
 * and, with `withPosition`, its place in that order (`position`).
 */
function serviceMatchesSelect(prepared: PreparedQuery, options: ServiceMatchOptions, withPosition = false): SQL {
  const position = withPosition ? sql`, row_number() OVER (ORDER BY ${serviceOrder(prepared)}) AS position` : sql``;
  return sql`SELECT ${SERVICE_CARD_COLUMNS}, count(*) OVER ()::int AS total${position}
    FROM q CROSS JOIN services s
    LEFT JOIN LATERAL (
      SELECT min(coalesce(z.price_cents, o.own)) AS from_cents, max(coalesce(z.price_cents, o.own)) AS to_cents
      FROM service_booking_sizes z,
        (SELECT CASE WHEN s.is_offer_active AND coalesce(s.offer_price_cents, 0) > 0 THEN s.offer_price_cents
          ELSE s.price_cents END AS own) o
      WHERE z.service_id = s.id
    ) b ON true
    WHERE s.search_vector @@ q.full_query${levelCondition("s", options.level)}
    ORDER BY ${serviceOrder(prepared)}
    LIMIT ${options.limit}`;
}

/** The same services as one JSON value, `{ items, total }`, for a column of the products' statement. */
function servicesAsJson(prepared: PreparedQuery, options: ServiceMatchOptions): SQL {
  return sql`SELECT json_build_object('total', coalesce(max(sv.total), 0),
      'items', coalesce(json_agg(json_build_object('id', sv.id, 'title', sv.title, 'description', sv.description,
        'image', sv.image, 'imageAlt', sv."imageAlt", 'priceCents', sv."priceCents", 'showPrice', sv."showPrice",
        'isOfferActive', sv."isOfferActive", 'offerPriceCents', sv."offerPriceCents", 'isBookable', sv."isBookable",
        'bookingFromCents', sv."bookingFromCents", 'bookingToCents', sv."bookingToCents") ORDER BY sv.position),
        '[]'::json))
    FROM (${serviceMatchesSelect(prepared, options, true)}) sv`;
}

/** The services matching, ranked, up to `limit`, and how many match. */
export async function findServices(
  executor: Executor,
  prepared: PreparedQuery,
  options: ServiceMatchOptions,
): Promise<ServiceMatches> {
  const rows = await query<ServiceCardData & { total: number }>(
    sql`WITH ${queriesOf(prepared)} ${serviceMatchesSelect(prepared, options)}`,
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
