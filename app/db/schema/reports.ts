// The owner's reports' daily sums (issue 49, ADR 045): what the orders paid on each Lima day
// add up to, kept exact by triggers on orders, order_lines, online_payments and payment_refunds
// (migration 0028), whatever writes them. Never written by the application. No check
// constraints: a sum the triggers got wrong must not refuse an order's payment.
import { bigint, date, integer, pgTable, primaryKey, text, unique } from "drizzle-orm/pg-core";

/**
 * The sales of one Lima day, per delivery kind and payment method: orders paid that day and
 * not cancelled since, what they brought in (paid less refunded), their discounts and units.
 */
export const salesDays = pgTable(
  "sales_days",
  {
    day: date().notNull(),
    /** orders.fulfillment, or 'sin_dato' for orders from before the choice existed. */
    fulfillment: text().notNull(),
    /** The method the payment was recorded with, else the one chosen at checkout. */
    method: text().notNull(),
    orderCount: integer().notNull(),
    revenueCents: bigint({ mode: "number" }).notNull(),
    discountCents: bigint({ mode: "number" }).notNull(),
    units: bigint({ mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.fulfillment, t.method] })],
);

/** What those orders' lines sold per product: units and the lines' totals (before order discounts). */
export const productSalesDays = pgTable(
  "product_sales_days",
  {
    day: date().notNull(),
    // No reference: a product with orders is archived, never deleted. Null for a line without a product.
    productId: integer(),
    units: bigint({ mode: "number" }).notNull(),
    revenueCents: bigint({ mode: "number" }).notNull(),
  },
  (t) => [unique("product_sales_days_day_product_unique").on(t.day, t.productId).nullsNotDistinct()],
);
