import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
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
    /** The checkout's fields as the shopper left them (issue 40), until the order is placed. */
    checkoutDraft: jsonb().$type<Record<string, string>>(),
    /** The coupon the shopper applied at checkout (issue 44), in capitals, until the order is placed. */
    couponCode: text(),
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

/**
 * Pendiente (de pago) → Pagado → En preparación → En camino (delivery) or Listo para recoger
 * (pickup) → Entregado; Cancelado before Entregado. Orders from before delivery existed that
 * were 'En Proceso' became 'En preparación' (migration 0011).
 */
export const orderStatuses = [
  "pendiente",
  "pagado",
  "en_preparacion",
  "en_camino",
  "listo_recoger",
  "entregado",
  "cancelado",
] as const;
export type OrderStatus = (typeof orderStatuses)[number];
export const orderStatus = pgEnum("order_status", orderStatuses);

export const fulfillmentKinds = ["pickup", "delivery"] as const;
export type FulfillmentKind = (typeof fulfillmentKinds)[number];
export const comprobanteKinds = ["boleta", "factura"] as const;
export type ComprobanteKind = (typeof comprobanteKinds)[number];

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
    // The unguessable part of the order page's link (/pedido/{code}?t=…), sent in the WhatsApp
    // message and the e-mails. Null for orders placed before the page existed.
    accessToken: text(),
    // How the order reaches the shopper; null for orders placed before the choice existed.
    fulfillment: text({ enum: fulfillmentKinds }),
    deliveryDistrict: text().notNull().default(""),
    deliveryReference: text().notNull().default(""),
    // The delivery fee charged, in céntimos (0 for pickup or free delivery); total = lines + fee.
    deliveryFeeCents: integer().notNull().default(0),
    // What the order's discounts took off, products and delivery together (order_discounts
    // has each one); total = lines + fee − discount.
    discountCents: integer().notNull().default(0),
    // The sales document to issue: a boleta (optional DNI or CE) or a factura (RUC, razón social,
    // dirección fiscal). Null for orders placed before the choice existed.
    comprobante: text({ enum: comprobanteKinds }),
    documentType: text({ enum: ["dni", "ce", "ruc"] }),
    documentNumber: text().notNull().default(""),
    businessName: text().notNull().default(""),
    fiscalAddress: text().notNull().default(""),
    // The shopper's payment receipt (a private image under DATA_DIR, served to the order's
    // owner and to admins only) and/or operation number.
    receiptImage: text(),
    receiptOperation: text().notNull().default(""),
    receiptUploadedAt: timestamp({ withTimezone: true }),
    // The owner's 'Marcar como pagado': the payment is recorded apart from the status, so an
    // order paid on delivery can be dispatched first and marked paid later.
    paidAt: timestamp({ withTimezone: true }),
    paidAmountCents: bigint({ mode: "number" }),
    paidMethodName: text().notNull().default(""),
    paidOperation: text().notNull().default(""),
    paidByUserId: text().references(() => users.id, { onDelete: "set null" }),
    // Why a paid order was cancelled (required then), shown to the shopper.
    cancelReason: text().notNull().default(""),
    // Who the reports count as the customer (issue 49, ADR 045): the account, or else the
    // phone number's digits. Kept by PostgreSQL, so a year's report does not work it out for
    // every order, and an index finds a customer's earlier orders.
    customerKey: text()
      .notNull()
      .generatedAlwaysAs(sql`coalesce(user_id, 'tel:' || regexp_replace(customer_phone, '[^0-9]', '', 'g'))`),
    ...timestamps,
  },
  (t) => [
    index().on(t.userId, t.createdAt),
    index().on(t.status, t.createdAt),
    // With the status and the payment: the reports' order funnel and 'Quedan ~N días' count a
    // range's orders from the index alone (issue 49, ADR 045).
    index().on(t.createdAt, t.status, t.paidAt),
    // The reports' sales are the orders paid on the range's days (issue 49).
    index().on(t.paidAt),
    // A customer's sales before a range: are they new or returning (issue 49, ADR 045).
    index("orders_customer_sales_index")
      .on(t.customerKey, t.paidAt)
      .where(sql`paid_at is not null and status <> 'cancelado'`),
    // The back office's counts of orders awaiting payment and of paid orders without a
    // comprobante (the dashboard's tiles, the 8:00 digest, the orders list's 'Sin pagar'):
    // without them each count read every order the shop ever had (issue 47).
    index("orders_unpaid_index")
      .on(t.id)
      .where(sql`paid_at is null and status <> 'cancelado'`),
    index("orders_paid_live_index")
      .on(t.id)
      .where(sql`paid_at is not null and status <> 'cancelado'`),
    // A guest's earlier orders by phone (the last nine digits, as the checkout's limits and the
    // discounts' first purchase ask) and by e-mail: without them every checkout read all orders
    // (issue 47). The expressions must stay as the queries write them
    // (domain/orders/order-customer-keys.server.ts; its test checks the plans).
    index("orders_phone_key_index").on(sql`right(regexp_replace(${t.customerPhone}, '[^0-9]', '', 'g'), 9)`),
    index("orders_email_lower_index").on(sql`lower(${t.customerEmail})`),
    check("orders_total_nonnegative", sql`${t.totalCents} >= 0`),
    check("orders_delivery_fee_nonnegative", sql`${t.deliveryFeeCents} >= 0`),
    check("orders_discount_nonnegative", sql`${t.discountCents} >= 0`),
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
    // The product's IGV treatment when it was sold, for its comprobante (issue 46).
    igvTreatment: text({ enum: ["gravado", "exonerado", "inafecto"] })
      .notNull()
      .default("gravado"),
  },
  (t) => [
    // With the presentación and the units: 'Quedan ~N días' sums the last 30 days' orders'
    // units from the index alone (issue 49, ADR 045).
    index().on(t.orderId, t.variantId, t.quantity),
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
