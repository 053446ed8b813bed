import { isNull, lt, or, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

// The shoppers' reminders are claimed as leases (ADR 044): a run stamps the reminder's claimed-at
// column with its own `now` before the send, and only a stamp still equal to that `now` lets it
// mark the reminder sent or release it. A stamp older than the lease is a run that died between
// its claim and its mark (kill -9, a lost machine): the next run takes it over.

/**
 * How long a claim holds its reminder: far above one send (the SMTP timeouts are seconds, and a
 * run claims each reminder just before its own send), under the 15 minutes between runs, so
 * the next run after a crash sends what the dead one held.
 */
const REMINDER_LEASE_MS = 10 * 60 * 1000;

/** Not claimed, or claimed by a run that has been gone longer than the lease. */
export function isUnclaimedAt(claimedAt: PgColumn, now: Date): SQL {
  return or(isNull(claimedAt), lt(claimedAt, new Date(now.getTime() - REMINDER_LEASE_MS)))!;
}

/** Set by a booking's move: the new day is reminded, and a send in flight for the old one marks nothing. */
export const clearedBookingReminder = { reminderSentAt: null, reminderClaimedAt: null } as const;
