import { and, asc, eq, gt, gte, inArray, lt, ne, or } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { bookingBlocks, bookings, services } from "~/db/schema";

import {
  type AgendaBooking,
  type AgendaBookingRow,
  BLOCK_PAST_MESSAGE,
  BLOCK_SERVICE_MESSAGE,
  type BlockForm,
  toAgendaBooking,
} from "./agenda";
import { addDays, limaClockOf, limaDateOf, limaInstant, parseClock } from "./slots";

// The owner's agenda (issue 28): the bookings of a day or a week, the blocked time ranges, and
// today's bookings for the dashboard. Bookings are created and changed elsewhere
// (booking-store.server.ts); here they are only read.

export type AgendaService = { id: number; title: string; capacity: number };

export type AgendaBlock = {
  id: number;
  serviceId: number | null;
  /** The service's title, or null for 'Todos los servicios'. */
  serviceTitle: string | null;
  date: string;
  startTime: string;
  endTime: string;
  reason: string;
};

const agendaColumns = {
  id: bookings.id,
  code: bookings.code,
  serviceId: bookings.serviceId,
  serviceTitle: bookings.serviceTitle,
  size: bookings.size,
  startsAt: bookings.startsAt,
  endsAt: bookings.endsAt,
  status: bookings.status,
  petName: bookings.petName,
  petSpecies: bookings.petSpecies,
  petBreed: bookings.petBreed,
  customerName: bookings.customerName,
  customerPhone: bookings.customerPhone,
  notes: bookings.notes,
};

/** The bookings that start on the Lima dates from `firstDate` to `lastDate`, in time order. */
async function listBookingsOn(
  firstDate: string,
  lastDate: string,
  options: { isHoldingTimeOnly?: boolean } = {},
): Promise<AgendaBooking[]> {
  const rows: AgendaBookingRow[] = await getDb()
    .select(agendaColumns)
    .from(bookings)
    .where(
      and(
        gte(bookings.startsAt, limaInstant(firstDate, 0)),
        lt(bookings.startsAt, limaInstant(addDays(lastDate, 1), 0)),
        options.isHoldingTimeOnly ? ne(bookings.status, "cancelled") : undefined,
      ),
    )
    .orderBy(asc(bookings.startsAt), asc(bookings.id));
  return rows.map(toAgendaBooking);
}

/** The reservable services, and any other that has bookings among `bookingList`. */
async function listAgendaServices(bookingList: readonly AgendaBooking[] = []): Promise<AgendaService[]> {
  const ids = [...new Set(bookingList.map((booking) => booking.serviceId))];
  return getDb()
    .select({ id: services.id, title: services.title, capacity: services.bookingCapacity })
    .from(services)
    .where(
      ids.length > 0 ? or(eq(services.isBookable, true), inArray(services.id, ids)) : eq(services.isBookable, true),
    )
    .orderBy(asc(services.title), asc(services.id));
}

/** The blocks that touch the Lima dates from `firstDate` to `lastDate`, in time order. */
async function listBlocksOn(firstDate: string, lastDate: string): Promise<AgendaBlock[]> {
  const rows = await getDb()
    .select({
      id: bookingBlocks.id,
      serviceId: bookingBlocks.serviceId,
      serviceTitle: services.title,
      startsAt: bookingBlocks.startsAt,
      endsAt: bookingBlocks.endsAt,
      reason: bookingBlocks.reason,
    })
    .from(bookingBlocks)
    .leftJoin(services, eq(services.id, bookingBlocks.serviceId))
    .where(
      and(
        lt(bookingBlocks.startsAt, limaInstant(addDays(lastDate, 1), 0)),
        gt(bookingBlocks.endsAt, limaInstant(firstDate, 0)),
      ),
    )
    .orderBy(asc(bookingBlocks.startsAt), asc(bookingBlocks.id));
  return rows.map(({ startsAt, endsAt, ...row }) => ({
    ...row,
    serviceTitle: row.serviceId === null ? null : row.serviceTitle,
    date: limaDateOf(startsAt),
    startTime: limaClockOf(startsAt),
    endTime: limaDateOf(endsAt) > limaDateOf(startsAt) ? "24:00" : limaClockOf(endsAt),
  }));
}

/** Everything the agenda shows for the Lima dates from `firstDate` to `lastDate`. */
export async function readAgenda(firstDate: string, lastDate: string) {
  const [bookingList, blocks] = await Promise.all([
    listBookingsOn(firstDate, lastDate),
    listBlocksOn(firstDate, lastDate),
  ]);
  return { bookings: bookingList, blocks, services: await listAgendaServices(bookingList) };
}

/** The printable agenda of a day: the bookings that still hold time, and the services' capacities. */
export async function readDaySheet(date: string) {
  const bookingList = await listBookingsOn(date, date, { isHoldingTimeOnly: true });
  return { bookings: bookingList, services: await listAgendaServices(bookingList) };
}

/** Today's bookings in Lima that still hold time, for the dashboard. */
export async function listTodaysBookings(now = new Date()): Promise<AgendaBooking[]> {
  const today = limaDateOf(now);
  return listBookingsOn(today, today, { isHoldingTimeOnly: true });
}

/** The services the 'Bloquear horario' form offers: the reservable ones. */
export async function listBlockableServices(): Promise<{ id: number; title: string }[]> {
  return getDb()
    .select({ id: services.id, title: services.title })
    .from(services)
    .where(eq(services.isBookable, true))
    .orderBy(asc(services.title), asc(services.id));
}

export type AddBlockResult =
  { ok: true; id: number; coveredBookingCount: number } | { ok: false; field: "date" | "serviceId"; message: string };

/**
 * Blocks a Lima time range of a day for one service or (serviceId null) for all. Bookings
 * already confirmed there stay: the answer counts them, for the owner to move or cancel.
 */
export async function addBookingBlock(form: BlockForm, now = new Date()): Promise<AddBlockResult> {
  if (form.date < limaDateOf(now)) return { ok: false, field: "date", message: BLOCK_PAST_MESSAGE };
  const db = getDb();
  if (form.serviceId !== null) {
    const [service] = await db
      .select({ id: services.id })
      .from(services)
      .where(and(eq(services.id, form.serviceId), eq(services.isBookable, true)));
    if (!service) return { ok: false, field: "serviceId", message: BLOCK_SERVICE_MESSAGE };
  }
  const startsAt = limaInstant(form.date, parseClock(form.from)!);
  const endsAt = limaInstant(form.date, parseClock(form.to)!);
  const [row] = await db
    .insert(bookingBlocks)
    .values({ serviceId: form.serviceId, startsAt, endsAt, reason: form.reason })
    .returning({ id: bookingBlocks.id });
  const covered = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, "confirmed"),
        lt(bookings.startsAt, endsAt),
        gt(bookings.endsAt, startsAt),
        form.serviceId === null ? undefined : eq(bookings.serviceId, form.serviceId),
      ),
    );
  return { ok: true, id: row!.id, coveredBookingCount: covered.length };
}

/** Removes a block: the Lima date it was on, or null when there is none with that id (already removed, or forged). */
export async function removeBookingBlock(id: number): Promise<{ date: string } | null> {
  const [row] = await getDb()
    .delete(bookingBlocks)
    .where(eq(bookingBlocks.id, id))
    .returning({ startsAt: bookingBlocks.startsAt });
  return row ? { date: limaDateOf(row.startsAt) } : null;
}
