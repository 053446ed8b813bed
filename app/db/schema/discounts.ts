import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

import { timestamps } from "./columns";
import { orders } from "./orders";

export const discountKinds = ["percent", "amount", "free_delivery"] as const;

/**
 * The shop's discounts (issue 44, ADR 036): a coupon the shopper types (`code`, kept in capitals)
 * or, without a code, one the checkout applies by itself when its conditions hold. The target
 * lists limit it to some products (ids of families, categories, brands or products; all empty:
 * every product); an id whose row is deleted matches nothing. `uses_count` counts the live orders
 * that carry it, taken in the order's transaction by a conditional update (never past
 * `max_uses`) and given back when the order is cancelled.
 */
export const discounts = pgTable(
  "discounts",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: text().notNull(),
    code: text(),
    kind: text({ enum: discountKinds }).notNull(),
    percent: integer(),
    amountCents: integer(),
    minSubtotalCents: integer().notNull().default(0),
    isFirstPurchaseOnly: boolean().notNull().default(false),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    maxUses: integer(),
    maxUsesPerCustomer: integer(),
    usesCount: integer().notNull().default(0),
    isCombinable: boolean().notNull().default(true),
    isActive: boolean().notNull().default(true),
    familyIds: integer()
      .array()
      .notNull()
      .default(sql`'{}'`),
    categoryIds: integer()
      .array()
      .notNull()
      .default(sql`'{}'`),
    brandIds: integer()
      .array()
      .notNull()
      .default(sql`'{}'`),
    productIds: integer()
      .array()
      .notNull()
      .default(sql`'{}'`),
    ...timestamps,
  },
  (t) => [
    uniqueIndex().on(t.code),
    index().on(t.isActive),
    check("discounts_percent_range", sql`${t.kind} <> 'percent' OR ${t.percent} BETWEEN 1 AND 100`),
    check("discounts_amount_positive", sql`${t.kind} <> 'amount' OR ${t.amountCents} > 0`),
    check("discounts_minimum_nonnegative", sql`${t.minSubtotalCents} >= 0`),
    check("discounts_dates_in_order", sql`${t.startsAt} IS NULL OR ${t.endsAt} IS NULL OR ${t.endsAt} > ${t.startsAt}`),
    check("discounts_max_uses_positive", sql`${t.maxUses} IS NULL OR ${t.maxUses} > 0`),
    check(
      "discounts_max_uses_per_customer_positive",
      sql`${t.maxUsesPerCustomer} IS NULL OR ${t.maxUsesPerCustomer} > 0`,
    ),
    check(
      "discounts_uses_within_limit",
      sql`${t.usesCount} >= 0 AND (${t.maxUses} IS NULL OR ${t.usesCount} <= ${t.maxUses})`,
    ),
  ],
);

/**
 * The discounts an order carries, copied as they were applied (name, code, amount), so editing
 * or deleting a discount never rewrites an order's history.
 */
export const orderDiscounts = pgTable(
  "order_discounts",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    discountId: integer().references(() => discounts.id, { onDelete: "set null" }),
    name: text().notNull(),
    code: text(),
    kind: text({ enum: discountKinds }).notNull(),
    amountCents: integer().notNull(),
  },
  (t) => [
    index().on(t.orderId),
    index().on(t.discountId),
    check("order_discounts_amount_positive", sql`${t.amountCents} > 0`),
  ],
);
