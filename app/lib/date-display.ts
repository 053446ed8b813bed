// What the shop's date and time boxes show (ADR 034): 'dd/mm/aaaa' and 24-hour 'hh:mm'. Kept
// apart from the parsers (lib/date-input.ts) so the storefront's pages carry only these bytes.

export const DATE_PLACEHOLDER = "dd/mm/aaaa";
export const CLOCK_PLACEHOLDER = "hh:mm";

/** What a date box shows: '05/01/2027' for '2027-01-05'; anything else (a bad typed value) as is. */
export function showDateInput(value: string | null | undefined): string {
  const text = value ?? "";
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return iso ? `${iso[3]}/${iso[2]}/${iso[1]}` : text;
}

/** The ISO date of what a date box shows when it is written in full ('05/01/2027'), else ''. */
export function isoOfShownDate(value: string): string {
  const shown = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  return shown ? `${shown[3]}-${shown[2]}-${shown[1]}` : "";
}
