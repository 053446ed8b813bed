import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

import { paymentMethods } from "./content";
import { orders } from "./orders";

// Online payments (issue 45, ADR 038). An order paid by card or Yape goes through attempts
// (one per 'Pagar' press: a Mercado Pago preference or a Stripe session); the payments the
// provider reports approved are recorded once each, and mark the order paid at most once.

export const paymentAttemptStatuses = ["open", "approved", "pending", "rejected", "failed"] as const;
export type PaymentAttemptStatus = (typeof paymentAttemptStatuses)[number];

export const paymentAttempts = pgTable(
  "payment_attempts",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: text().notNull(),
    /** Our own key, sent to the provider as its idempotency key and in the metadata. */
    attemptKey: text().notNull().unique(),
    /** The provider's preference or session id; null until the provider answered. */
    reference: text(),
    redirectUrl: text(),
    status: text({ enum: paymentAttemptStatuses }).notNull().default("open"),
    /** The provider's words when the attempt could not be created or was refused. */
    statusDetail: text().notNull().default(""),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The last time the provider was asked about it (return, notification or reconciliation). */
    checkedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.orderId, t.createdAt), index().on(t.status, t.createdAt)],
);

/**
 * A payment the provider reported approved, read back from its API: one row per provider
 * payment (so a repeated notification finds it already there), whatever became of the order.
 * `outcome`: 'paid' (it marked the order paid), 'late' (the order had expired or been
 * cancelled: the owner refunds or reactivates), 'duplicate' (the order was already paid).
 */
export const onlinePayments = pgTable(
  "online_payments",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: text().notNull(),
    /** The method (and so the credentials) the payment came through, for its refunds; null once that method is deleted. */
    methodId: text().references(() => paymentMethods.id, { onDelete: "set null" }),
    providerPaymentId: text().notNull(),
    amountCents: integer().notNull(),
    methodLabel: text().notNull().default(""),
    feeCents: integer(),
    panelUrl: text().notNull().default(""),
    outcome: text({ enum: ["paid", "late", "duplicate"] }).notNull(),
    refundedCents: integer().notNull().default(0),
    approvedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex().on(t.provider, t.providerPaymentId),
    index().on(t.orderId),
    check("online_payments_amount_positive", sql`${t.amountCents} > 0`),
    check(
      "online_payments_refund_within_amount",
      sql`${t.refundedCents} >= 0 AND ${t.refundedCents} <= ${t.amountCents}`,
    ),
  ],
);

export const paymentRefundStatuses = ["pending", "done"] as const;

/**
 * Refunds asked of the provider from the back office, with its answer. A refund is written
 * 'pending' (its amount added to the payment's `refunded_cents`) before the provider is
 * asked, so two owners refunding at once cannot refund more than was paid; the provider's
 * answer makes it 'done' or removes it.
 */
export const paymentRefunds = pgTable(
  "payment_refunds",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    onlinePaymentId: integer()
      .notNull()
      .references(() => onlinePayments.id, { onDelete: "cascade" }),
    amountCents: integer().notNull(),
    status: text({ enum: paymentRefundStatuses }).notNull().default("pending"),
    /** The idempotency key the provider was asked with: asked again with it, it answers the same refund. */
    requestKey: text().notNull().unique(),
    /** The provider's refund id; '' while pending. */
    providerRefundId: text().notNull().default(""),
    byUserId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.onlinePaymentId), check("payment_refunds_amount_positive", sql`${t.amountCents} > 0`)],
);

/** Each verified notification, once: the provider's event id is its key. */
export const paymentNotifications = pgTable(
  "payment_notifications",
  {
    provider: text().notNull(),
    eventId: text().notNull(),
    paymentRef: text(),
    outcome: text().notNull().default(""),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] }), index().on(t.receivedAt)],
);
