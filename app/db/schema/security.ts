import { bigint, boolean, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

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

/**
 * The rate limits' hits when the shop runs on PostgreSQL (app/lib/rate-limit.server.ts, ADR
 * 042): one row per counted key (`orders:ip:…`, `register:mail:…`), with the times of its
 * recent hits in milliseconds, at most the rule's limit of them. Every instance counts in the
 * same row, in one atomic upsert. `lastTaken` answers the last take (counted or refused);
 * `expiresAt` is when the row's hits have all left their window: the housekeeping deletes it
 * then (HOUSEKEEPING: expired rows).
 */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    key: text().primaryKey(),
    hits: bigint({ mode: "number" }).array().notNull(),
    lastTaken: boolean().notNull().default(true),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.expiresAt)],
);
