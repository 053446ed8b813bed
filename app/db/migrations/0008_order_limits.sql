ALTER TABLE "shop_settings" ADD COLUMN "max_units_per_order" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "max_stock_percent_per_order" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "payment_hours" integer DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_status_changes" ADD COLUMN "is_automatic" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "client_ip" text;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_max_units_per_order" CHECK ("shop_settings"."max_units_per_order" between 1 and 99);--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_max_stock_percent_per_order" CHECK ("shop_settings"."max_stock_percent_per_order" between 1 and 100);--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_payment_hours" CHECK ("shop_settings"."payment_hours" between 1 and 720);