// What a cell of an uploaded sheet holds, as exceljs reads it (plain values, rich text,
// hyperlinks, formulas and their results), read as text, prices, stock and yes/no flags.
import { MAX_PRICE_CENTS } from "~/lib/parse";
import { normalizeForSearch } from "~/lib/text";

import { MAX_STOCK } from "../catalog-admin";

/**
 * The text of a cell as exceljs reads it: plain values, rich text, hyperlinks and formula
 * results, trimmed. Numbers keep JavaScript's shortest form (129.9, not 129.90000001).
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value.trim();
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "object") {
    if ("richText" in value && Array.isArray(value.richText)) {
      return value.richText
        .map((run: { text?: unknown }) => String(run.text ?? ""))
        .join("")
        .trim();
    }
    if ("result" in value) return cellText(value.result);
    if ("text" in value) return cellText(value.text);
    if ("error" in value) return String(value.error);
  }
  return String(value).trim();
}

/** The code of an error cell ('#N/A', '#REF!'), also as a formula's result; null otherwise. */
export function cellError(value: unknown): string | null {
  if (!value || typeof value !== "object") return null;
  if ("error" in value && typeof value.error === "string") return value.error;
  if ("result" in value) return cellError(value.result);
  return null;
}

/** A formula whose result the file does not carry (written by a program that does not calculate). */
export function isUncalculatedFormula(value: unknown): boolean {
  return (
    !!value &&
    typeof value === "object" &&
    ("formula" in value || "sharedFormula" in value) &&
    (!("result" in value) || value.result === undefined || value.result === null)
  );
}

/** The cell's number when exceljs gives one (also as a formula's result). */
function cellNumber(value: unknown): number | undefined {
  if (typeof value === "number") return value;
  if (value && typeof value === "object" && "result" in value && typeof value.result === "number") {
    return value.result;
  }
  return undefined;
}

/**
 * Céntimos from a price cell: a number (129.9) or text as typed in Peru ('129,90', '129.90',
 * 'S/ 129.90'). Text never goes through a float; numbers are rounded only after checking they
 * have at most two decimals. Null when it is not a price.
 */
export function parseCents(value: unknown): number | null {
  const number = cellNumber(value);
  let cents: number;
  if (number !== undefined) {
    if (!Number.isFinite(number) || number < 0) return null;
    cents = Math.round(number * 100);
    if (Math.abs(number * 100 - cents) > 1e-6) return null;
  } else {
    const text = cellText(value).replace(/^s\/\.?\s*/i, "");
    const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text);
    if (!match) return null;
    cents = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  }
  return cents <= MAX_PRICE_CENTS ? cents : null;
}

/** A whole, non-negative stock, from a number or digits typed as text; null otherwise. */
export function parseStock(value: unknown): number | null {
  const number = cellNumber(value) ?? (/^\d{1,9}$/.test(cellText(value)) ? Number(cellText(value)) : NaN);
  return Number.isInteger(number) && number >= 0 && number <= MAX_STOCK ? number : null;
}

const TRUE_WORDS = new Set(["si", "s", "yes", "y", "true", "verdadero", "1", "x"]);
const FALSE_WORDS = new Set(["no", "n", "false", "falso", "0"]);

/** 'Sí', 'Si', 'No', TRUE/FALSE, 1/0 (as cells or text); null for anything else. */
export function parseFlag(value: unknown): boolean | null {
  if (typeof value === "boolean") return value;
  const word = normalizeForSearch(cellText(value));
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return null;
}

/** 'Sí' / 'No', as the export writes flags. */
export function formatFlag(value: boolean): "Sí" | "No" {
  return value ? "Sí" : "No";
}
