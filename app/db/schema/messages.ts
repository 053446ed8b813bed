import { boolean, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

import { users } from "./auth";

/** Messages sent from the /contacto form. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    fullName: text().notNull(),
    email: text().notNull(),
    subject: text().notNull().default(""),
    message: text().notNull(),
    isRead: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.isRead, t.createdAt)],
);

/** Every change made in the back office: who, when, what and a summary. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: text().references(() => users.id, { onDelete: "set null" }),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text(),
    summary: jsonb().$type<Record<string, unknown>>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.entity, t.createdAt), index().on(t.userId, t.createdAt)],
);
