-- The order the catalogue search's table is kept in (issue 27, ADR 025, amended again): by
-- catalogue level, then title. The embedded database's maintenance rewrites the table in this
-- order (CLUSTER, db/maintenance.server.ts) at start and every six hours, so the products a
-- search finds, mostly of one kind and one level ('croquetas gato': food for cats), lie on a
-- few pages side by side instead of all over the table.
CREATE INDEX "product_search_order_idx" ON "product_search" USING btree ("family_id","category_id","subcategory_id","title");
--> statement-breakpoint
ALTER TABLE "product_search" CLUSTER ON "product_search_order_idx";
