import { asc, desc, eq } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { bookingChanges, bookings, services } from "~/db/schema";
import { isOrderAccessToken } from "~/domain/orders/order-access.server";

import { BOOKING_CODE_PATTERN, LATE_CHANGE_MESSAGE } from "./booking-labels";
import { bookingWhen } from "./booking-link";
import { type BookingChange, sendBookingChangeMailLater } from "./booking-mail.server";
import {
  type BookingRefusal,
  BookingRefused,
  checkSlot,
  getBookableService,
  getScheduleRules,
  raisedIcsSequence,
} from "./booking-store.server";
import { clearedBookingReminder } from "./reminder-lease.server";

// The shopper's side of a booking (issue 28): who may see it, and cancelling or moving it until
// 'Horas para cancelar' before the appointment, checked here on the server; either is e-mailed
// with the .ics that updates the shopper's calendar (issue 40).

export type Booking = typeof bookings.$inferSelect;

const HOUR_MS = 60 * 60 * 1000;

/**
 * The booking behind /reserva/{code}, for its owner only: the signed-in account that booked
 * it, or whoever holds its link's token. Anyone else gets null (the page answers 404).
 */
export async function getBookingForViewer(code: string, token: string | null, userId: string | null) {
  if (!BOOKING_CODE_PATTERN.test(code)) return null;
  const [booking] = await getDb().select().from(bookings).where(eq(bookings.code, code));
  if (!booking) return null;
  const isOwner = userId !== null && booking.userId === userId;
  return isOwner || isOrderAccessToken(booking.accessToken, token) ? booking : null;
}

/** Whether the shopper may still cancel or move it: confirmed, and 'Horas para cancelar' ahead. */
export function canCustomerChange(booking: Pick<Booking, "status" | "startsAt">, cancelHours: number, now: Date) {
  return booking.status === "confirmed" && booking.startsAt.getTime() - cancelHours * HOUR_MS >= now.getTime();
}

export type CustomerChangeResult = { ok: true } | { ok: false; refusal: BookingRefusal };

const late: CustomerChangeResult = { ok: false, refusal: { field: "form", message: LATE_CHANGE_MESSAGE } };

/** 'Cancelar reserva': refused on the server once the deadline passed; the shopper is e-mailed. */
export async function cancelBookingAsCustomer(bookingId: number, now = new Date()): Promise<CustomerChangeResult> {
  const { cancelHours } = await getScheduleRules();
  const cancelled = await getDb().transaction(async (tx) => {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for("update");
    if (!booking || !canCustomerChange(booking, cancelHours, now)) return null;
    const [row] = await tx
      .update(bookings)
      .set({ status: "cancelled", icsSequence: raisedIcsSequence() })
      .where(eq(bookings.id, bookingId))
      .returning();
    await tx.insert(bookingChanges).values({
      bookingId,
      fromStatus: "confirmed",
      toStatus: "cancelled",
      actor: "Cliente",
      note: "Cancelada por el cliente",
    });
    return row!;
  });
  if (!cancelled) return late;
  sendBookingChangeMailLater(
    { kind: "cancelled", booking: cancelled, fromStartsAt: cancelled.startsAt },
    { isVisitorRequest: true },
  );
  return { ok: true };
}

/**
 * 'Cambiar horario': the same guarantee as a new booking (the service's row lock, the day's
 * agenda counted without this booking), and the same deadline as cancelling. The shopper is
 * e-mailed the new time with the .ics that moves the event in their calendar.
 */
export async function moveBookingAsCustomer(
  bookingId: number,
  wanted: { date: string; time: string },
  now = new Date(),
): Promise<CustomerChangeResult> {
  const { cancelHours } = await getScheduleRules();
  let change: BookingChange | null;
  try {
    change = await getDb().transaction(async (tx) => {
      const [current] = await tx.select().from(bookings).where(eq(bookings.id, bookingId));
      if (!current) return null;
      await tx.select({ id: services.id }).from(services).where(eq(services.id, current.serviceId)).for("update");
      const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for("update");
      if (!booking || !canCustomerChange(booking, cancelHours, now)) return null;
      const service = await getBookableService(booking.serviceId, tx);
      if (!service) throw new BookingRefused({ field: "form", message: LATE_CHANGE_MESSAGE });
      const slot = await checkSlot(tx, service, { size: booking.size, ...wanted }, now, booking.id);
      const [moved] = await tx
        .update(bookings)
        .set({
          startsAt: slot.startsAt,
          endsAt: slot.endsAt,
          ...clearedBookingReminder,
          icsSequence: raisedIcsSequence(),
        })
        .where(eq(bookings.id, bookingId))
        .returning();
      await tx.insert(bookingChanges).values({
        bookingId,
        fromStatus: "confirmed",
        toStatus: "confirmed",
        fromStartsAt: booking.startsAt,
        toStartsAt: slot.startsAt,
        actor: "Cliente",
        note: "Horario cambiado por el cliente",
      });
      return { kind: "moved", booking: moved!, fromStartsAt: booking.startsAt } as const;
    });
  } catch (error) {
    if (error instanceof BookingRefused) return { ok: false, refusal: error.refusal };
    throw error;
  }
  if (!change) return late;
  sendBookingChangeMailLater(change, { isVisitorRequest: true });
  return { ok: true };
}

/** 'Mis Reservas': the account's bookings, upcoming first (soonest first), then past (latest first). */
export async function listCustomerBookings(userId: string, now = new Date()) {
  const rows = await getDb()
    .select()
    .from(bookings)
    .where(eq(bookings.userId, userId))
    .orderBy(asc(bookings.startsAt), desc(bookings.id));
  const upcoming = rows.filter((row) => row.endsAt > now && row.status === "confirmed");
  const past = rows.filter((row) => !upcoming.includes(row)).reverse();
  return { upcoming, past };
}

/** The 'Mis Reservas' tab's rows. */
export async function loadBookingsTab(userId: string, now = new Date()) {
  const [{ upcoming, past }, { cancelHours }] = await Promise.all([
    listCustomerBookings(userId, now),
    getScheduleRules(),
  ]);
  const item = (booking: Booking) => {
    const when = bookingWhen(booking.startsAt, booking.endsAt);
    return {
      code: booking.code,
      status: booking.status,
      serviceTitle: booking.serviceTitle,
      petName: booking.petName,
      day: when.day,
      time: when.time,
      priceCents: booking.priceCents,
      canChange: canCustomerChange(booking, cancelHours, now),
    };
  };
  return { upcoming: upcoming.map(item), past: past.map(item) };
}
