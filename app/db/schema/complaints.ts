import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

import { users } from "./auth";
import { timestamps } from "./columns";

export const documentTypes = ["DNI", "CE", "Pasaporte"] as const;
export const documentType = pgEnum("document_type", documentTypes);
export const complaintTypes = ["reclamo", "queja"] as const;
export const complaintType = pgEnum("complaint_type", complaintTypes);
export const complaintStatuses = ["pendiente", "respondido"] as const;
export const complaintStatus = pgEnum("complaint_status", complaintStatuses);

/**
 * Libro de Reclamaciones. Rows are never deleted (kept at least two years) and an
 * answered complaint is read-only.
 */
export const complaints = pgTable(
  "complaints",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    // Correlative per year: sequence 1, 2, 3… of `year`, shown as e.g. '2026-000001'.
    year: integer().notNull(),
    sequence: integer().notNull(),
    code: text().notNull().unique(),
    fullName: text().notNull(),
    documentType: documentType().notNull(),
    documentNumber: text().notNull(),
    phone: text().notNull(),
    email: text().notNull(),
    address: text().notNull(),
    isMinor: boolean().notNull().default(false),
    guardianFullName: text(),
    guardianDocumentNumber: text(),
    complaintType: complaintType().notNull().default("reclamo"),
    productOrService: text().notNull().default(""),
    amountCents: integer(),
    description: text().notNull(),
    request: text().notNull(),
    acceptedTermsAt: timestamp({ withTimezone: true }).notNull(),
    // The provider's identity as it was when the complaint was filed.
    providerLegalName: text().notNull().default(""),
    providerRuc: text().notNull().default(""),
    providerAddress: text().notNull().default(""),
    // 15 business days after filing (weekends and national holidays excluded).
    dueDate: date({ mode: "string" }),
    status: complaintStatus().notNull().default("pendiente"),
    answer: text(),
    answeredAt: timestamp({ withTimezone: true }),
    answeredByUserId: text().references(() => users.id, { onDelete: "set null" }),
    // Whether the answer left through the mail server: false when it was only written to
    // the outbox or the server failed, so the owner knows to deliver it another way; null
    // while pending and for answers stored before this was recorded.
    isAnswerEmailed: boolean(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex().on(t.year, t.sequence),
    index().on(t.status, t.dueDate),
    index().on(t.createdAt),
    check("complaints_amount_nonnegative", sql`${t.amountCents} IS NULL OR ${t.amountCents} >= 0`),
  ],
);
