-- The catalogue search's narrow copy of each product (issue 27, ADR 025, amended): what a
-- search reads per match (document, normalised title, brand, levels, archived, sold out), a
-- third of a product's row. At 100,000 products the products table (100 MB) no longer fits the
-- embedded database's 16 MB of shared buffers, and a broad search read most of its pages; this
-- table is read instead, and only the page's cards come from products.
CREATE TABLE "product_search" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"brand_id" integer,
	"family_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"subcategory_id" integer,
	"is_archived" boolean NOT NULL,
	"is_sold_out" boolean NOT NULL,
	"title" text NOT NULL,
	"document" "tsvector" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_search" ADD CONSTRAINT "product_search_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Copies the given products' search columns (products.search_vector and search_title stay the
-- source, kept by migration 0013's triggers).
CREATE FUNCTION product_search_copy(target integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "product_search" ("product_id", "brand_id", "family_id", "category_id", "subcategory_id",
    "is_archived", "is_sold_out", "title", "document")
  SELECT p."id", p."brand_id", p."family_id", p."category_id", p."subcategory_id", p."is_archived",
    p."stock" = 0, p."search_title", p."search_vector"
  FROM "products" p WHERE p."id" = ANY(target)
  ON CONFLICT ("product_id") DO UPDATE SET "brand_id" = EXCLUDED."brand_id", "family_id" = EXCLUDED."family_id",
    "category_id" = EXCLUDED."category_id", "subcategory_id" = EXCLUDED."subcategory_id",
    "is_archived" = EXCLUDED."is_archived", "is_sold_out" = EXCLUDED."is_sold_out", "title" = EXCLUDED."title",
    "document" = EXCLUDED."document"
$$;
--> statement-breakpoint
-- Inserted products, one pass per statement (a sheet's import, bench/generate.js). Read from
-- products rather than the transition table: the first presentación's trigger (migration 0009)
-- has already rewritten the row.
CREATE FUNCTION products_search_copy_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_search_copy(array_agg(i."id")) FROM inserted i HAVING count(*) > 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION products_search_copy_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_search_copy(ARRAY[NEW."id"]);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The existing catalogue, copied once, before the index (one build instead of an insert per row).
INSERT INTO "product_search" ("product_id", "brand_id", "family_id", "category_id", "subcategory_id", "is_archived",
  "is_sold_out", "title", "document")
SELECT p."id", p."brand_id", p."family_id", p."category_id", p."subcategory_id", p."is_archived", p."stock" = 0,
  p."search_title", p."search_vector"
FROM "products" p ORDER BY p."id";
--> statement-breakpoint
CREATE INDEX "product_search_document_idx" ON "product_search" USING gin ("document") WITH (fastupdate=false);
--> statement-breakpoint
-- The search no longer reads the products' own document through an index.
DROP INDEX "products_search_vector_idx";
--> statement-breakpoint
CREATE TRIGGER products_search_copy_insert AFTER INSERT ON "products"
REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION products_search_copy_inserted();
--> statement-breakpoint
-- Not on every stock or price change (each order writes those): only when the document, the
-- title, a level, the brand, the archive flag or 'sold out' changes.
CREATE TRIGGER products_search_copy_update AFTER UPDATE ON "products" FOR EACH ROW
WHEN (OLD."search_vector" IS DISTINCT FROM NEW."search_vector" OR OLD."search_title" IS DISTINCT FROM NEW."search_title"
  OR OLD."brand_id" IS DISTINCT FROM NEW."brand_id" OR OLD."family_id" IS DISTINCT FROM NEW."family_id"
  OR OLD."category_id" IS DISTINCT FROM NEW."category_id" OR OLD."subcategory_id" IS DISTINCT FROM NEW."subcategory_id"
  OR OLD."is_archived" IS DISTINCT FROM NEW."is_archived" OR (OLD."stock" = 0) IS DISTINCT FROM (NEW."stock" = 0))
EXECUTE FUNCTION products_search_copy_updated();
