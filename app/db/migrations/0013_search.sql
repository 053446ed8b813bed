CREATE TABLE "search_misses" (
	"query" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"last_searched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_misses_count_positive" CHECK ("search_misses"."count" > 0)
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"folded" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_title" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL;
--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "search_title" text DEFAULT '' NOT NULL;
--> statement-breakpoint
-- Typo tolerance compares words by edit distance (levenshtein_less_equal), at query time only:
-- the triggers below use none of it. A trusted extension (PostgreSQL 13+); PGlite loads it in
-- openDatabase(). Issue 27, ADR 025.
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;
--> statement-breakpoint
-- Spanish stemming without Spanish stop words: 'sobre' (a pouch of cat food), 'nada' or 'todo'
-- are words of product names here. The engine drops the few that never are ('de', 'para')
-- from queries itself (catalog-search.ts).
CREATE TEXT SEARCH DICTIONARY search_spanish_stem (TEMPLATE = snowball, LANGUAGE = spanish);
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION search_spanish (COPY = spanish);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION search_spanish
  ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part WITH search_spanish_stem;
--> statement-breakpoint
-- Lower case, no accents, no apostrophes ('Hill's' is 'hills'), anything else but letters and
-- digits as one space: readSearchTerms (app/domain/search/catalog-search.ts) in SQL.
-- translate() rather than unaccent(): immutable, and the scripts that write products
-- (bench/generate.js) need no extra extension.
CREATE FUNCTION search_normalize(source text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(
    translate(lower(coalesce(source, '')), 'áàâäãåéèêëíìîïóòôöõúùûüñçýÿ''’', 'aaaaaaeeeeiiiiooooouuuuncyy'),
    '[^[:alnum:]]+', ' ', 'g'))
$$;
--> statement-breakpoint
-- A normalised word as it sounds, for typos: b/v, ll/y, z/s, c and qu before e/i, hard c and
-- k, a silent h and a final y are written either way ('croketas' is 'croquetas', 'sampoo' is
-- 'shampoo'), the folding of search-words.ts's foldSpelling plus the hard c.
CREATE FUNCTION search_fold(word text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
    regexp_replace(regexp_replace(word,
      'll', 'y', 'g'),
      'v', 'b', 'g'),
      'z', 's', 'g'),
      'qu([ei])', 'k\1', 'g'),
      'c([ei])', 's\1', 'g'),
      'c([^h]|$)', 'k\1', 'g'),
      '([^cs]|^)h', '\1', 'g'),
      'y$', 'i')
$$;
--> statement-breakpoint
-- Adds the words of `sources` to the shop's vocabulary (search_words): what typos are
-- corrected to. Numbers and single letters are never corrected.
CREATE FUNCTION search_words_add(sources text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "search_words" ("word", "folded")
  SELECT DISTINCT w, search_fold(w)
  FROM unnest(sources) AS s, regexp_split_to_table(search_normalize(s), ' ') AS w
  WHERE length(w) BETWEEN 2 AND 40 AND w !~ '[0-9]'
  ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint
-- A product's search document: title (A), brand (B), family, category and subcategory (C),
-- live presentaciones and description (D), stemmed in Spanish on normalised text.
CREATE FUNCTION product_search_vector(target_id integer, target_title text, target_description text,
  target_brand integer, target_family integer, target_category integer, target_subcategory integer)
RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector('search_spanish', search_normalize(target_title)), 'A')
    || setweight(to_tsvector('search_spanish', search_normalize((SELECT b."name" FROM "brands" b WHERE b."id" = target_brand))), 'B')
    || setweight(to_tsvector('search_spanish', search_normalize(concat_ws(' ',
         (SELECT f."name" FROM "product_families" f WHERE f."id" = target_family),
         (SELECT c."name" FROM "product_categories" c WHERE c."id" = target_category),
         (SELECT s."name" FROM "product_subcategories" s WHERE s."id" = target_subcategory)))), 'C')
    || setweight(to_tsvector('search_spanish', search_normalize(concat_ws(' ',
         (SELECT string_agg(v."name", ' ') FROM "product_variants" v WHERE v."product_id" = target_id AND NOT v."is_archived"),
         target_description))), 'D')
$$;
--> statement-breakpoint
-- A service's: title (A), family, category and subcategory (C), description (D).
CREATE FUNCTION service_search_vector(target_title text, target_description text,
  target_family integer, target_category integer, target_subcategory integer)
RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector('search_spanish', search_normalize(target_title)), 'A')
    || setweight(to_tsvector('search_spanish', search_normalize(concat_ws(' ',
         (SELECT f."name" FROM "service_families" f WHERE f."id" = target_family),
         (SELECT c."name" FROM "service_categories" c WHERE c."id" = target_category),
         (SELECT s."name" FROM "service_subcategories" s WHERE s."id" = target_subcategory)))), 'C')
    || setweight(to_tsvector('search_spanish', search_normalize(target_description)), 'D')
$$;
--> statement-breakpoint
-- Rewrites the documents of the products (or services) whose `column` is `target`: after a
-- brand or a level is renamed, or a product's presentaciones change.
CREATE FUNCTION search_refresh(target_table text, target_column text, target integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF target_table = 'products' THEN
    EXECUTE format('UPDATE "products" p SET "search_vector" = product_search_vector(p."id", p."title",
      p."description", p."brand_id", p."family_id", p."category_id", p."subcategory_id") WHERE p.%I = ANY($1)',
      target_column) USING target;
  ELSE
    EXECUTE format('UPDATE "services" s SET "search_vector" = service_search_vector(s."title", s."description",
      s."family_id", s."category_id", s."subcategory_id") WHERE s.%I = ANY($1)', target_column) USING target;
  END IF;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION products_search_document() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."search_vector" := product_search_vector(NEW."id", NEW."title", NEW."description", NEW."brand_id",
    NEW."family_id", NEW."category_id", NEW."subcategory_id");
  NEW."search_title" := search_normalize(NEW."title");
  PERFORM search_words_add(ARRAY[NEW."title"]);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION services_search_document() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."search_vector" := service_search_vector(NEW."title", NEW."description", NEW."family_id",
    NEW."category_id", NEW."subcategory_id");
  NEW."search_title" := search_normalize(NEW."title");
  PERFORM search_words_add(ARRAY[NEW."title"]);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- Presentaciones added or deleted, in bulk (a sheet's import, bench/generate.js): one pass over
-- the statement's rows. Unnamed ones (a product without sizes) change no document.
CREATE FUNCTION product_variants_search_statement() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_words_add(array_agg(c."name")), search_refresh('products', 'id', array_agg(DISTINCT c."product_id"))
  FROM changed c WHERE c."name" <> '' HAVING count(*) > 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION product_variants_search_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_words_add(ARRAY[NEW."name"]);
  PERFORM search_refresh('products', 'id', ARRAY[OLD."product_id", NEW."product_id"]);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A brand or a level added or renamed: its words join the vocabulary, and a rename rewrites
-- the documents under it (TG_ARGV: the table and the column that point at it).
CREATE FUNCTION search_level_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_words_add(ARRAY[NEW."name"]);
  IF TG_OP = 'UPDATE' THEN
    PERFORM search_refresh(TG_ARGV[0], TG_ARGV[1], ARRAY[NEW."id"]);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The existing catalogue, indexed once (triggers not yet in place).
UPDATE "products" p SET "search_title" = search_normalize(p."title"), "search_vector" = product_search_vector(p."id",
  p."title", p."description", p."brand_id", p."family_id", p."category_id", p."subcategory_id");
--> statement-breakpoint
UPDATE "services" s SET "search_title" = search_normalize(s."title"), "search_vector" = service_search_vector(s."title",
  s."description", s."family_id", s."category_id", s."subcategory_id");
--> statement-breakpoint
SELECT search_words_add(array_agg(t)) FROM (
  SELECT "title" AS t FROM "products" WHERE NOT "is_archived"
  UNION ALL SELECT "name" FROM "product_variants" WHERE NOT "is_archived" AND "name" <> ''
  UNION ALL SELECT "title" FROM "services"
  UNION ALL SELECT "name" FROM "brands"
  UNION ALL SELECT "name" FROM "product_families"
  UNION ALL SELECT "name" FROM "product_categories"
  UNION ALL SELECT "name" FROM "product_subcategories"
  UNION ALL SELECT "name" FROM "service_families"
  UNION ALL SELECT "name" FROM "service_categories"
  UNION ALL SELECT "name" FROM "service_subcategories"
) AS sources;
--> statement-breakpoint
-- From here on every write keeps the documents: the editor, the sheet import, a rename in
-- /admin, a script or a psql session alike.
CREATE TRIGGER products_search_insert BEFORE INSERT ON "products"
FOR EACH ROW EXECUTE FUNCTION products_search_document();
--> statement-breakpoint
CREATE TRIGGER products_search_update BEFORE UPDATE ON "products" FOR EACH ROW
WHEN (OLD."title" IS DISTINCT FROM NEW."title" OR OLD."description" IS DISTINCT FROM NEW."description"
  OR OLD."brand_id" IS DISTINCT FROM NEW."brand_id" OR OLD."family_id" IS DISTINCT FROM NEW."family_id"
  OR OLD."category_id" IS DISTINCT FROM NEW."category_id" OR OLD."subcategory_id" IS DISTINCT FROM NEW."subcategory_id")
EXECUTE FUNCTION products_search_document();
--> statement-breakpoint
CREATE TRIGGER services_search_insert BEFORE INSERT ON "services"
FOR EACH ROW EXECUTE FUNCTION services_search_document();
--> statement-breakpoint
CREATE TRIGGER services_search_update BEFORE UPDATE ON "services" FOR EACH ROW
WHEN (OLD."title" IS DISTINCT FROM NEW."title" OR OLD."description" IS DISTINCT FROM NEW."description"
  OR OLD."family_id" IS DISTINCT FROM NEW."family_id" OR OLD."category_id" IS DISTINCT FROM NEW."category_id"
  OR OLD."subcategory_id" IS DISTINCT FROM NEW."subcategory_id")
EXECUTE FUNCTION services_search_document();
--> statement-breakpoint
CREATE TRIGGER product_variants_search_insert AFTER INSERT ON "product_variants"
REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION product_variants_search_statement();
--> statement-breakpoint
CREATE TRIGGER product_variants_search_delete AFTER DELETE ON "product_variants"
REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION product_variants_search_statement();
--> statement-breakpoint
-- Not on stock or price changes (every order writes those): only what the document holds.
CREATE TRIGGER product_variants_search_update AFTER UPDATE ON "product_variants" FOR EACH ROW
WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."is_archived" IS DISTINCT FROM NEW."is_archived"
  OR OLD."product_id" IS DISTINCT FROM NEW."product_id")
EXECUTE FUNCTION product_variants_search_row();
--> statement-breakpoint
CREATE TRIGGER brands_search_insert AFTER INSERT ON "brands"
FOR EACH ROW EXECUTE FUNCTION search_level_changed('products', 'brand_id');
--> statement-breakpoint
CREATE TRIGGER brands_search_rename AFTER UPDATE ON "brands" FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name")
EXECUTE FUNCTION search_level_changed('products', 'brand_id');
--> statement-breakpoint
CREATE TRIGGER product_families_search_insert AFTER INSERT ON "product_families"
FOR EACH ROW EXECUTE FUNCTION search_level_changed('products', 'family_id');
--> statement-breakpoint
CREATE TRIGGER product_families_search_rename AFTER UPDATE ON "product_families" FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name")
EXECUTE FUNCTION search_level_changed('products', 'family_id');
--> statement-breakpoint
CREATE TRIGGER product_categories_search_insert AFTER INSERT ON "product_categories"
FOR EACH ROW EXECUTE FUNCTION search_level_changed('products', 'category_id');
--> statement-breakpoint
CREATE TRIGGER product_categories_search_rename AFTER UPDATE ON "product_categories" FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name")
EXECUTE FUNCTION search_level_changed('products', 'category_id');
--> statement-breakpoint
CREATE TRIGGER product_subcategories_search_insert AFTER INSERT ON "product_subcategories"
FOR EACH ROW EXECUTE FUNCTION search_level_changed('products', 'subcategory_id');
--> statement-breakpoint
CREATE TRIGGER product_subcategories_search_rename AFTER UPDATE ON "product_subcategories" FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name")
EXECUTE FUNCTION search_level_changed('products', 'subcategory_id');
--> statement-breakpoint
CREATE TRIGGER service_families_search_insert AFTER INSERT ON "service_families"
FOR EACH ROW EXECUTE FUNCTION search_level_changed('services', 'family_id');
--> statement-breakpoint
CREATE TRIGGER service_families_search_rename AFTER UPDATE ON "service_families" FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name")
EXECUTE FUNCTION search_level_changed('services', 'family_id');
--> statement-breakpoint
CREATE TRIGGER service_categories_search_insert AFTER INSERT ON "service_categories"
FOR EACH ROW EXECUTE FUNCTION search_level_changed('services', 'category_id');
--> statement-breakpoint
CREATE TRIGGER service_categories_search_rename AFTER UPDATE ON "service_categories" FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name")
EXECUTE FUNCTION search_level_changed('services', 'category_id');
--> statement-breakpoint
CREATE TRIGGER service_subcategories_search_insert AFTER INSERT ON "service_subcategories"
FOR EACH ROW EXECUTE FUNCTION search_level_changed('services', 'subcategory_id');
--> statement-breakpoint
CREATE TRIGGER service_subcategories_search_rename AFTER UPDATE ON "service_subcategories" FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name")
EXECUTE FUNCTION search_level_changed('services', 'subcategory_id');
--> statement-breakpoint
-- Built after the backfill: one pass instead of an update per row. The GIN indexes without
-- their pending list (fastupdate): new rows go straight into the index, so a search never reads
-- a list of recent entries one by one (the embedded database has no autovacuum to merge it,
-- and the planner, pricing that list, would scan the whole table instead). ADR 025.
CREATE INDEX "search_misses_last_searched_idx" ON "search_misses" USING btree ("last_searched_at");
--> statement-breakpoint
CREATE INDEX "search_words_first_letter_idx" ON "search_words" USING btree (left("folded", 1),length("folded"));
--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate=false);
--> statement-breakpoint
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector") WITH (fastupdate=false);
--> statement-breakpoint
CREATE INDEX "services_search_vector_idx" ON "services" USING gin ("search_vector") WITH (fastupdate=false);
