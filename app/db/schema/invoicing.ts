import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

import { users } from "./auth";
import { orders } from "./orders";

// Comprobantes electrónicos (issue 46, ADR 039): the boletas, facturas and notas de crédito
// the shop issues through its PSE (Nubefact today), numbered in series with no gap and no
// repeat, each kept with what was sent and what SUNAT answered.

/** How a product's price is taxed: IGV 18 % included (gravado), or none (exonerado, inafecto). */
export const igvTreatments = ["gravado", "exonerado", "inafecto"] as const;
export type IgvTreatment = (typeof igvTreatments)[number];

export const documentKinds = ["boleta", "factura", "nota_credito"] as const;
export type DocumentKind = (typeof documentKinds)[number];

/**
 * 'pending': numbered, not yet taken by the PSE (unreachable, slow: retried with backoff);
 * 'sent': taken by the PSE, SUNAT's answer awaited (boletas go in the day's summary);
 * 'accepted', 'rejected' (by SUNAT: fixed and issued again under a new number);
 * 'error': refused by the PSE itself before SUNAT saw it (the number was not used: fixed and
 * sent again under the same one).
 */
export const documentStatuses = ["pending", "sent", "accepted", "rejected", "error"] as const;
export type DocumentStatus = (typeof documentStatuses)[number];

/** The shop's PSE and its choices: one row (id 1). */
export const invoicingSettings = pgTable(
  "invoicing_settings",
  {
    id: integer().primaryKey().default(1),
    provider: text({ enum: ["nubefact"] })
      .notNull()
      .default("nubefact"),
    /** The PSE's address for this shop (Nubefact's RUTA). */
    apiUrl: text().notNull().default(""),
    /** The PSE's token, sealed (lib/secret-box.server.ts); '' when not configured. */
    tokenSealed: text().notNull().default(""),
    /** Issue when an order is marked paid (else only from the order, by hand). */
    isAutomatic: boolean().notNull().default(true),
    boletaSeries: text().notNull().default("B001"),
    facturaSeries: text().notNull().default("F001"),
    boletaCreditSeries: text().notNull().default("BC01"),
    facturaCreditSeries: text().notNull().default("FC01"),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  () => [check("invoicing_settings_single_row", sql`id = 1`)],
);

/** Each series' next number: taken under its row lock, in the transaction that writes the document. */
export const documentSeries = pgTable("document_series", {
  series: text().primaryKey(),
  nextNumber: integer().notNull().default(1),
  /** Whether a document was issued in it: then its next number can no longer be edited. */
  hasIssued: boolean().notNull().default(false),
});

/** What was sent for a line, as the PSE wants it (amounts in céntimos, valor unitario as text). */
export type DocumentLine = {
  description: string;
  unit: "NIU" | "ZZ";
  quantity: number;
  /** Without IGV, up to 10 decimals, as text ('28.2457627119'). */
  unitValue: string;
  unitPriceCents: number;
  subtotalCents: number;
  igvCents: number;
  totalCents: number;
  treatment: IgvTreatment;
};

export const electronicDocuments = pgTable(
  "electronic_documents",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    kind: text({ enum: documentKinds }).notNull(),
    series: text().notNull(),
    number: integer().notNull(),
    status: text({ enum: documentStatuses }).notNull().default("pending"),
    /** The buyer as the document names them: SUNAT's document type ('6' RUC, '1' DNI, '4' CE, '-' none). */
    customerDocType: text().notNull(),
    customerDocNumber: text().notNull().default(""),
    customerName: text().notNull(),
    customerAddress: text().notNull().default(""),
    customerEmail: text().notNull().default(""),
    lines: jsonb().$type<DocumentLine[]>().notNull(),
    gravadaCents: integer().notNull(),
    exoneradaCents: integer().notNull().default(0),
    inafectaCents: integer().notNull().default(0),
    igvCents: integer().notNull(),
    /** The discount without IGV (descuento global) and with it. */
    discountBaseCents: integer().notNull().default(0),
    discountCents: integer().notNull().default(0),
    totalCents: integer().notNull(),
    /** A nota de crédito: the document it modifies, and SUNAT's reason (catálogo 09: '01' anulación…). */
    modifiesId: integer().references((): AnyPgColumn => electronicDocuments.id, { onDelete: "restrict" }),
    creditReason: text().notNull().default(""),
    creditReasonText: text().notNull().default(""),
    /** What SUNAT (or the PSE) said. */
    sunatCode: text().notNull().default(""),
    sunatDescription: text().notNull().default(""),
    pdfUrl: text().notNull().default(""),
    xmlUrl: text().notNull().default(""),
    cdrUrl: text().notNull().default(""),
    qrText: text().notNull().default(""),
    hash: text().notNull().default(""),
    /** Sends tried without an answer, and when the next is due (housekeeping, with backoff). */
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }),
    lastError: text().notNull().default(""),
    issuedByUserId: text().references(() => users.id, { onDelete: "set null" }),
    /** The day SUNAT reads as its date of issue (fecha de emisión, Lima). */
    issuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex().on(t.series, t.number),
    // One boleta or factura per order that stands (a rejected one is replaced by a new one).
    uniqueIndex("electronic_documents_one_per_order")
      .on(t.orderId)
      .where(sql`${t.kind} <> 'nota_credito' and ${t.status} <> 'rejected'`),
    index().on(t.orderId),
    index().on(t.issuedAt),
    index().on(t.status, t.nextAttemptAt),
    check("electronic_documents_number_positive", sql`${t.number} > 0`),
    check(
      "electronic_documents_sums",
      sql`${t.gravadaCents} + ${t.exoneradaCents} + ${t.inafectaCents} + ${t.igvCents} = ${t.totalCents}`,
    ),
  ],
);
