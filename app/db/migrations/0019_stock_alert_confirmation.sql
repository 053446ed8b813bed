-- 'Avísame cuando haya stock' asks for a confirmation by e-mail first (issue 41): a token for the
-- link, when it was followed, and the inbox an address reaches, so plus-addresses make one row.
DROP INDEX "stock_alerts_variant_id_email_index";--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD COLUMN "mailbox" text;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD COLUMN "token" text;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
-- Subscriptions taken before confirmations existed keep their one promised e-mail, as confirmed,
-- but only once per inbox: the mailbox is normalizeMailbox's (app/lib/mailbox.ts) in SQL.
UPDATE "stock_alerts" SET
  "mailbox" = CASE
    WHEN split_part("email", '@', 2) IN ('gmail.com', 'googlemail.com')
      THEN replace(split_part(split_part("email", '@', 1), '+', 1), '.', '') || '@gmail.com'
    ELSE split_part(split_part("email", '@', 1), '+', 1) || '@' || split_part("email", '@', 2)
  END,
  "token" = replace(gen_random_uuid()::text, '-', ''),
  "confirmed_at" = "created_at";--> statement-breakpoint
DELETE FROM "stock_alerts" AS "later" USING "stock_alerts" AS "first"
  WHERE "later"."variant_id" = "first"."variant_id" AND "later"."mailbox" = "first"."mailbox" AND "later"."id" > "first"."id";--> statement-breakpoint
ALTER TABLE "stock_alerts" ALTER COLUMN "mailbox" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_alerts" ALTER COLUMN "token" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_variant_id_mailbox_index" ON "stock_alerts" USING btree ("variant_id","mailbox");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_token_index" ON "stock_alerts" USING btree ("token");
