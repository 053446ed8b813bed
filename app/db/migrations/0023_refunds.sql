ALTER TABLE "payment_refunds" ALTER COLUMN "provider_refund_id" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "online_payments" ADD COLUMN "method_id" text;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "request_key" text NOT NULL;--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_method_id_payment_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_requestKey_unique" UNIQUE("request_key");