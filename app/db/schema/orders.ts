import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

import { users } from "./auth";
import { products, productVariants } from "./catalog";
import { timestamps } from "./columns";
import { paymentMethods } from "./content";

/** A cart lives on the server, keyed by a random id kept in a cookie. */
export const carts = pgTable(
  "carts",
  {
    id: text().primaryKey(),
    userId: text().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index().on(t.userId), index().on(t.updatedAt)],
);

export const cartLines = pgTable(
  "cart_lines",
  {
    cartId: text()
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    // A line is one presentación of the product.
    variantId: integer()
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    quantity: integer().notNull(),
    addedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.cartId, t.variantId] }),
    index().on(t.productId),
    check("cart_lines_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

export const orderStatuses = ["pendiente", "en_proceso", "entregado", "cancelado"] as const;
export type OrderStatus = (typeof orderStatuses)[number];
export const orderStatus = pgEnum("order_status", orderStatuses);

export const orders = pgTable(
  "orders",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    // Shown to the shopper and quoted in the WhatsApp message, e.g. 'PED-000123'.
    code: text().notNull().unique(),
    userId: text().references(() => users.id, { onDelete: "set null" }),
    customerName: text().notNull().default(""),
    customerEmail: text().notNull().default(""),
    customerPhone: text().notNull().default(""),
    customerAddress: text().notNull().default(""),
    paymentMethodId: text().references(() => paymentMethods.id, { onDelete: "set null" }),
    // Copied so that renaming or removing a method keeps the order's history.
    paymentMethodName: text().notNull(),
    status: orderStatus().notNull().default("pendiente"),
    // bigint: 99 units of a S/ 999,999.99 product already pass a 32-bit integer. Read as a
    // JavaScript number, exact up to 2^53 céntimos.
    totalCents: bigint({ mode: "number" }).notNull(),
    note: text().notNull().default(""),
    // The visitor's address (client-ip.server.ts), so that one shopper's unpaid orders can be
    // counted together (order-limits.ts). Personal data: the housekeeping clears it after
    // a few days, once no limit looks at it.
    clientIp: text(),
    ...timestamps,
  },
  (t) => [
    index().on(t.userId, t.createdAt),
    index().on(t.status, t.createdAt),
    index().on(t.createdAt),
    check("orders_total_nonnegative", sql`${t.totalCents} >= 0`),
  ],
);

export const orderLines = pgTable(
  "order_lines",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    // 'restrict': a product with orders is archived, not deleted.
    productId: integer().references(() => products.id, { onDelete: "restrict" }),
    // 'restrict' too: a presentación with orders is archived, not deleted.
    variantId: integer().references(() => productVariants.id, { onDelete: "restrict" }),
    // Title, presentación and price are copied at order time; later edits do not rewrite history.
    title: text().notNull(),
    variantName: text().notNull().default(""),
    unitPriceCents: integer().notNull(),
    quantity: integer().notNull(),
    lineTotalCents: bigint({ mode: "number" }).notNull(),
  },
  (t) => [
    index().on(t.orderId),
    index().on(t.productId),
    index().on(t.variantId),
    check("order_lines_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

export const orderStatusChanges = pgTable(
  "order_status_changes",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: orderStatus(),
    toStatus: orderStatus().notNull(),
    changedByUserId: text().references(() => users.id, { onDelete: "set null" }),
    // Made by the shop itself (an unpaid order cancelled when its time to pay ran out), not
    // by a person: told apart from a change by an admin whose account was later deleted.
    isAutomatic: boolean().notNull().default(false),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.orderId)],
);
