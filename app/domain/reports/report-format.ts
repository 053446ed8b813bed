// How the reports write dates and figures (es-PE, issue 49): 'lun 3 nov', 'sem. del 3 nov',
// 'nov 2026', '12.5 %'. Pure and small: the report page and its charts use it in the browser.
import type { SeriesUnit } from "./report-range";

const dayFormat = new Intl.DateTimeFormat("es-PE", {
  weekday: "short",
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});
const shortDay = new Intl.DateTimeFormat("es-PE", { day: "numeric", month: "short", timeZone: "UTC" });
const monthFormat = new Intl.DateTimeFormat("es-PE", { month: "short", year: "numeric", timeZone: "UTC" });
const longDay = new Intl.DateTimeFormat("es-PE", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const integerFormat = new Intl.NumberFormat("es-PE", { maximumFractionDigits: 0 });

// Intl writes 'mar, 3 nov.': the shop writes 'mar 3 nov'.
const tidy = (text: string) => text.replace(/[.,]/g, "").replace(/\s+/g, " ").trim();
const noon = (date: string) => new Date(`${date}T12:00:00Z`);

/** 'lun 3 nov' for '2025-11-03'. */
export function formatShortDay(date: string): string {
  return tidy(dayFormat.format(noon(date)));
}

/** '3 de noviembre de 2026'. */
export function formatLongDay(date: string): string {
  return longDay.format(noon(date));
}

/** A series point's label: 'lun 3 nov' (day), 'sem. del 3 nov' (week, from Monday), 'nov 2026' (month). */
export function formatBucket(bucket: string, unit: SeriesUnit): string {
  if (unit === "day") return formatShortDay(bucket);
  if (unit === "week") return `sem. del ${tidy(shortDay.format(noon(bucket)))}`;
  return tidy(monthFormat.format(noon(bucket)));
}

/** '1,234' */
export function formatInteger(value: number): string {
  return integerFormat.format(value);
}

/** `part` of `whole` as '12.5 %' (one decimal at most); '—' when the whole is nothing. */
export function formatShare(part: number, whole: number): string {
  if (whole === 0) return "—";
  const percent = Math.round((part / whole) * 1000) / 10;
  return `${percent.toLocaleString("es-PE", { maximumFractionDigits: 1 })} %`;
}
