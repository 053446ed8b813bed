import { and, asc, desc, eq, ne, sql } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { bookingChanges, bookings, petHealthRecords } from "~/db/schema";

import { formatLimaShort, phoneDigits } from "./booking-admin";

// What a booking's back-office page shows beside the booking itself (issue 28): its history,
// the pet's other visits and its health records.

function formatCivilDate(date: string): string {
  const [year, month, day] = date.split("-");
  return `${day}/${month}/${year}`;
}

export async function readHistory(bookingId: number) {
  const rows = await getDb()
    .select()
    .from(bookingChanges)
    .where(eq(bookingChanges.bookingId, bookingId))
    .orderBy(asc(bookingChanges.at), asc(bookingChanges.id));
  return rows.map((change) => ({
    id: change.id,
    at: formatLimaShort(change.at),
    actor: change.actor,
    fromStatus: change.fromStatus,
    toStatus: change.toStatus,
    note: change.note,
    move:
      change.fromStartsAt && change.toStartsAt
        ? { from: formatLimaShort(change.fromStartsAt), to: formatLimaShort(change.toStartsAt) }
        : null,
  }));
}

/** The pet's other bookings: by its saved pet, else by the same phone digits and pet name. */
export async function readOtherVisits(booking: typeof bookings.$inferSelect) {
  const samePet =
    booking.petId !== null
      ? eq(bookings.petId, booking.petId)
      : and(
          sql`regexp_replace(${bookings.customerPhone}, '\\D', '', 'g') = ${phoneDigits(booking.customerPhone)}`,
          sql`lower(trim(${bookings.petName})) = lower(trim(${booking.petName}))`,
        );
  const rows = await getDb()
    .select({
      id: bookings.id,
      code: bookings.code,
      startsAt: bookings.startsAt,
      serviceTitle: bookings.serviceTitle,
      status: bookings.status,
    })
    .from(bookings)
    .where(and(samePet, ne(bookings.id, booking.id)))
    .orderBy(desc(bookings.startsAt), desc(bookings.id))
    .limit(30);
  return rows.map(({ startsAt, ...visit }) => ({ ...visit, when: formatLimaShort(startsAt) }));
}

export async function readHealthRecords(petId: number | null) {
  if (petId === null) return null;
  const rows = await getDb()
    .select()
    .from(petHealthRecords)
    .where(eq(petHealthRecords.petId, petId))
    .orderBy(desc(petHealthRecords.givenOn), desc(petHealthRecords.id));
  return rows.map((record) => ({
    id: record.id,
    kind: record.kind,
    name: record.name,
    givenOn: formatCivilDate(record.givenOn),
    nextDueOn: record.nextDueOn ? formatCivilDate(record.nextDueOn) : null,
  }));
}
