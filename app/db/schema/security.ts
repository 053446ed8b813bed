import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Failed sign-ins, kept in the database so that a lockout survives a restart (the process
 * comes back under its supervisor; an attacker must not get a fresh count with it).
 * `account` is the lower-cased username or e-mail typed; `ip` the visitor's address.
 * Rows older than a day are deleted by the housekeeping (HOUSEKEEPING.signInFailureHours).
 */
export const signInFailures = pgTable(
  "sign_in_failures",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    account: text().notNull(),
    ip: text().notNull(),
    failedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.account, t.ip, t.failedAt), index().on(t.account, t.failedAt), index().on(t.ip, t.failedAt)],
);
