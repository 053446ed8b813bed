CREATE INDEX "products_family_listing_idx" ON "products" USING btree ("family_id","title","id") WHERE "products"."is_archived" = false;--> statement-breakpoint
CREATE INDEX "products_category_listing_idx" ON "products" USING btree ("category_id","title","id") WHERE "products"."is_archived" = false;--> statement-breakpoint
CREATE INDEX "products_subcategory_listing_idx" ON "products" USING btree ("subcategory_id","title","id") WHERE "products"."is_archived" = false;--> statement-breakpoint
CREATE INDEX "products_search_text_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "services_search_text_trgm_idx" ON "services" USING gin ("search_text" gin_trgm_ops);