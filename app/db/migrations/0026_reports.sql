CREATE TABLE "search_days" (
	"day" date NOT NULL,
	"query" text NOT NULL,
	"searches" integer DEFAULT 1 NOT NULL,
	"misses" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "search_days_day_query_pk" PRIMARY KEY("day","query"),
	CONSTRAINT "search_days_searches_positive" CHECK ("search_days"."searches" > 0),
	CONSTRAINT "search_days_misses_within" CHECK ("search_days"."misses" >= 0 AND "search_days"."misses" <= "search_days"."searches")
);
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "is_weekly_summary_on" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_paid_at_index" ON "orders" USING btree ("paid_at");