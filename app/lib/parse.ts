// The one parser of what forms and URLs send as text: record ids, page numbers, check
// boxes, whole numbers and prices typed in soles. Every form and loader reads them here,
// so '12,50', '0x1f' or a 20-digit id mean the same thing on every screen.

/** The largest id a serial (PostgreSQL integer) column can hold. */
const MAX_RECORD_ID = 2_147_483_647;
/** The last page any list accepts in its `?pagina=`; past it the list answers page 1. */
const MAX_PAGE = 100_000;

/** A record id (`/editar/:id`, a hidden `id` field): a positive integer a serial can hold, or null. */
export function parseRecordId(raw: unknown): number | null {
  if (typeof raw !== "string" && typeof raw !== "number") return null;
  const text = String(raw).trim();
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 && id <= MAX_RECORD_ID ? id : null;
}

/** An optional select's id: '' or absent is null, anything but a positive integer is refused. */
export function parseOptionalId(raw: string | undefined | null): number | null | "invalid" {
  const text = (raw ?? "").trim();
  if (text === "") return null;
  return parseRecordId(text) ?? "invalid";
}

/** `?pagina=`: a page from 1 to MAX_PAGE, else 1. */
export function parsePage(raw: string | null | undefined): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1;
}

/** A check box of a posted form: browsers send 'on' when ticked and nothing otherwise. */
export function isChecked(raw: string | undefined | null): boolean {
  return raw === "on" || raw === "true";
}

/** A whole number typed in a box ('' is `empty`): digits only, up to `max`. */
export function parseWholeNumber(
  raw: string | undefined | null,
  { max, empty = 0 }: { max: number; empty?: number },
): number | "invalid" | "too-high" {
  const text = (raw ?? "").trim();
  if (text === "") return empty;
  if (!/^\d+$/.test(text)) return "invalid";
  return Number(text) <= max ? Number(text) : "too-high";
}

export const NEGATIVE_PRICE_MESSAGE = "El precio no puede ser negativo.";
export const INVALID_PRICE_MESSAGE = "Escribe el precio en soles, con hasta dos decimales (por ejemplo 12.50).";
const PRICE_TOO_HIGH_MESSAGE = "El precio máximo es S/ 999,999.99.";
/**
 * The largest price the editors and the Excel import take, the same in both so that an
 * exported catalogue always imports again: S/ 999,999.99.
 */
export const MAX_PRICE_CENTS = 99_999_999;

export type MoneyParse = { cents: number } | { error: string };

/**
 * A price typed in soles ('12.5', '12,50', '') to céntimos, without float drift: the
 * digits are checked first, so Math.round only removes the binary representation error.
 * Empty means 0, as the spec's 'price parses to a number, default 0'.
 */
export function parseSoles(raw: string | undefined | null): MoneyParse {
  const text = (raw ?? "").trim().replace(",", ".");
  if (text === "") return { cents: 0 };
  if (text.startsWith("-") && Number(text) < 0) return { error: NEGATIVE_PRICE_MESSAGE };
  if (!/^\d*(\.\d{1,2})?$/.test(text)) return { error: INVALID_PRICE_MESSAGE };
  const cents = Math.round(Number(text) * 100);
  if (!Number.isSafeInteger(cents)) return { error: INVALID_PRICE_MESSAGE };
  return cents <= MAX_PRICE_CENTS ? { cents } : { error: PRICE_TOO_HIGH_MESSAGE };
}

/** Céntimos back to what a price input shows: 1290 -> '12.90'. */
export function centsToInput(cents: number | null | undefined): string {
  return cents === null || cents === undefined ? "" : (cents / 100).toFixed(2);
}
