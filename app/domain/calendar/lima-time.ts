/** The shop's legal clock: dates of the complaints book are Lima dates. */
export const SHOP_TIME_ZONE = "America/Lima";

const limaDateParts = new Intl.DateTimeFormat("en-US", {
  timeZone: SHOP_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

// A civil date has no time zone: it is formatted as the UTC day it names.
const longDate = new Intl.DateTimeFormat("es-PE", { dateStyle: "full", timeZone: "UTC" });
const limaDateTime = new Intl.DateTimeFormat("es-PE", {
  dateStyle: "long",
  timeStyle: "short",
  timeZone: SHOP_TIME_ZONE,
});

// The last minute asked and its date. A zone's offset is whole minutes, so its date can only
// change as a minute begins; formatToParts costs some 30 µs, and every search asks (issue 47).
let keptMinute = Number.NaN;
let keptDate = "";

/** The calendar date ('YYYY-MM-DD') in Lima at `instant`. */
export function getLimaDate(instant: Date): string {
  const minute = Math.floor(instant.getTime() / 60_000);
  if (minute === keptMinute) return keptDate;
  const parts = Object.fromEntries(limaDateParts.formatToParts(instant).map((part) => [part.type, part.value]));
  keptDate = `${parts.year}-${parts.month}-${parts.day}`;
  keptMinute = minute;
  return keptDate;
}

/** 'viernes, 3 de abril de 2026' for '2026-04-03'. */
export function formatLongDate(date: string): string {
  return longDate.format(new Date(`${date}T12:00:00Z`));
}

/** '3 de abril de 2026 a las 5:00 p. m.' (Lima time). */
export function formatLimaDateTime(instant: Date): string {
  return limaDateTime.format(instant);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Milliseconds from `instant` to the next midnight in Lima: how long a page that prints
 * today's Lima date may be kept. Peru has kept UTC−5 all year since 1994.
 */
export function msUntilLimaMidnight(instant: Date): number {
  const [year, month, day] = getLimaDate(instant).split("-").map(Number) as [number, number, number];
  const nextMidnight = Date.UTC(year, month - 1, day) + DAY_MS + 5 * 60 * 60 * 1000;
  return nextMidnight - instant.getTime();
}
