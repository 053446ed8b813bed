import { and, asc, eq, gt, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";

import { type Database, getDb } from "~/db/client.server";
import {
  bookingBlocks,
  bookingChanges,
  bookingClosedDays,
  bookings,
  bookingSchedule,
  pets,
  type PetSize,
  serviceBookingSizes,
  services,
} from "~/db/schema";
import { queueShopAlertIn } from "~/domain/alerts/shop-alerts.server";
import { hasActiveOffer } from "~/domain/catalog/pricing";
import { createOrderAccessToken } from "~/domain/orders/order-access.server";

import {
  type BookingForm,
  DAY_UNAVAILABLE_MESSAGE,
  formatBookingCode,
  PAST_DAY_MESSAGE,
  SERVICE_UNAVAILABLE_MESSAGE,
  SIZE_UNAVAILABLE_MESSAGE,
  SLOT_TAKEN_MESSAGE,
  SLOT_UNAVAILABLE_MESSAGE,
} from "./booking";
import { findBookerRefusal, readBooker, takeDailyAddressSlot } from "./booking-limits.server";
import {
  addDays,
  bookingWindow,
  closedReason,
  freeSlots,
  gridSlots,
  type Interval,
  limaInstant,
  minutesToMs,
  parseClock,
  type ScheduleRules,
  type Slot,
} from "./slots";

// The agenda's reads and its one write that must never double-book (issue 28, ADR 026).

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Reader = Database | Transaction;

export type BookingSize = { size: PetSize; durationMinutes: number; priceCents: number };

export type BookableService = {
  id: number;
  title: string;
  description: string;
  image: string | null;
  imageAlt: string;
  showPrice: boolean;
  capacity: number;
  sizes: BookingSize[];
};

const sizeOrder: Record<PetSize, number> = { small: 0, medium: 1, large: 2 };

/** A service that takes online bookings, with its sizes in order; null for any other id. */
export async function getBookableService(serviceId: number, db: Reader = getDb()): Promise<BookableService | null> {
  const [service] = await db
    .select()
    .from(services)
    .where(and(eq(services.id, serviceId), eq(services.isBookable, true)));
  if (!service) return null;
  const sizes = await db.select().from(serviceBookingSizes).where(eq(serviceBookingSizes.serviceId, serviceId));
  if (sizes.length === 0) return null;
  const ownPrice = hasActiveOffer(service) ? service.offerPriceCents! : service.priceCents;
  return {
    id: service.id,
    title: service.title,
    description: service.description,
    image: service.image,
    imageAlt: service.imageAlt,
    showPrice: service.showPrice,
    capacity: service.bookingCapacity,
    sizes: sizes
      .map((row) => ({ size: row.size, durationMinutes: row.durationMinutes, priceCents: row.priceCents ?? ownPrice }))
      .sort((a, b) => sizeOrder[a.size] - sizeOrder[b.size]),
  };
}

export type ScheduleSettings = ScheduleRules & { cancelHours: number };

/** The schedule and the owner's closed days. */
export async function getScheduleRules(db: Reader = getDb()): Promise<ScheduleSettings> {
  const [[schedule], closed] = await Promise.all([
    db.select().from(bookingSchedule).where(eq(bookingSchedule.id, 1)),
    db.select({ day: bookingClosedDays.day }).from(bookingClosedDays),
  ]);
  if (!schedule) throw new Error("booking_schedule has no row: migration 0014 inserts it");
  return {
    weeklyHours: schedule.weeklyHours,
    slotMinutes: schedule.slotMinutes,
    horizonDays: schedule.horizonDays,
    minNoticeHours: schedule.minNoticeHours,
    cancelHours: schedule.cancelHours,
    closedOnHolidays: schedule.closedOnHolidays,
    closedDays: new Set(closed.map((row) => row.day)),
  };
}

/** The service's bookings still holding time (every status but 'Cancelada') and the blocks, between two instants. */
export async function loadAgenda(
  serviceId: number,
  from: Date,
  to: Date,
  db: Reader = getDb(),
  exceptBookingId?: number,
): Promise<{ booked: Interval[]; blocks: Interval[] }> {
  const [booked, blocks] = await Promise.all([
    db
      .select({ startsAt: bookings.startsAt, endsAt: bookings.endsAt })
      .from(bookings)
      .where(
        and(
          eq(bookings.serviceId, serviceId),
          ne(bookings.status, "cancelled"),
          lt(bookings.startsAt, to),
          gt(bookings.endsAt, from),
          exceptBookingId === undefined ? undefined : ne(bookings.id, exceptBookingId),
        ),
      ),
    db
      .select({ startsAt: bookingBlocks.startsAt, endsAt: bookingBlocks.endsAt })
      .from(bookingBlocks)
      .where(
        and(
          or(isNull(bookingBlocks.serviceId), eq(bookingBlocks.serviceId, serviceId)),
          lt(bookingBlocks.startsAt, to),
          gt(bookingBlocks.endsAt, from),
        ),
      ),
  ]);
  return { booked, blocks };
}

function sizeOf(service: BookableService, size: PetSize): BookingSize | undefined {
  return service.sizes.find((candidate) => candidate.size === size);
}

/** The window's dates, each with how many slots are free for this service and size. */
export async function listBookableDays(service: BookableService, size: PetSize, now: Date) {
  const rules = await getScheduleRules();
  const duration = sizeOf(service, size)?.durationMinutes;
  const dates = bookingWindow(rules, now);
  if (duration === undefined) return dates.map((date) => ({ date, free: 0 }));
  const agenda = await loadAgenda(service.id, limaInstant(dates[0]!, 0), limaInstant(addDays(dates.at(-1)!, 1), 0));
  return dates.map((date) => ({
    date,
    free: freeSlots({ rules, date, durationMinutes: duration, capacity: service.capacity, ...agenda, now }).length,
  }));
}

/** The free slots of one day for this service and size. */
export async function listFreeSlots(service: BookableService, size: PetSize, date: string, now: Date) {
  const rules = await getScheduleRules();
  const duration = sizeOf(service, size)?.durationMinutes;
  if (duration === undefined) return [];
  const agenda = await loadAgenda(service.id, limaInstant(date, 0), limaInstant(addDays(date, 1), 0));
  return freeSlots({ rules, date, durationMinutes: duration, capacity: service.capacity, ...agenda, now });
}

export type BookingRefusal = {
  field: "form" | "size" | "date" | "time" | "petId" | "customerPhone" | "customerEmail";
  message: string;
  slots?: Slot[];
};

export type CreatedBooking = { id: number; code: string; accessToken: string };

/** Thrown inside the transaction to roll it back with the shopper's message. */
export class BookingRefused extends Error {
  constructor(readonly refusal: BookingRefusal) {
    super(refusal.message);
  }
}

/** Checks the wanted slot against the day's agenda, under the service's row lock. */
export async function checkSlot(
  tx: Transaction,
  service: BookableService,
  form: Pick<BookingForm, "size" | "date" | "time">,
  now: Date,
  exceptId?: number,
) {
  const size = sizeOf(service, form.size);
  if (!size) throw new BookingRefused({ field: "size", message: SIZE_UNAVAILABLE_MESSAGE });
  const rules = await getScheduleRules(tx);
  const closed = closedReason(rules, form.date, now);
  if (closed === "past") throw new BookingRefused({ field: "date", message: PAST_DAY_MESSAGE });
  if (closed) throw new BookingRefused({ field: "date", message: DAY_UNAVAILABLE_MESSAGE });
  const agenda = await loadAgenda(
    service.id,
    limaInstant(form.date, 0),
    limaInstant(addDays(form.date, 1), 0),
    tx,
    exceptId,
  );
  const options = { rules, date: form.date, durationMinutes: size.durationMinutes, capacity: service.capacity, now };
  const free = freeSlots({ ...options, ...agenda });
  const startsAt = limaInstant(form.date, parseClock(form.time)!);
  if (free.some((slot) => slot.startsAt.getTime() === startsAt.getTime())) {
    return { size, startsAt, endsAt: new Date(startsAt.getTime() + minutesToMs(size.durationMinutes)) };
  }
  const isOnGrid = gridSlots(rules, form.date, size.durationMinutes, now).some(
    (slot) => slot.startsAt.getTime() === startsAt.getTime(),
  );
  throw new BookingRefused({
    field: "time",
    message: isOnGrid ? SLOT_TAKEN_MESSAGE : SLOT_UNAVAILABLE_MESSAGE,
    slots: free,
  });
}

/** The saved pet chosen, if it is the signed-in shopper's. */
async function readOwnPetId(tx: Transaction, petId: number, userId: string | null): Promise<number> {
  const [pet] = userId
    ? await tx
        .select({ id: pets.id })
        .from(pets)
        .where(and(eq(pets.id, petId), eq(pets.userId, userId)))
    : [];
  if (!pet) throw new BookingRefused({ field: "petId", message: "Elige una de tus mascotas." });
  return pet.id;
}

/**
 * Books a slot, or answers why not. The service's row is locked first, so two bookings of one
 * service take turns and each counts the ones committed before it: 50 at once for a slot of
 * capacity 1 confirm exactly one. Then the booker's phone and e-mail, for the bookings one
 * visitor may hold (booking-limits.ts), and last the visitor's address (`clientIp`) for its
 * daily cap.
 */
export async function createBooking(input: {
  serviceId: number;
  form: BookingForm;
  userId: string | null;
  now?: Date;
  source?: "online" | "admin";
  actor?: string;
  clientIp?: string;
}): Promise<{ ok: true; booking: CreatedBooking } | { ok: false; refusal: BookingRefusal }> {
  const { form } = input;
  const now = input.now ?? new Date();
  const source = input.source ?? "online";
  try {
    const booking = await getDb().transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: services.id })
        .from(services)
        .where(eq(services.id, input.serviceId))
        .for("update");
      const service = locked ? await getBookableService(locked.id, tx) : null;
      if (!service) throw new BookingRefused({ field: "form", message: SERVICE_UNAVAILABLE_MESSAGE });
      const petId = form.petId === undefined ? null : await readOwnPetId(tx, form.petId, input.userId);
      const booker = await readBooker(tx, {
        serviceId: service.id,
        phone: form.customerPhone,
        email: form.customerEmail,
        userId: input.userId,
        source,
        clientIp: input.clientIp,
        now,
      });
      const limited = await findBookerRefusal(tx, booker);
      if (limited) throw new BookingRefused(limited);
      const slot = await checkSlot(tx, service, form, now);
      const overDailyCap = await takeDailyAddressSlot(tx, booker);
      if (overDailyCap) throw new BookingRefused(overDailyCap);
      const accessToken = createOrderAccessToken();
      const [row] = await tx
        .insert(bookings)
        .values({
          // A placeholder until the id is known; the code is the id's.
          code: `tmp-${accessToken}`,
          accessToken,
          serviceId: service.id,
          serviceTitle: service.title,
          size: form.size,
          startsAt: slot.startsAt,
          endsAt: slot.endsAt,
          userId: input.userId,
          petId,
          petName: form.petName,
          petSpecies: form.petSpecies,
          petBreed: form.petBreed,
          customerName: form.customerName,
          customerPhone: form.customerPhone,
          customerEmail: form.customerEmail,
          notes: form.notes,
          priceCents: slot.size.priceCents,
          source,
        })
        .returning({ id: bookings.id });
      const code = formatBookingCode(row!.id);
      await tx.update(bookings).set({ code }).where(eq(bookings.id, row!.id));
      await tx.insert(bookingChanges).values({
        bookingId: row!.id,
        toStatus: "confirmed",
        toStartsAt: slot.startsAt,
        actor: input.actor ?? "Cliente",
      });
      await queueShopAlertIn(tx, "booking", row!.id);
      return { id: row!.id, code, accessToken };
    });
    return { ok: true, booking };
  } catch (error) {
    if (error instanceof BookingRefused) return { ok: false, refusal: error.refusal };
    throw error;
  }
}

/** The SET value of a change the shopper's calendar must take over the copy it holds. */
export function raisedIcsSequence() {
  return sql<number>`${bookings.icsSequence} + 1`;
}

/** The bookings of a list of ids, for tests and the agenda. */
export async function readBookings(ids: number[], db: Reader = getDb()) {
  if (ids.length === 0) return [];
  return db.select().from(bookings).where(inArray(bookings.id, ids)).orderBy(asc(bookings.startsAt));
}
