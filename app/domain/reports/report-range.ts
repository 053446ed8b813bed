// The reports' date ranges (issue 49, ADR 040): Lima calendar dates, both ends included, with
// the period each is compared with. Pure, so the range form and its links are built in the
// browser as in the loader.
import { readDateInput } from "~/lib/date-input";

const rangePresets = ["hoy", "7dias", "mes", "mes-anterior", "personalizado"] as const;
export type RangePreset = (typeof rangePresets)[number];

export const rangePresetLabels: Record<RangePreset, string> = {
  hoy: "Hoy",
  "7dias": "Últimos 7 días",
  mes: "Este mes",
  "mes-anterior": "Mes anterior",
  personalizado: "Rango personalizado",
};

/** From and to are ISO Lima dates ('2026-11-03'), both included. */
export type DateRange = { from: string; to: string };

/** How a series groups its points: per day, per ISO week (from Monday) or per month. */
export type SeriesUnit = "day" | "week" | "month";

export type ReportRange = DateRange & {
  preset: RangePreset;
  label: string;
  /** The period it is compared with: the same length just before, or the month before. */
  previous: DateRange;
  unit: SeriesUnit;
};

/** The longest custom range: a little over two years, so a report stays quick. */
const MAX_RANGE_DAYS = 800;

const DAY_MS = 86_400_000;

function toTime(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

export function addDays(date: string, days: number): string {
  return new Date(toTime(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included. */
function countDays({ from, to }: DateRange): number {
  return Math.round((toTime(to) - toTime(from)) / DAY_MS) + 1;
}

function startOfMonth(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

/** The same day of the month before, or that month's last day when it is shorter ('03-31' → '02-28'). */
export function sameDayPreviousMonth(date: string): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const lastOfPrevious = new Date(Date.UTC(year, month - 1, 0));
  const clamped = Math.min(day, lastOfPrevious.getUTCDate());
  return new Date(Date.UTC(lastOfPrevious.getUTCFullYear(), lastOfPrevious.getUTCMonth(), clamped))
    .toISOString()
    .slice(0, 10);
}

function unitFor(range: DateRange): SeriesUnit {
  const days = countDays(range);
  if (days <= 62) return "day";
  return days <= 190 ? "week" : "month";
}

function previousOf(range: DateRange): DateRange {
  const days = countDays(range);
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
}

function build(preset: RangePreset, range: DateRange, previous: DateRange = previousOf(range)): ReportRange {
  return { ...range, preset, label: rangePresetLabels[preset], previous, unit: unitFor(range) };
}

export type RangeQuery = { preset?: string | null; from?: string | null; to?: string | null };

/**
 * The range a report shows for the query `?rango=&desde=&hasta=`, `today` being the Lima date.
 * An unknown preset shows the last 7 days; a custom range that does not read as two dates in
 * order answers its error beside the form and shows the last 7 days meanwhile.
 */
export function readReportRange(query: RangeQuery, today: string): { range: ReportRange; error: string | null } {
  const preset = (rangePresets as readonly string[]).includes(query.preset ?? "")
    ? (query.preset as RangePreset)
    : "7dias";
  switch (preset) {
    case "hoy":
      return { range: build("hoy", { from: today, to: today }), error: null };
    case "mes": {
      const from = startOfMonth(today);
      const previousFrom = startOfMonth(sameDayPreviousMonth(today));
      return {
        range: build("mes", { from, to: today }, { from: previousFrom, to: sameDayPreviousMonth(today) }),
        error: null,
      };
    }
    case "mes-anterior": {
      const to = addDays(startOfMonth(today), -1);
      const from = startOfMonth(to);
      const previousTo = addDays(from, -1);
      return {
        range: build("mes-anterior", { from, to }, { from: startOfMonth(previousTo), to: previousTo }),
        error: null,
      };
    }
    case "personalizado": {
      const from = readDateInput(query.from);
      const to = readDateInput(query.to);
      const error =
        !from || !to
          ? "Escribe las dos fechas como dd/mm/aaaa."
          : from > to
            ? "La fecha 'Desde' debe ser anterior o igual a 'Hasta'."
            : countDays({ from, to }) > MAX_RANGE_DAYS
              ? `El rango puede tener hasta ${MAX_RANGE_DAYS} días.`
              : null;
      if (!error) return { range: build("personalizado", { from: from!, to: to! }), error: null };
      return { range: lastSevenDays(today), error };
    }
    default:
      return { range: lastSevenDays(today), error: null };
  }
}

function lastSevenDays(today: string): ReportRange {
  return build("7dias", { from: addDays(today, -6), to: today });
}

/** The change from `previous` to `current` in whole percent ('+12 %', '−5 %'), or null when there was nothing before. */
export function describeChange(current: number, previous: number): string | null {
  if (previous === 0) return null;
  // Half away from zero: −24.5 % reads as −25 %, as +24.5 % reads as +25 %.
  const exact = ((current - previous) / previous) * 100;
  const percent = Math.sign(exact) * Math.round(Math.abs(exact));
  if (percent === 0) return "0 %";
  return `${percent > 0 ? "+" : "−"}${Math.abs(percent)} %`;
}
