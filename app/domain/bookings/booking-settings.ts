import { z } from "zod";

import type { WeeklyHours } from "~/db/schema/bookings";
import { type Holiday, listPeruHolidays } from "~/domain/calendar/peru-holidays";
import { readClockInput, toIsoDate } from "~/lib/date-input";
import { NUL_CHARACTER_MESSAGE } from "~/lib/form-data";
import { isChecked, parseWholeNumber } from "~/lib/parse";

import { formatClock, isIsoDate, parseClock } from "./slots";

// 'Horario de atención para citas' (/admin/reservas/horario, issue 28): the form's rules, pure
// so that the page and the server read the weekly ranges the same way.

/** The weekdays as the owner reads them, Monday first; the keys are weeklyHours' (0 = Sunday). */
export const scheduleWeekdays = [
  { key: "1", label: "Lunes" },
  { key: "2", label: "Martes" },
  { key: "3", label: "Miércoles" },
  { key: "4", label: "Jueves" },
  { key: "5", label: "Viernes" },
  { key: "6", label: "Sábado" },
  { key: "0", label: "Domingo" },
] as const;

export const MAX_RANGES_PER_DAY = 3;
export const MAX_CLOSED_DAY_REASON_LENGTH = 60;

export const TIME_FORMAT_MESSAGE = "Escribe las horas como HH:MM (por ejemplo 09:00).";
export const INCOMPLETE_RANGE_MESSAGE = "Completa la hora de inicio y la de fin de cada horario.";
export const END_BEFORE_START_MESSAGE = "La hora de fin debe ser posterior a la de inicio.";
export const OVERLAPPING_RANGES_MESSAGE = "Los horarios de un mismo día no deben superponerse.";
export const PAST_CLOSED_DAY_MESSAGE = "Elige una fecha desde hoy.";
export const CLOSED_DAY_DATE_MESSAGE = "Elige una fecha.";

/** The number fields, with their limits (the table's checks) and what a new shop starts with. */
export const scheduleNumberFields = {
  slotMinutes: { label: "Intervalo entre horarios (minutos)", min: 5, max: 240, initial: 30 },
  horizonDays: { label: "Reservas con hasta (días) de anticipación", min: 1, max: 365, initial: 30 },
  minNoticeHours: { label: "Aviso mínimo (horas)", min: 0, max: 168, initial: 2 },
  cancelHours: { label: "Horas para cancelar", min: 0, max: 720, initial: 24 },
} as const;
export type ScheduleNumberField = keyof typeof scheduleNumberFields;

export function numberRangeMessage(min: number, max: number): string {
  return `Ingresa un número entero de ${min} a ${max}.`;
}

export type BookingScheduleInput = {
  weeklyHours: WeeklyHours;
  slotMinutes: number;
  horizonDays: number;
  minNoticeHours: number;
  cancelHours: number;
  closedOnHolidays: boolean;
};

/** The names of a range's inputs: 'hours.1.0.from' is Monday's first opening time. */
export function rangeFieldName(day: string, index: number, end: "from" | "to"): string {
  return `hours.${day}.${index}.${end}`;
}

/** Where a day's message goes (beside the day, not one input). */
export function dayErrorKey(day: string): string {
  return `hours.${day}`;
}

/** A time as the owner types it ('9', '930', '9:30'; lib/date-input.ts); '24:00' only as an end. */
function readTime(raw: string, end: "from" | "to"): number | null {
  const clock = readClockInput(raw);
  const minutes = clock === null ? null : parseClock(clock);
  return minutes === 24 * 60 && end === "from" ? null : minutes;
}

/**
 * One day's ranges from the form: blank pairs are skipped; the others must be whole,
 * ordered, and must not overlap. Returns the ranges sorted by start, or the day's message.
 */
export function readDayRanges(
  values: Record<string, string | undefined>,
  day: string,
): { ranges: [string, string][] } | { error: string } {
  const read: [number, number][] = [];
  for (let index = 0; index < MAX_RANGES_PER_DAY; index++) {
    const from = (values[rangeFieldName(day, index, "from")] ?? "").trim();
    const to = (values[rangeFieldName(day, index, "to")] ?? "").trim();
    if (from === "" && to === "") continue;
    if (from === "" || to === "") return { error: INCOMPLETE_RANGE_MESSAGE };
    const start = readTime(from, "from");
    const end = readTime(to, "to");
    if (start === null || end === null) return { error: TIME_FORMAT_MESSAGE };
    if (end <= start) return { error: END_BEFORE_START_MESSAGE };
    read.push([start, end]);
  }
  read.sort((a, b) => a[0] - b[0]);
  if (read.some(([start], index) => index > 0 && start < read[index - 1]![1])) {
    return { error: OVERLAPPING_RANGES_MESSAGE };
  }
  return { ranges: read.map(([start, end]) => [formatClock(start), formatClock(end)]) };
}

/** Every posted field is text; the ranges' names are built (rangeFieldName), so the object stays open. */
const rawScheduleForm = z.record(z.string(), z.string());

/** The schedule's form, parsed: messages beside each day and each number. */
export const bookingScheduleFormSchema = rawScheduleForm.transform((values, ctx): BookingScheduleInput => {
  const addIssue = (message: string, field: string) => ctx.addIssue({ code: "custom", message, path: [field] });
  const weeklyHours: WeeklyHours = {};
  for (const { key } of scheduleWeekdays) {
    const day = readDayRanges(values, key);
    if ("error" in day) addIssue(day.error, dayErrorKey(key));
    weeklyHours[key] = "ranges" in day ? day.ranges : [];
  }
  const readNumber = (field: ScheduleNumberField) => {
    const { min, max } = scheduleNumberFields[field];
    const parsed = parseWholeNumber(values[field], { max, empty: -1 });
    if (typeof parsed === "number" && parsed >= min) return parsed;
    addIssue(numberRangeMessage(min, max), field);
    return min;
  };
  return {
    weeklyHours,
    slotMinutes: readNumber("slotMinutes"),
    horizonDays: readNumber("horizonDays"),
    minNoticeHours: readNumber("minNoticeHours"),
    cancelHours: readNumber("cancelHours"),
    closedOnHolidays: isChecked(values.closedOnHolidays),
  };
});

/** The stored schedule as the form's inputs show it (the names it posts). */
export function toScheduleFormValues(schedule: BookingScheduleInput): Record<string, string> {
  const values: Record<string, string> = {
    slotMinutes: String(schedule.slotMinutes),
    horizonDays: String(schedule.horizonDays),
    minNoticeHours: String(schedule.minNoticeHours),
    cancelHours: String(schedule.cancelHours),
    closedOnHolidays: schedule.closedOnHolidays ? "on" : "",
  };
  for (const { key } of scheduleWeekdays) {
    (schedule.weeklyHours[key] ?? []).slice(0, MAX_RANGES_PER_DAY).forEach(([from, to], index) => {
      values[rangeFieldName(key, index, "from")] = from;
      values[rangeFieldName(key, index, "to")] = to;
    });
  }
  return values;
}

/** How many of a day's range inputs hold something, as typed (blank pairs left out). */
export function countFilledRanges(values: Record<string, string | null | undefined>, day: string): number {
  let filled = 0;
  for (let index = 0; index < MAX_RANGES_PER_DAY; index++) {
    const from = values[rangeFieldName(day, index, "from")] ?? "";
    const to = values[rangeFieldName(day, index, "to")] ?? "";
    if (from.trim() !== "" || to.trim() !== "") filled = index + 1;
  }
  return filled;
}

/** A closed day the owner adds: a Lima date from `today` on, and an optional reason. */
export function closedDayFormSchema(today: string) {
  return z.object({
    day: z
      .string({ error: CLOSED_DAY_DATE_MESSAGE })
      .trim()
      .transform(toIsoDate)
      .refine(isIsoDate, CLOSED_DAY_DATE_MESSAGE)
      .refine((day) => day >= today, PAST_CLOSED_DAY_MESSAGE),
    reason: z
      .string()
      .trim()
      .max(MAX_CLOSED_DAY_REASON_LENGTH, `Escribe como máximo ${MAX_CLOSED_DAY_REASON_LENGTH} caracteres.`)
      .refine((reason) => !reason.includes("\u0000"), NUL_CHARACTER_MESSAGE)
      .default(""),
  });
}
export type ClosedDayInput = z.output<ReturnType<typeof closedDayFormSchema>>;

/** The next `count` national holidays from `today` (this year's and next year's calendars). */
export function listUpcomingHolidays(today: string, count: number): Holiday[] {
  const year = Number(today.slice(0, 4));
  return [...listPeruHolidays(year), ...listPeruHolidays(year + 1)]
    .filter((holiday) => holiday.date >= today)
    .slice(0, count);
}
