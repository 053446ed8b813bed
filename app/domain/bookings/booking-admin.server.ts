import { and, asc, eq } from "drizzle-orm";

import { type Database, getDb } from "~/db/client.server";
import { bookingChanges, bookings, type BookingStatus, petHealthRecords, type PetSize, services } from "~/db/schema";
import { getShopSettings } from "~/domain/settings/settings.server";
import { buildWhatsAppUrl } from "~/lib/whatsapp";

import type { BookingForm } from "./booking";
import {
  buildBookingReminderText,
  calendarChangeOf,
  describeShop,
  formatBookingWhen,
  type HealthRecordForm,
  NEXT_DUE_BEFORE_GIVEN_MESSAGE,
  nextBookingStatuses,
  SAME_SLOT_MESSAGE,
} from "./booking-admin";
import { readHealthRecords, readHistory, readOtherVisits } from "./booking-detail.server";
import {
  DAY_UNAVAILABLE_MESSAGE,
  PAST_DAY_MESSAGE,
  SERVICE_UNAVAILABLE_MESSAGE,
  SIZE_UNAVAILABLE_MESSAGE,
} from "./booking-labels";
import { type BookingChange, sendBookingChangeMailLater } from "./booking-mail.server";
import {
  type BookingRefusal,
  BookingRefused,
  checkSlot,
  createBooking,
  getBookableService,
  getScheduleRules,
  loadAgenda,
  raisedIcsSequence,
} from "./booking-store.server";
import { clearedBookingReminder } from "./reminder-lease.server";
import { addDays, closedReason, freeSlots, hasRoom, limaDateOf, limaInstant, type Slot } from "./slots";

// The owner's work on one booking (issue 28, ADR 026): the detail with its history, the pet's
// other visits and health records (booking-detail.server.ts); status changes made only from the
// status the owner saw; a move that takes the service's row lock and checks the agenda like a
// new booking does. A move, cancellation or reopening e-mails the shopper (issue 40).

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

const HOUR_MS = 60 * 60 * 1000;

/**
 * The clock the owner books and moves with: the minimum notice keeps shoppers from booking
 * the next hour, not the shop, so the owner may take any slot still ahead of the real now.
 * Shifting `now` back by the notice does exactly that in the slot arithmetic.
 */
function ownerClock(now: Date, minNoticeHours: number): Date {
  return new Date(now.getTime() - minNoticeHours * HOUR_MS);
}

type BookingRow = typeof bookings.$inferSelect;

/** One booking as the detail screen shows it, or null for an unknown id. */
export async function getAdminBooking(bookingId: number) {
  const [booking] = await getDb().select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) return null;
  const [history, visits, healthRecords, shop] = await Promise.all([
    readHistory(booking.id),
    readOtherVisits(booking),
    readHealthRecords(booking.petId),
    getShopSettings(),
  ]);
  const reminder = buildBookingReminderText({
    customerName: booking.customerName,
    petName: booking.petName,
    serviceTitle: booking.serviceTitle,
    startsAt: booking.startsAt,
    shop: describeShop(shop.shopName, shop.contactAddress),
    code: booking.code,
  });
  return {
    id: booking.id,
    code: booking.code,
    serviceId: booking.serviceId,
    serviceTitle: booking.serviceTitle,
    size: booking.size,
    status: booking.status,
    source: booking.source,
    when: formatBookingWhen(booking.startsAt, booking.endsAt),
    date: limaDateOf(booking.startsAt),
    startsAt: booking.startsAt.toISOString(),
    priceCents: booking.priceCents,
    pet: { id: booking.petId, name: booking.petName, species: booking.petSpecies, breed: booking.petBreed },
    customer: { name: booking.customerName, phone: booking.customerPhone, email: booking.customerEmail },
    notes: booking.notes,
    reminderUrl: buildWhatsAppUrl(booking.customerPhone, reminder),
    history,
    visits,
    healthRecords,
  };
}
export type AdminBooking = NonNullable<Awaited<ReturnType<typeof getAdminBooking>>>;

/** The reservable services with their sizes, for the booking taken by phone. */
export async function listBookableServices() {
  const rows = await getDb()
    .select({ id: services.id })
    .from(services)
    .where(eq(services.isBookable, true))
    .orderBy(asc(services.title));
  const found = await Promise.all(rows.map((row) => getBookableService(row.id)));
  return found.filter((service) => service !== null);
}

/** Today and the last day the schedule takes bookings, in Lima, for the date pickers. */
export async function getOwnerDateRange(now: Date) {
  const rules = await getScheduleRules();
  const today = limaDateOf(now);
  return { today, lastDay: addDays(today, rules.horizonDays) };
}

/** A booking taken by phone: source 'admin', the admin named in its history, no minimum notice. */
export async function createBookingByPhone(input: { serviceId: number; form: BookingForm; actor: string; now?: Date }) {
  const rules = await getScheduleRules();
  return createBooking({
    serviceId: input.serviceId,
    // A pet typed in: the shopper's saved pets are theirs to choose.
    form: { ...input.form, petId: undefined },
    userId: null,
    now: ownerClock(input.now ?? new Date(), rules.minNoticeHours),
    source: "admin",
    actor: input.actor,
  });
}

export type OwnerSlots = { slots: Slot[]; message: string | null };

/** The free slots of a day for the owner (no minimum notice), leaving out `exceptBookingId`. */
export async function listOwnerSlots(input: {
  serviceId: number;
  size: PetSize;
  date: string;
  now: Date;
  exceptBookingId?: number;
}): Promise<OwnerSlots> {
  const [service, rules] = await Promise.all([getBookableService(input.serviceId), getScheduleRules()]);
  if (!service) return { slots: [], message: SERVICE_UNAVAILABLE_MESSAGE };
  const size = service.sizes.find((candidate) => candidate.size === input.size);
  if (!size) return { slots: [], message: SIZE_UNAVAILABLE_MESSAGE };
  const now = ownerClock(input.now, rules.minNoticeHours);
  const closed = closedReason(rules, input.date, now);
  if (closed) return { slots: [], message: closed === "past" ? PAST_DAY_MESSAGE : DAY_UNAVAILABLE_MESSAGE };
  const agenda = await loadAgenda(
    service.id,
    limaInstant(input.date, 0),
    limaInstant(addDays(input.date, 1), 0),
    undefined,
    input.exceptBookingId,
  );
  const options = { rules, date: input.date, durationMinutes: size.durationMinutes, capacity: service.capacity };
  const slots = freeSlots({ ...options, ...agenda, now });
  return { slots, message: slots.length === 0 ? "No quedan horarios libres ese día. Elige otro." : null };
}

export type BookingStatusResult =
  | { status: "changed"; code: string; to: BookingStatus }
  | { status: "not-found" }
  | { status: "stale" }
  /** Back to Confirmada from Cancelada, but its time was taken meanwhile. */
  | { status: "taken" };

/** Whether a cancelled booking's time still has room for it, under the service's row lock. */
async function hasRoomToReopen(tx: Transaction, booking: Pick<BookingRow, "id" | "serviceId" | "startsAt" | "endsAt">) {
  const [service] = await tx
    .select({ capacity: services.bookingCapacity })
    .from(services)
    .where(eq(services.id, booking.serviceId))
    .for("update");
  const agenda = await loadAgenda(booking.serviceId, booking.startsAt, booking.endsAt, tx, booking.id);
  return hasRoom(booking, service?.capacity ?? 0, agenda.booked, agenda.blocks);
}

/** A command's answer to the route, and the e-mail to send once its transaction committed. */
type Committed<Result> = { result: Result; change: BookingChange | null };

/**
 * Changes a booking's status, only from the status the owner saw (`from`): two admins marking
 * it at once change it once, the other is told it changed. A cancelled booking holds no time,
 * so confirming it again checks its time under the service's lock, like a new booking.
 * Cancelling and reopening e-mail the shopper the .ics that updates their calendar.
 */
export async function changeBookingStatus(input: {
  bookingId: number;
  from: BookingStatus;
  to: BookingStatus;
  actor: string;
  note?: string;
}): Promise<BookingStatusResult> {
  const { bookingId, from, to } = input;
  if (!nextBookingStatuses(from).includes(to)) return { status: "stale" };
  const kind = calendarChangeOf(from, to);
  const done = (result: BookingStatusResult): Committed<BookingStatusResult> => ({ result, change: null });
  const { result, change } = await getDb().transaction(async (tx): Promise<Committed<BookingStatusResult>> => {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId));
    if (!booking) return done({ status: "not-found" });
    if (booking.status !== from) return done({ status: "stale" });
    if (from === "cancelled" && !(await hasRoomToReopen(tx, booking))) return done({ status: "taken" });
    const [changed] = await tx
      .update(bookings)
      .set({ status: to, ...(kind ? { icsSequence: raisedIcsSequence() } : {}) })
      .where(and(eq(bookings.id, bookingId), eq(bookings.status, from)))
      .returning();
    if (!changed) return done({ status: "stale" });
    await tx.insert(bookingChanges).values({
      bookingId,
      fromStatus: from,
      toStatus: to,
      actor: input.actor,
      note: to === "cancelled" ? (input.note ?? "") : "",
    });
    return {
      result: { status: "changed", code: changed.code, to },
      change: kind ? { kind, booking: changed, fromStartsAt: changed.startsAt } : null,
    };
  });
  if (change) sendBookingChangeMailLater(change);
  return result;
}

export type MoveResult =
  | { status: "moved"; code: string; when: string }
  | { status: "not-found" }
  | { status: "stale" }
  | { status: "refused"; refusal: BookingRefusal };

/** The booking's own details with the wanted day and time, as checkSlot reads a form. */
function formFor(booking: BookingRow, date: string, time: string): BookingForm {
  return {
    size: booking.size,
    date,
    time,
    petName: booking.petName,
    petSpecies: booking.petSpecies,
    petBreed: booking.petBreed,
    customerName: booking.customerName,
    customerPhone: booking.customerPhone,
    customerEmail: booking.customerEmail,
    notes: booking.notes,
  };
}

async function moveLocked(
  tx: Transaction,
  serviceId: number,
  input: { bookingId: number; date: string; time: string; seenStartsAt: Date; actor: string; now: Date },
): Promise<Committed<MoveResult>> {
  const done = (result: MoveResult): Committed<MoveResult> => ({ result, change: null });
  // The same order as createBooking: the service's row first, then its bookings.
  await tx.select({ id: services.id }).from(services).where(eq(services.id, serviceId)).for("update");
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, input.bookingId));
  if (!booking) return done({ status: "not-found" });
  if (booking.status !== "confirmed" || booking.startsAt.getTime() !== input.seenStartsAt.getTime()) {
    return done({ status: "stale" });
  }
  const service = await getBookableService(serviceId, tx);
  if (!service) throw new BookingRefused({ field: "form", message: SERVICE_UNAVAILABLE_MESSAGE });
  const rules = await getScheduleRules(tx);
  const form = formFor(booking, input.date, input.time);
  const slot = await checkSlot(tx, service, form, ownerClock(input.now, rules.minNoticeHours), booking.id);
  if (slot.startsAt.getTime() === booking.startsAt.getTime()) {
    throw new BookingRefused({ field: "time", message: SAME_SLOT_MESSAGE });
  }
  const [moved] = await tx
    .update(bookings)
    // The day-before reminder is for the new day.
    .set({ startsAt: slot.startsAt, endsAt: slot.endsAt, ...clearedBookingReminder, icsSequence: raisedIcsSequence() })
    .where(and(eq(bookings.id, booking.id), eq(bookings.status, "confirmed"), eq(bookings.startsAt, booking.startsAt)))
    .returning();
  if (!moved) return done({ status: "stale" });
  await tx.insert(bookingChanges).values({
    bookingId: booking.id,
    fromStatus: booking.status,
    toStatus: booking.status,
    fromStartsAt: booking.startsAt,
    toStartsAt: slot.startsAt,
    actor: input.actor,
  });
  return {
    result: { status: "moved", code: moved.code, when: formatBookingWhen(slot.startsAt, slot.endsAt) },
    change: { kind: "moved", booking: moved, fromStartsAt: booking.startsAt },
  };
}

/**
 * 'Cambiar horario': the same guarantee as a new booking (the service's row locked, the slot
 * checked against the agenda without this booking), and only from the start the owner saw.
 * The owner may move within the minimum notice (ownerClock). The shopper is e-mailed the new
 * time with the .ics that moves the event in their calendar.
 */
export async function moveBooking(input: {
  bookingId: number;
  date: string;
  time: string;
  seenStartsAt: Date;
  actor: string;
  now?: Date;
}): Promise<MoveResult> {
  const db = getDb();
  const [target] = await db
    .select({ serviceId: bookings.serviceId })
    .from(bookings)
    .where(eq(bookings.id, input.bookingId));
  if (!target) return { status: "not-found" };
  try {
    const { result, change } = await db.transaction((tx) =>
      moveLocked(tx, target.serviceId, { ...input, now: input.now ?? new Date() }),
    );
    if (change) sendBookingChangeMailLater(change);
    return result;
  } catch (error) {
    if (error instanceof BookingRefused) return { status: "refused", refusal: error.refusal };
    throw error;
  }
}

export type HealthRecordResult =
  | { status: "added" }
  | { status: "not-found" }
  | { status: "not-registered" }
  | { status: "invalid"; field: "nextDueOn"; message: string };

/** Notes a vaccination or deworming on the booking's registered pet. */
export async function addHealthRecord(bookingId: number, form: HealthRecordForm): Promise<HealthRecordResult> {
  if (form.nextDueOn !== null && form.nextDueOn <= form.givenOn) {
    return { status: "invalid", field: "nextDueOn", message: NEXT_DUE_BEFORE_GIVEN_MESSAGE };
  }
  const db = getDb();
  const [booking] = await db.select({ petId: bookings.petId }).from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) return { status: "not-found" };
  if (booking.petId === null) return { status: "not-registered" };
  await db.insert(petHealthRecords).values({
    petId: booking.petId,
    kind: form.kind,
    name: form.name,
    givenOn: form.givenOn,
    nextDueOn: form.nextDueOn,
  });
  return { status: "added" };
}
