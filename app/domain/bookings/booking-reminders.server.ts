import { and, asc, eq, gte, isNull, lt, ne } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { bookings } from "~/db/schema";
import { sendShopMail } from "~/domain/account/account-mail.server";
import { sendFoodReminders, sendHealthReminders } from "~/domain/pets/pet-reminders.server";
import { getShopSettings } from "~/domain/settings/settings.server";
import { logInfo } from "~/lib/log.server";

import { bookingPageUrl, buildBookingReminder } from "./booking-mail.server";
import { isUnclaimedAt } from "./reminder-lease.server";
import { limaMinutesOf, type ReminderReport, REMINDERS_START_MINUTES } from "./reminder-mail";
import { addDays, limaDateOf, limaInstant } from "./slots";

// The shoppers' reminders (issue 28), run by the housekeeping loop every quarter of an hour:
// 'Te esperamos mañana a las {hora}' the day before each booking, and the pets' health and food
// reminders (pet-reminders.server.ts).
//
// Once across instances, and resumed after a crash (ADR 044, which replaces the loss ADR 026
// and 042 accepted): each reminder is claimed with one conditional update that stamps
// reminderClaimedAt with the run's `now` (a lease, reminder-lease.server.ts) before its e-mail
// is sent; of two runs at once, one claims it and the other finds it taken. After the send, a
// second update marks it sent (reminderSentAt), only while the stamp is still this run's. A
// failed send releases the claim, so the next run tries again (once per run, not in a loop). An
// instance that dies between the claim and the mark leaves a stale stamp: a run more than
// REMINDER_LEASE_MS later sends it. The price: one that died after its e-mail left, before
// the mark, gets it twice (at least once across a crash, exactly once otherwise); and a
// booking cancelled between the claim and the send (a fraction of a second) still gets it. A
// booking moved to another time has its reminderSentAt and reminderClaimedAt cleared by the
// move, so the new day is reminded.

/** Bookings reminded per run at most; the rest wait for the next run. */
const BATCH = 200;

/**
 * The day-before reminders due at `now`: confirmed bookings with an e-mail, on tomorrow's Lima
 * date, not reminded yet; from 9:00 in Lima, so that nobody is woken. A booking made after
 * that for the next day is reminded at the next run, whatever the hour.
 */
export async function sendBookingReminders(db: Database, now: Date = new Date()): Promise<ReminderReport> {
  const report: ReminderReport = { sent: 0, failed: 0 };
  if (limaMinutesOf(now) < REMINDERS_START_MINUTES) return report;
  const tomorrow = addDays(limaDateOf(now), 1);
  const isDue = and(
    eq(bookings.status, "confirmed"),
    ne(bookings.customerEmail, ""),
    isNull(bookings.reminderSentAt),
    isUnclaimedAt(bookings.reminderClaimedAt, now),
    gte(bookings.startsAt, limaInstant(tomorrow, 0)),
    lt(bookings.startsAt, limaInstant(addDays(tomorrow, 1), 0)),
  );
  const due = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(isDue)
    .orderBy(asc(bookings.startsAt), asc(bookings.id))
    .limit(BATCH);
  if (due.length === 0) return report;
  const shop = await getShopSettings();
  for (const { id } of due) {
    // The same conditions again: another instance's claim, a cancellation or a move since the
    // list was read leave nothing to claim.
    const [booking] = await db
      .update(bookings)
      .set({ reminderClaimedAt: now })
      .where(and(eq(bookings.id, id), isDue))
      .returning();
    if (!booking) continue;
    const mail = buildBookingReminder(booking, shop, bookingPageUrl(booking));
    const isSent = (await sendShopMail(booking.customerEmail, mail.subject, mail.content)) !== "failed";
    report[isSent ? "sent" : "failed"] += 1;
    // Marked sent, or released, only while the lease is still this run's: a move since has
    // cleared it (the new day is reminded).
    await db
      .update(bookings)
      .set({ reminderClaimedAt: null, ...(isSent ? { reminderSentAt: now } : {}) })
      .where(and(eq(bookings.id, id), eq(bookings.reminderClaimedAt, now)));
  }
  return report;
}

export type CustomerRemindersReport = { bookings: ReminderReport; health: ReminderReport; food: ReminderReport };

/** Every reminder due at `now`, for the housekeeping loop. */
export async function runCustomerReminders(db: Database, now: Date = new Date()): Promise<CustomerRemindersReport> {
  const report = {
    bookings: await sendBookingReminders(db, now),
    health: await sendHealthReminders(db, now),
    food: await sendFoodReminders(db, now),
  };
  if (Object.values(report).some((kind) => kind.sent + kind.failed > 0)) logInfo("customer reminders", report);
  return report;
}
