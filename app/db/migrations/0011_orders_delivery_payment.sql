ALTER TABLE "order_status_changes" ALTER COLUMN "from_status" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "order_status_changes" ALTER COLUMN "to_status" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" SET DATA TYPE text;--> statement-breakpoint
-- 'En Proceso' orders were being prepared: they become 'En preparación'.
UPDATE "orders" SET "status" = 'en_preparacion' WHERE "status" = 'en_proceso';--> statement-breakpoint
UPDATE "order_status_changes" SET "from_status" = 'en_preparacion' WHERE "from_status" = 'en_proceso';--> statement-breakpoint
UPDATE "order_status_changes" SET "to_status" = 'en_preparacion' WHERE "to_status" = 'en_proceso';--> statement-breakpoint
DROP TYPE "public"."order_status";--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('pendiente', 'pagado', 'en_preparacion', 'en_camino', 'listo_recoger', 'entregado', 'cancelado');--> statement-breakpoint
ALTER TABLE "order_status_changes" ALTER COLUMN "from_status" SET DATA TYPE "public"."order_status" USING "from_status"::"public"."order_status";--> statement-breakpoint
ALTER TABLE "order_status_changes" ALTER COLUMN "to_status" SET DATA TYPE "public"."order_status" USING "to_status"::"public"."order_status";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" SET DATA TYPE "public"."order_status" USING "status"::"public"."order_status";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" SET DEFAULT 'pendiente'::"public"."order_status";--> statement-breakpoint
ALTER TABLE "shop_settings" ALTER COLUMN "payment_hours" SET DEFAULT 24;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "access_token" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfillment" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_district" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_reference" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "comprobante" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "document_type" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "document_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "business_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fiscal_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "receipt_image" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "receipt_operation" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "receipt_uploaded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_amount_cents" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_method_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_operation" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_by_user_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_by_user_id_users_id_fk" FOREIGN KEY ("paid_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_fee_nonnegative" CHECK ("orders"."delivery_fee_cents" >= 0);;--> statement-breakpoint
-- Orders the owner moved forward before payments were recorded were paid in the chat: they
-- count as paid, with their total, so that 'Sin pagar' lists only what is really owed.
UPDATE "orders" SET "paid_at" = "updated_at", "paid_amount_cents" = "total_cents", "paid_method_name" = "payment_method_name" WHERE "status" IN ('en_preparacion', 'entregado');
