import { asc, eq, gte } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { bookingClosedDays, bookingSchedule } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit.server";

import type { BookingScheduleInput, ClosedDayInput } from "./booking-settings";
import { isIsoDate } from "./slots";

// 'Horario de atención para citas' (issue 28): the owner's reads and writes of the schedule row
// and the closed days. The agenda reads them through booking-store.server.ts (getScheduleRules).

type Admin = { id: string };

export type ClosedDay = { day: string; reason: string };

const SCHEDULE_NAME = "Horario de atención para citas";

/** The schedule as the form edits it, and the owner's closed days from `today` on. */
export async function getScheduleForEditor(
  today: string,
): Promise<{ schedule: BookingScheduleInput; closedDays: ClosedDay[]; updatedAt: Date }> {
  const db = getDb();
  const [[row], closedDays] = await Promise.all([
    db.select().from(bookingSchedule).where(eq(bookingSchedule.id, 1)),
    db
      .select({ day: bookingClosedDays.day, reason: bookingClosedDays.reason })
      .from(bookingClosedDays)
      .where(gte(bookingClosedDays.day, today))
      .orderBy(asc(bookingClosedDays.day)),
  ]);
  if (!row) throw new Error("booking_schedule has no row: migration 0014 inserts it");
  const { id: _id, updatedAt, ...schedule } = row;
  return { schedule, closedDays, updatedAt };
}

/** Replaces the schedule (the one row), with its audit entry. */
export async function saveBookingSchedule(admin: Admin, input: BookingScheduleInput): Promise<void> {
  await getDb().transaction(async (tx) => {
    const [saved] = await tx
      .update(bookingSchedule)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(bookingSchedule.id, 1))
      .returning({ id: bookingSchedule.id });
    if (!saved) throw new Error("booking_schedule has no row: migration 0014 inserts it");
    await recordAudit(
      { userId: admin.id, action: "settings", entity: "settings", entityId: 1, summary: { name: SCHEDULE_NAME } },
      tx,
    );
  });
}

/** Adds a closed day, or replaces its reason when the day is already closed. */
export async function addClosedDay(admin: Admin, input: ClosedDayInput): Promise<"added" | "updated"> {
  return getDb().transaction(async (tx) => {
    const [existing] = await tx
      .select({ day: bookingClosedDays.day })
      .from(bookingClosedDays)
      .where(eq(bookingClosedDays.day, input.day))
      .for("update");
    await tx
      .insert(bookingClosedDays)
      .values(input)
      .onConflictDoUpdate({ target: bookingClosedDays.day, set: { reason: input.reason } });
    await recordAudit(
      {
        userId: admin.id,
        action: existing ? "update" : "create",
        entity: "settings",
        entityId: 1,
        summary: { name: `${SCHEDULE_NAME}: día cerrado ${input.day}`, description: input.reason },
      },
      tx,
    );
    return existing ? "updated" : "added";
  });
}

/** Opens a closed day again; false when it was not in the list (or is not a date). */
export async function removeClosedDay(admin: Admin, day: string): Promise<boolean> {
  if (!isIsoDate(day)) return false;
  return getDb().transaction(async (tx) => {
    const [deleted] = await tx.delete(bookingClosedDays).where(eq(bookingClosedDays.day, day)).returning();
    if (!deleted) return false;
    await recordAudit(
      {
        userId: admin.id,
        action: "delete",
        entity: "settings",
        entityId: 1,
        summary: { name: `${SCHEDULE_NAME}: día cerrado ${deleted.day}`, description: deleted.reason },
      },
      tx,
    );
    return true;
  });
}
