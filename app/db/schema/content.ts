import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

import { timestamps } from "./columns";
import { discounts } from "./discounts";

export const socialNetworks = ["facebook", "instagram", "tiktok", "twitter"] as const;
export type SocialNetwork = (typeof socialNetworks)[number];
export type SocialMedia = Record<SocialNetwork, { url: string; isActive: boolean }>;

export const promotions = pgTable(
  "promotions",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    title: text().notNull(),
    description: text().notNull().default(""),
    image: text(),
    imageAlt: text().notNull().default(""),
    link: text().notNull().default(""),
    buttonText: text().notNull().default("Ver Más"),
    // A coupon the slide's button applies to the shopper's cart ('Usar cupón', issue 44);
    // deleting the discount leaves the slide with its own link.
    discountId: integer().references(() => discounts.id, { onDelete: "set null" }),
    isActive: boolean().notNull().default(true),
    sortOrder: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [index().on(t.isActive, t.sortOrder)],
);

/** One row (id = 1): the shop's look, networks, contact and legal identity. */
export const shopSettings = pgTable(
  "shop_settings",
  {
    id: integer().primaryKey().default(1),
    shopName: text().notNull(),
    logo: text(),
    primaryColor: text().notNull().default("#2ea8a8"),
    secondaryColor: text().notNull().default("#f8a78b"),
    fontFamily: text().notNull().default("Fredoka"),
    socialMedia: jsonb().$type<SocialMedia>().notNull(),
    googleMapsApiKey: text().notNull().default(""),
    contactEmail: text().notNull().default(""),
    contactPhone: text().notNull().default(""),
    contactAddress: text().notNull().default(""),
    contactHours: text().notNull().default(""),
    // The complaints book names the provider (Código de Protección al Consumidor).
    providerLegalName: text().notNull().default(""),
    providerRuc: text().notNull().default(""),
    providerAddress: text().notNull().default(""),
    // How much of a product's stock one order may hold before anyone pays, and how long an
    // unpaid order holds it (order-limits.ts, order-expiry.server.ts).
    maxUnitsPerOrder: integer().notNull().default(10),
    maxStockPercentPerOrder: integer().notNull().default(50),
    paymentHours: integer().notNull().default(24),
    // Whether the checkout offers 'Recojo en tienda' (issue 24); delivery districts are
    // delivery_zones.
    isPickupEnabled: boolean().notNull().default(true),
    // 'Correo para avisos' (issue 25): where the shop's alerts go; empty means contactEmail.
    alertEmail: text().notNull().default(""),
    // 'Resumen semanal' (issue 49): last week's figures mailed there on Mondays at 8:00.
    isWeeklySummaryOn: boolean().notNull().default(true),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    check("shop_settings_singleton", sql`${t.id} = 1`),
    check("shop_settings_max_units_per_order", sql`${t.maxUnitsPerOrder} between 1 and 99`),
    check("shop_settings_max_stock_percent_per_order", sql`${t.maxStockPercentPerOrder} between 1 and 100`),
    check("shop_settings_payment_hours", sql`${t.paymentHours} between 1 and 720`),
  ],
);

export const paymentMethods = pgTable("payment_methods", {
  // Derived from the name: lowercased, spaces to underscores ('yape', 'transferencia').
  id: text().primaryKey(),
  name: text().notNull(),
  details: text().notNull().default(""),
  // 'manual': the shopper pays by hand (Yape, transfer) and the owner marks it paid;
  // 'mercadopago' or 'stripe': paid online through that provider (ADR 038).
  kind: text({ enum: ["manual", "mercadopago", "stripe"] })
    .notNull()
    .default("manual"),
  isActive: boolean().notNull().default(true),
  isDefault: boolean().notNull().default(false),
  publishableKey: text().notNull().default(""),
  priceId: text().notNull().default(""),
  // An online method's credentials, sealed (lib/secret-box.server.ts): the access token or
  // secret key and the notifications' secret. Never sent to a browser, never in the audit log.
  secretKeySealed: text().notNull().default(""),
  webhookSecretSealed: text().notNull().default(""),
  /** Real money (true) or the provider's sandbox. */
  isLive: boolean().notNull().default(false),
  qrImage: text(),
  sortOrder: integer().notNull().default(0),
  ...timestamps,
});

export const pageKeys = ["home", "about", "products", "services"] as const;
export type PageKey = (typeof pageKeys)[number];

/** Editable texts of a page; each key's shape is a zod schema in domain/content. */
export const pageContents = pgTable("page_contents", {
  key: text({ enum: pageKeys }).primaryKey(),
  content: jsonb().$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

/** The first keyword (by sortOrder) found in a message wins; 'default' is the fallback. */
export const chatbotAnswers = pgTable(
  "chatbot_answers",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    keyword: text().notNull().unique(),
    answer: text().notNull(),
    sortOrder: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [index().on(t.sortOrder)],
);

/**
 * Groups of words that mean the same to a shopper ('champú, shampoo'), kept normalised
 * (lower case, no accents). The chatbot and the search read them (issue 25 item 8, issue 27).
 */
export const searchSynonyms = pgTable("search_synonyms", {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  terms: text().array().notNull(),
  ...timestamps,
});
