import { z } from "zod";

import type { BookingStatus, PetSize, PetSpecies } from "~/db/schema/bookings";
import { readDateInput, toClock, toIsoDate } from "~/lib/date-input";
import { NUL_CHARACTER_MESSAGE } from "~/lib/form-data";

import { addDays, isIsoDate, limaClockOf, limaDateOf, parseClock, weekdayOf } from "./slots";

// The owner's agenda (issue 28): which days a view shows, the bookings grouped by service and
// how much of each service's capacity is taken, and the 'Bloquear horario' form's rules. Pure,
// so the same in the browser, on the server and in tests, whatever the server's time zone.

export type AgendaView = "day" | "week";

/** What the agenda's address asks for: a day or the week around it, cancelled ones or not. */
export type AgendaQuery = { view: AgendaView; date: string; isHidingCancelled: boolean };

/** '?vista=semana&fecha=2026-12-02&canceladas=ocultar'; today in Lima and the day view otherwise. */
export function readAgendaQuery(searchParams: URLSearchParams, now: Date): AgendaQuery {
  const date = readDateInput(searchParams.get("fecha"));
  return {
    view: searchParams.get("vista") === "semana" ? "week" : "day",
    date: date ?? limaDateOf(now),
    isHidingCancelled: searchParams.get("canceladas") === "ocultar",
  };
}

/** The agenda's query string for a view of a date (what its links and redirects carry). */
export function agendaSearch(query: { view: AgendaView; date: string; isHidingCancelled?: boolean }): string {
  const params = new URLSearchParams();
  if (query.view === "week") params.set("vista", "semana");
  params.set("fecha", query.date);
  if (query.isHidingCancelled) params.set("canceladas", "ocultar");
  return `?${params.toString()}`;
}

/** The Monday to Sunday week of a date: its seven dates, in order. */
export function weekOf(date: string): string[] {
  const monday = addDays(date, -((weekdayOf(date) + 6) % 7));
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

/** The date the previous and next links of a view lead to. */
export function shiftAgendaDate(view: AgendaView, date: string, direction: -1 | 1): string {
  return addDays(date, direction * (view === "week" ? 7 : 1));
}

// A civil date has no time zone: each is formatted as the UTC day it names.
const dayMonth = new Intl.DateTimeFormat("es-PE", { day: "numeric", month: "long", timeZone: "UTC" });
const dayMonthYear = new Intl.DateTimeFormat("es-PE", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});
const weekdayDay = new Intl.DateTimeFormat("es-PE", { weekday: "long", day: "numeric", timeZone: "UTC" });

function atNoon(date: string): Date {
  return new Date(`${date}T12:00:00Z`);
}

/** 'Semana del 2 al 8 de diciembre de 2030', 'Semana del 30 de noviembre al 6 de diciembre de 2026'. */
export function formatWeekRange(dates: readonly string[]): string {
  const first = dates[0]!;
  const last = dates.at(-1)!;
  const from =
    first.slice(0, 7) === last.slice(0, 7)
      ? String(Number(first.slice(8)))
      : (first.slice(0, 4) === last.slice(0, 4) ? dayMonth : dayMonthYear).format(atNoon(first));
  return `Semana del ${from} al ${dayMonthYear.format(atNoon(last))}`;
}

/** 'lunes 30', a day's heading in the week view. */
export function formatWeekday(date: string): string {
  return weekdayDay.format(atNoon(date)).replace(",", "");
}

/** A booking as the agenda reads it from the database. */
export type AgendaBookingRow = {
  id: number;
  code: string;
  serviceId: number;
  serviceTitle: string;
  size: PetSize;
  startsAt: Date;
  endsAt: Date;
  status: BookingStatus;
  petName: string;
  petSpecies: PetSpecies;
  petBreed: string;
  customerName: string;
  customerPhone: string;
  notes: string;
};

/** A booking as the agenda shows it: its Lima date and times instead of instants. */
export type AgendaBooking = Omit<AgendaBookingRow, "startsAt" | "endsAt"> & {
  date: string;
  startTime: string;
  endTime: string;
};

export function toAgendaBooking({ startsAt, endsAt, ...row }: AgendaBookingRow): AgendaBooking {
  // A visit that ends at midnight ends at '24:00' of its day, not at '00:00'.
  const endTime =
    limaDateOf(endsAt) > limaDateOf(startsAt) && limaClockOf(endsAt) === "00:00" ? "24:00" : limaClockOf(endsAt);
  return { ...row, date: limaDateOf(startsAt), startTime: limaClockOf(startsAt), endTime };
}

/** Whether a booking still holds its time: every status but 'Cancelada'. */
export function isHoldingTime(booking: { status: BookingStatus }): boolean {
  return booking.status !== "cancelled";
}

/** How many of the bookings hold time at a Lima clock time of their day (one service's). */
export function countRunningAt(bookings: readonly AgendaBooking[], time: string): number {
  return bookings.filter((booking) => isHoldingTime(booking) && booking.startTime <= time && time < booking.endTime)
    .length;
}

type AgendaTimeRow = { time: string; used: number; bookings: AgendaBooking[] };

export type AgendaServiceGroup = {
  serviceId: number;
  title: string;
  /** How many pets the service attends at once. */
  capacity: number;
  /** One row per start time, in order, with the capacity used at that time. */
  times: AgendaTimeRow[];
};

/** By start time; at one time the cancelled ones last, then by code. */
function byTimeThenCode(a: AgendaBooking, b: AgendaBooking): number {
  return (
    a.startTime.localeCompare(b.startTime) ||
    Number(!isHoldingTime(a)) - Number(!isHoldingTime(b)) ||
    a.code.localeCompare(b.code)
  );
}

/**
 * One day's bookings by service (in the order of `services`, then any other service by title),
 * each service's by start time, each time with how many of the service's places are taken
 * then, counting the visits that started earlier and are still running.
 */
export function groupByService(
  bookings: readonly AgendaBooking[],
  services: readonly { id: number; title: string; capacity: number }[],
): AgendaServiceGroup[] {
  const known = new Map(services.map((service, index) => [service.id, { ...service, index }]));
  const byService = new Map<number, AgendaBooking[]>();
  for (const booking of bookings)
    byService.set(booking.serviceId, [...(byService.get(booking.serviceId) ?? []), booking]);
  const groups = [...byService].map(([serviceId, list]) => {
    const service = known.get(serviceId);
    const sorted = [...list].sort(byTimeThenCode);
    const times = [...new Set(sorted.map((booking) => booking.startTime))].map((time) => ({
      time,
      used: countRunningAt(sorted, time),
      bookings: sorted.filter((booking) => booking.startTime === time),
    }));
    return {
      serviceId,
      title: service?.title ?? sorted[0]!.serviceTitle,
      capacity: service?.capacity ?? 1,
      times,
      order: service?.index ?? Number.MAX_SAFE_INTEGER,
    };
  });
  return groups
    .sort((a, b) => a.order - b.order || a.title.localeCompare(b.title, "es"))
    .map(({ order: _order, ...group }) => group);
}

/** The bookings of each date of `dates`, in time order. */
export function groupByDate(bookings: readonly AgendaBooking[], dates: readonly string[]) {
  return dates.map((date) => ({
    date,
    bookings: bookings.filter((booking) => booking.date === date).sort(byTimeThenCode),
  }));
}

/** 'Baño y Corte para Perro · 2 a la vez'. */
export function describeCapacity(capacity: number): string {
  return capacity === 1 ? "1 a la vez" : `${capacity} a la vez`;
}

/** The confirmed bookings of a day that a block's time range touches (of its service, or all). */
export function countCoveredBookings(
  block: { serviceId: number | null; date: string; startTime: string; endTime: string },
  bookings: readonly AgendaBooking[],
): number {
  return bookings.filter(
    (booking) =>
      booking.status === "confirmed" &&
      booking.date === block.date &&
      (block.serviceId === null || booking.serviceId === block.serviceId) &&
      booking.startTime < block.endTime &&
      block.startTime < booking.endTime,
  ).length;
}

/** 'Hay 2 reservas en ese horario: muévelas o cancélalas.' */
export function describeCoveredBookings(count: number): string {
  return count === 1
    ? "Hay 1 reserva en ese horario: muévela o cancélala."
    : `Hay ${count} reservas en ese horario: muévelas o cancélalas.`;
}

/** A 'tel:' address for a phone as the customer typed it: a 9-digit Peruvian mobile gets +51. */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (digits.length === 9 && digits.startsWith("9")) return `tel:+51${digits}`;
  return `tel:${phone.trim().startsWith("+") ? "+" : ""}${digits}`;
}

export const MAX_BLOCK_REASON_LENGTH = 200;
export const ALL_SERVICES = "todos";
export const BLOCK_RANGE_MESSAGE = "La hora final debe ser posterior a la hora de inicio.";
export const BLOCK_PAST_MESSAGE = "Esa fecha ya pasó. Elige hoy o un día futuro.";
export const BLOCK_SERVICE_MESSAGE = "Elige un servicio de la lista.";

function clockField(missing: string) {
  return z
    .string({ error: missing })
    .trim()
    .min(1, { error: missing, abort: true })
    .transform(toClock)
    .refine((value) => parseClock(value) !== null, "Escribe la hora como 09:30.");
}

/** The 'Bloquear horario' form: a Lima date, a time range on it, a service or all, a reason. */
export const blockFormSchema = z
  .object({
    date: z
      .string({ error: "Elige el día." })
      .trim()
      .min(1, { error: "Elige el día.", abort: true })
      .transform(toIsoDate)
      .refine(isIsoDate, "Elige una fecha válida."),
    from: clockField("Escribe la hora de inicio."),
    to: clockField("Escribe la hora final."),
    // '' or 'todos': every service; otherwise a service's id (checked against the database).
    serviceId: z
      .string()
      .trim()
      .default(ALL_SERVICES)
      .refine((value) => value === "" || value === ALL_SERVICES || /^[1-9]\d{0,9}$/.test(value), BLOCK_SERVICE_MESSAGE)
      .transform((value) => (value === "" || value === ALL_SERVICES ? null : Number(value))),
    reason: z
      .string()
      .trim()
      .max(MAX_BLOCK_REASON_LENGTH, `Escribe como máximo ${MAX_BLOCK_REASON_LENGTH} caracteres.`)
      .refine((text) => !text.includes("\u0000"), NUL_CHARACTER_MESSAGE)
      .default(""),
  })
  .refine((form) => parseClock(form.to)! > parseClock(form.from)!, { path: ["to"], error: BLOCK_RANGE_MESSAGE });
export type BlockForm = z.output<typeof blockFormSchema>;
