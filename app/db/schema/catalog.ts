import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

import { timestamps } from "./columns";
import { tsvector } from "./search";

const taxonomyColumns = {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull(),
  slug: text().notNull(),
  icon: text(),
  sortOrder: integer().notNull().default(0),
  ...timestamps,
};

export const productFamilies = pgTable("product_families", taxonomyColumns, (t) => [uniqueIndex().on(t.slug)]);

export const productCategories = pgTable(
  "product_categories",
  {
    ...taxonomyColumns,
    familyId: integer()
      .notNull()
      .references(() => productFamilies.id, { onDelete: "restrict" }),
  },
  (t) => [uniqueIndex().on(t.familyId, t.slug)],
);

export const productSubcategories = pgTable(
  "product_subcategories",
  {
    ...taxonomyColumns,
    categoryId: integer()
      .notNull()
      .references(() => productCategories.id, { onDelete: "restrict" }),
  },
  (t) => [uniqueIndex().on(t.categoryId, t.slug)],
);

export const brands = pgTable("brands", taxonomyColumns, (t) => [uniqueIndex().on(t.slug)]);

export const serviceFamilies = pgTable("service_families", taxonomyColumns, (t) => [uniqueIndex().on(t.slug)]);

export const serviceCategories = pgTable(
  "service_categories",
  {
    ...taxonomyColumns,
    familyId: integer()
      .notNull()
      .references(() => serviceFamilies.id, { onDelete: "restrict" }),
  },
  (t) => [uniqueIndex().on(t.familyId, t.slug)],
);

export const serviceSubcategories = pgTable(
  "service_subcategories",
  {
    ...taxonomyColumns,
    categoryId: integer()
      .notNull()
      .references(() => serviceCategories.id, { onDelete: "restrict" }),
  },
  (t) => [uniqueIndex().on(t.categoryId, t.slug)],
);

export const products = pgTable(
  "products",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    title: text().notNull(),
    description: text().notNull().default(""),
    familyId: integer()
      .notNull()
      .references(() => productFamilies.id, { onDelete: "restrict" }),
    categoryId: integer()
      .notNull()
      .references(() => productCategories.id, { onDelete: "restrict" }),
    subcategoryId: integer().references(() => productSubcategories.id, { onDelete: "restrict" }),
    brandId: integer().references(() => brands.id, { onDelete: "restrict" }),
    priceCents: integer().notNull().default(0),
    isOfferActive: boolean().notNull().default(false),
    offerPriceCents: integer(),
    // priceCents, isOfferActive, offerPriceCents and stock sum up the product's live
    // presentaciones (product_variants): the first three are those of its cheapest one
    // ('Desde S/ …' when priceVaries), stock is their total (sold out only when all are).
    // A trigger (migration 0009, refresh_product_summary) keeps them after every write to a
    // presentación, so listings sort and filter on indexed columns of one table.
    stock: integer().notNull().default(0),
    hasAnyOffer: boolean().notNull().default(false),
    priceVaries: boolean().notNull().default(false),
    image: text(),
    imageAlt: text().notNull().default(""),
    // Lower-cased, accent-free title and brand, kept by the domain code, so that a
    // search for 'raton' finds 'Ratón' with the same SQL on PGlite and PostgreSQL.
    searchText: text().notNull().default(""),
    // The search document (issue 27, ADR 025): title, brand, levels, presentaciones and
    // description, weighted in that order, and the normalised title. Kept by the triggers of
    // migration 0013 whatever writes a product, a presentación, a brand or a level.
    searchVector: tsvector()
      .notNull()
      .default(sql`''::tsvector`),
    searchTitle: text().notNull().default(""),
    // A product that appears in orders is archived, never deleted.
    isArchived: boolean().notNull().default(false),
    // How its price is taxed in the comprobante (issue 46): IGV included unless the law exempts it.
    igvTreatment: text({ enum: ["gravado", "exonerado", "inafecto"] })
      .notNull()
      .default("gravado"),
    ...timestamps,
  },
  (t) => [
    index().on(t.familyId),
    index().on(t.categoryId),
    index().on(t.subcategoryId),
    index().on(t.brandId),
    // Catalogue pages list a level's live products by title, one page at a time.
    index("products_family_listing_idx")
      .on(t.familyId, t.title, t.id)
      .where(sql`${t.isArchived} = false`),
    index("products_category_listing_idx")
      .on(t.categoryId, t.title, t.id)
      .where(sql`${t.isArchived} = false`),
    index("products_subcategory_listing_idx")
      .on(t.subcategoryId, t.title, t.id)
      .where(sql`${t.isArchived} = false`),
    // A category with subcategories also lists its products saved without one (usually none).
    index("products_category_loose_listing_idx")
      .on(t.categoryId, t.title, t.id)
      .where(sql`${t.isArchived} = false AND ${t.subcategoryId} IS NULL`),
    index("products_search_text_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")),
    // Home's featured offers: a handful of rows among the whole catalogue.
    index("products_live_offers_idx")
      .on(t.id)
      .where(sql`${t.hasAnyOffer} = true AND ${t.isArchived} = false`),
    check("products_price_nonnegative", sql`${t.priceCents} >= 0`),
    check("products_stock_nonnegative", sql`${t.stock} >= 0`),
    check("products_offer_price_positive", sql`${t.offerPriceCents} IS NULL OR ${t.offerPriceCents} > 0`),
  ],
);

/**
 * What the catalogue search reads of a product (migration 0015, ADR 025): the document, the
 * normalised title, the brand, the levels and whether it is archived or sold out, a narrow copy
 * of the product's row kept by triggers. A search reads one row here per match instead of the
 * product's whole row (prices, images, description): at 100,000 products this table is a third
 * of the products' size, and a product's stock or price changes never touch it.
 */
export const productSearch = pgTable(
  "product_search",
  {
    productId: integer()
      .primaryKey()
      .references(() => products.id, { onDelete: "cascade" }),
    brandId: integer(),
    familyId: integer().notNull(),
    categoryId: integer().notNull(),
    subcategoryId: integer(),
    isArchived: boolean().notNull(),
    isSoldOut: boolean().notNull(),
    title: text().notNull(),
    document: tsvector().notNull(),
  },
  (t) => [
    // No pending list (fastupdate): new rows go straight into the index (migration 0013).
    index("product_search_document_idx").using("gin", t.document).with({ fastupdate: false }),
    // The table's physical order (migration 0016): the embedded database's maintenance
    // rewrites it in this order (CLUSTER), so a search's matches lie on few pages.
    index("product_search_order_idx").on(t.familyId, t.categoryId, t.subcategoryId, t.title),
  ],
);

/**
 * A presentación: one size of a product ('3 kg', 'Talla M', 'Pack x 12') with its own price,
 * offer and stock. Every product has at least one; a product without sizes has one whose
 * name is empty. One that appears in orders is archived instead of deleted.
 */
export const productVariants = pgTable(
  "product_variants",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    name: text().notNull().default(""),
    priceCents: integer().notNull().default(0),
    isOfferActive: boolean().notNull().default(false),
    offerPriceCents: integer(),
    stock: integer().notNull().default(0),
    sku: text(),
    // Net weight in grams (typed in kg), for the price per kg.
    netWeightGrams: integer(),
    sortOrder: integer().notNull().default(0),
    isArchived: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index().on(t.productId, t.sortOrder),
    uniqueIndex("product_variants_sku_unique")
      .on(sql`lower(${t.sku})`)
      .where(sql`${t.sku} IS NOT NULL`),
    uniqueIndex("product_variants_live_name_unique")
      .on(t.productId, sql`lower(${t.name})`)
      .where(sql`${t.isArchived} = false`),
    // The dashboard's low and sold-out counts (issue 47) read only these, not every presentación.
    // 5 is LOW_STOCK_THRESHOLD (domain/catalog/pricing.ts): a higher threshold stays right, only
    // no longer served by this index.
    index("product_variants_low_stock_index")
      .on(t.productId, t.stock)
      .where(sql`${t.isArchived} = false AND ${t.stock} <= 5`),
    check("product_variants_price_nonnegative", sql`${t.priceCents} >= 0`),
    check("product_variants_stock_nonnegative", sql`${t.stock} >= 0`),
    check("product_variants_offer_price_positive", sql`${t.offerPriceCents} IS NULL OR ${t.offerPriceCents} > 0`),
    check("product_variants_weight_positive", sql`${t.netWeightGrams} IS NULL OR ${t.netWeightGrams} > 0`),
  ],
);

/**
 * 'Avísame cuando haya stock': an e-mail waiting for a sold-out presentación, once. Nothing is
 * mailed about it but its confirmation until its address's owner follows the link (issue 41).
 */
export const stockAlerts = pgTable(
  "stock_alerts",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    variantId: integer()
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    // As typed (lower-cased): mail goes where the shopper said.
    email: text().notNull(),
    // The inbox it reaches (normalizeMailbox), so that plus-addresses and Gmail's dots make
    // one subscription, not one e-mail each.
    mailbox: text().notNull(),
    // The confirmation link's secret.
    token: text().notNull(),
    confirmedAt: timestamp({ withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (t) => [uniqueIndex().on(t.variantId, t.mailbox), uniqueIndex().on(t.token)],
);

export const services = pgTable(
  "services",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    title: text().notNull(),
    description: text().notNull().default(""),
    familyId: integer().references(() => serviceFamilies.id, { onDelete: "restrict" }),
    categoryId: integer().references(() => serviceCategories.id, { onDelete: "restrict" }),
    subcategoryId: integer().references(() => serviceSubcategories.id, { onDelete: "restrict" }),
    priceCents: integer().notNull().default(0),
    showPrice: boolean().notNull().default(true),
    isOfferActive: boolean().notNull().default(false),
    offerPriceCents: integer(),
    image: text(),
    imageAlt: text().notNull().default(""),
    searchText: text().notNull().default(""),
    // The search document, as for products (migration 0013).
    searchVector: tsvector()
      .notNull()
      .default(sql`''::tsvector`),
    searchTitle: text().notNull().default(""),
    // 'Reservable en línea' (issue 28): durations by pet size are service_booking_sizes; how many
    // pets are attended at once is the capacity.
    isBookable: boolean().notNull().default(false),
    bookingCapacity: integer().notNull().default(1),
    ...timestamps,
  },
  (t) => [
    index().on(t.familyId),
    index().on(t.categoryId),
    index().on(t.subcategoryId),
    index("services_search_text_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")),
    index("services_search_vector_idx").using("gin", t.searchVector).with({ fastupdate: false }),
    check("services_price_nonnegative", sql`${t.priceCents} >= 0`),
    check("services_offer_price_positive", sql`${t.offerPriceCents} IS NULL OR ${t.offerPriceCents} > 0`),
    check("services_booking_capacity", sql`${t.bookingCapacity} between 1 and 50`),
  ],
);
