ALTER TABLE "bookings" ADD COLUMN "reminder_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pet_health_records" ADD COLUMN "due_reminder_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "food_reminder_claimed_at" timestamp with time zone;