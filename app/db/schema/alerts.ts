import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";

export const shopAlertKinds = ["order", "complaint", "contact", "booking", "digest", "weekly"] as const;
export type ShopAlertKind = (typeof shopAlertKinds)[number];

/**
 * The e-mails that tell the shop something happened (issue 25 item 7). One row per event,
 * unique by (kind, refKey): an order's id, a complaint's id, or the Lima date of a daily
 * digest, so an alert is queued once however many instances see the event. The sender
 * claims a due row by moving nextAttemptAt forward in one conditional update, sends it, and
 * marks it sent; a failure waits and tries again, a few times.
 */
export const shopAlerts = pgTable(
  "shop_alerts",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    kind: text({ enum: shopAlertKinds }).notNull(),
    refKey: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    sentAt: timestamp({ withTimezone: true }),
    delivery: text().notNull().default(""),
    lastError: text().notNull().default(""),
  },
  (t) => [
    unique("shop_alerts_kind_ref_key").on(t.kind, t.refKey),
    index("shop_alerts_due")
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
    check("shop_alerts_attempts", sql`${t.attempts} >= 0`),
  ],
);
