import { and, asc, desc, eq, gt, sql } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { bookings } from "~/db/schema";

import { changeBookingStatus } from "./booking-admin.server";
import { formatPhoneKey, PHONE_RUN_MIN_BOOKINGS } from "./booking-limits";
import { phoneKeyOf } from "./booking-limits.server";

// A phone holding many bookings ahead, shown on the agenda with 'Cancelar todas' (issue 41): the
// owner frees a run of bookings from one visitor in one step instead of one detail at a time.

export type PhoneRun = { phoneKey: string; phone: string; count: number };

const upcoming = (now: Date) => and(eq(bookings.status, "confirmed"), gt(bookings.startsAt, now));

/** The phones with PHONE_RUN_MIN_BOOKINGS or more confirmed bookings ahead, most first. */
export async function listPhoneRuns(now = new Date()): Promise<PhoneRun[]> {
  const held = sql<number>`count(*)::integer`;
  const rows = await getDb()
    .select({ phoneKey: phoneKeyOf, count: held })
    .from(bookings)
    .where(upcoming(now))
    .groupBy(phoneKeyOf)
    .having(sql`count(*) >= ${PHONE_RUN_MIN_BOOKINGS}`)
    .orderBy(desc(held), asc(phoneKeyOf));
  return rows.map((row) => ({ phoneKey: row.phoneKey, phone: formatPhoneKey(row.phoneKey), count: Number(row.count) }));
}

/** What the history says of each booking 'Cancelar todas' cancelled. */
export const PHONE_RUN_CANCEL_NOTE = "Cancelar todas: varias citas próximas con el mismo celular.";

/**
 * Cancels every confirmed booking ahead of this phone, each as 'Cancelar reserva' does (its
 * history, the e-mail to the shopper); one cancelled meanwhile by someone else is skipped.
 * Answers how many this call cancelled.
 */
export async function cancelPhoneRun(input: { phoneKey: string; actor: string; now?: Date }): Promise<number> {
  const rows = await getDb()
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(upcoming(input.now ?? new Date()), sql`${phoneKeyOf} = ${input.phoneKey}`))
    .orderBy(asc(bookings.startsAt), asc(bookings.id));
  let cancelled = 0;
  for (const row of rows) {
    const result = await changeBookingStatus({
      bookingId: row.id,
      from: "confirmed",
      to: "cancelled",
      actor: input.actor,
      note: PHONE_RUN_CANCEL_NOTE,
    });
    if (result.status === "changed") cancelled += 1;
  }
  return cancelled;
}
