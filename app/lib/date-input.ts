// Dates and times as a Peruvian reads and types them, whatever the phone's language (issue 40,
// ADR 034). A browser draws <input type="date"> and type="time" in its own language: an
// English phone shows 'mm/dd/yyyy' and '09:30 AM'. The shop's fields are text boxes showing
// 'dd/mm/aaaa' and 24-hour 'hh:mm'; these functions turn what was typed into the ISO date and
// the 'HH:MM' the rest of the code keeps (what the boxes show: lib/date-display.ts).

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// 5/1/2027, 05-01-2027, 05.01.2027 (day first, as in Peru); a two-digit year is 20xx.
const TYPED_DATE = /^(\d{1,2})\s*[/.-]\s*(\d{1,2})\s*[/.-]\s*(\d{2}|\d{4})$/;

function isoOf(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * The ISO date ('2027-01-05') of a typed date: 'dd/mm/aaaa' (or with - or .) or already ISO
 * (old links, the native picker). Null when it is not a real calendar date.
 */
export function readDateInput(raw: string | null | undefined): string | null {
  const text = (raw ?? "").trim();
  const iso = ISO_DATE.exec(text);
  if (iso) return isoOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const typed = TYPED_DATE.exec(text);
  if (!typed) return null;
  const year = typed[3]!.length === 2 ? 2000 + Number(typed[3]) : Number(typed[3]);
  return isoOf(year, Number(typed[2]), Number(typed[1]));
}

/** For a schema: the ISO date when it reads as one, else the text as typed (its check then fails). */
export function toIsoDate(raw: string): string {
  return readDateInput(raw) ?? raw.trim();
}

// 9:30, 09:30, 9.30, 9h30, 930, 0930, 9 (on the hour); '24:00' is kept for a day's end.
const TYPED_CLOCK = /^(\d{1,2})(?:\s*[:.hH]\s*(\d{2})|(\d{2}))?\s*(?:h|hs|hrs)?$/;

/** 'HH:MM' (24-hour) of a typed time, or null when it is not a time of day. */
export function readClockInput(raw: string | null | undefined): string | null {
  const text = (raw ?? "").trim();
  const match = TYPED_CLOCK.exec(text);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2] ?? match[3] ?? "0");
  if (hours === 24 && minutes === 0) return "24:00";
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
}

/** For a schema: 'HH:MM' when it reads as a time, else the text as typed (its check then fails). */
export function toClock(raw: string): string {
  return readClockInput(raw) ?? raw.trim();
}
