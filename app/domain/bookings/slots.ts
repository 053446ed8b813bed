import { isPeruHoliday } from "~/domain/calendar/peru-holidays";
import { readDateInput } from "~/lib/date-input";

// The agenda's arithmetic (issue 28, ADR 026), pure so that it is the same on the server, in
// tests and whatever the server's time zone: Peru keeps UTC−5 all year, so a Lima wall-clock
// time is the UTC instant five hours later.

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const LIMA_OFFSET_MS = 5 * 60 * MINUTE_MS;

type TimeRange = [string, string];

export type ScheduleRules = {
  /** Opening ranges per weekday, 0 = Sunday … 6 = Saturday. */
  weeklyHours: Record<string, TimeRange[]>;
  slotMinutes: number;
  horizonDays: number;
  minNoticeHours: number;
  closedOnHolidays: boolean;
  /** The owner's own closed Lima dates. */
  closedDays: ReadonlySet<string>;
};

export type Interval = { startsAt: Date; endsAt: Date };

export type Slot = { startsAt: Date; time: string };

/** Minutes after midnight for 'HH:MM', or null when it is not a time of day. */
export function parseClock(value: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value);
  if (!match) return value === "24:00" ? 24 * 60 : null;
  return Number(match[1]) * 60 + Number(match[2]);
}

export function formatClock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** True for a real calendar date written 'YYYY-MM-DD' (exactly so: no spaces, no 'dd/mm/aaaa'). */
export function isIsoDate(value: string): boolean {
  return readDateInput(value) === value;
}

/** The instant of a Lima wall-clock time: '2026-12-01' at 9:30 (570 minutes). */
export function limaInstant(date: string, minutes: number): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) + LIMA_OFFSET_MS + minutes * MINUTE_MS);
}

/** The Lima date 'YYYY-MM-DD' of an instant. */
export function limaDateOf(instant: Date): string {
  return new Date(instant.getTime() - LIMA_OFFSET_MS).toISOString().slice(0, 10);
}

/** 'HH:MM' in Lima of an instant. */
export function limaClockOf(instant: Date): string {
  const shifted = new Date(instant.getTime() - LIMA_OFFSET_MS);
  return formatClock(shifted.getUTCHours() * 60 + shifted.getUTCMinutes());
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** Why a date takes no booking, or null when it may. */
export function closedReason(
  rules: ScheduleRules,
  date: string,
  now: Date,
): "past" | "too-far" | "closed" | "holiday" | null {
  const today = limaDateOf(now);
  if (date < today) return "past";
  if (date > addDays(today, rules.horizonDays)) return "too-far";
  if (rules.closedDays.has(date)) return "closed";
  if (rules.closedOnHolidays && isPeruHoliday(date)) return "holiday";
  if ((rules.weeklyHours[String(weekdayOf(date))] ?? []).length === 0) return "closed";
  return null;
}

/**
 * Every start on the day's grid where a visit of `durationMinutes` fits inside one opening
 * range, at least the minimum notice after `now`, ignoring bookings and blocks.
 */
export function gridSlots(rules: ScheduleRules, date: string, durationMinutes: number, now: Date): Slot[] {
  if (closedReason(rules, date, now) !== null) return [];
  const earliest = now.getTime() + rules.minNoticeHours * 60 * MINUTE_MS;
  const slots: Slot[] = [];
  for (const [from, to] of rules.weeklyHours[String(weekdayOf(date))] ?? []) {
    const start = parseClock(from);
    const end = parseClock(to);
    if (start === null || end === null) continue;
    for (let minute = start; minute + durationMinutes <= end; minute += rules.slotMinutes) {
      const startsAt = limaInstant(date, minute);
      if (startsAt.getTime() >= earliest) slots.push({ startsAt, time: formatClock(minute) });
    }
  }
  return slots.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

function overlaps(a: Interval, b: Interval): boolean {
  return a.startsAt < b.endsAt && b.startsAt < a.endsAt;
}

/**
 * Whether `wanted` has room: no block touches it, and at no instant inside it are `capacity`
 * bookings already running. The count only rises at a booking's start, so the instants to
 * check are the wanted start and the starts of the bookings inside it.
 */
export function hasRoom(wanted: Interval, capacity: number, booked: readonly Interval[], blocks: readonly Interval[]) {
  if (blocks.some((block) => overlaps(block, wanted))) return false;
  const running = booked.filter((booking) => overlaps(booking, wanted));
  if (running.length < capacity) return true;
  const instants = [
    wanted.startsAt,
    ...running.map((booking) => booking.startsAt).filter((at) => at > wanted.startsAt),
  ];
  return instants.every(
    (instant) => running.filter((booking) => booking.startsAt <= instant && instant < booking.endsAt).length < capacity,
  );
}

/** The free slots of a day for a visit of `durationMinutes`. */
export function freeSlots(options: {
  rules: ScheduleRules;
  date: string;
  durationMinutes: number;
  capacity: number;
  booked: readonly Interval[];
  blocks: readonly Interval[];
  now: Date;
}): Slot[] {
  const { durationMinutes, capacity, booked, blocks } = options;
  return gridSlots(options.rules, options.date, durationMinutes, options.now).filter((slot) =>
    hasRoom(
      { startsAt: slot.startsAt, endsAt: new Date(slot.startsAt.getTime() + durationMinutes * MINUTE_MS) },
      capacity,
      booked,
      blocks,
    ),
  );
}

/** The dates from today to the end of the window, in order. */
export function bookingWindow(rules: ScheduleRules, now: Date): string[] {
  const today = limaDateOf(now);
  return Array.from({ length: rules.horizonDays + 1 }, (_, index) => addDays(today, index));
}

export function minutesToMs(minutes: number): number {
  return minutes * MINUTE_MS;
}
