// The rows of one product repeat its columns: a row that differs from the product's first
// row in one of them is refused, rather than guessing which one the owner meant.
import { normalizeForSearch } from "~/lib/text";

import { type ColumnKey, columns } from "../layout";
import type { RowInput } from "../types";

/** The product's own columns; names compare as the import finds them (no case, no accents). */
const productColumns: [ColumnKey, (text: string) => string][] = [
  ["title", normalizeForSearch],
  ["description", (text) => text],
  ["family", normalizeForSearch],
  ["category", normalizeForSearch],
  ["subcategory", normalizeForSearch],
  ["brand", normalizeForSearch],
  ["image", (text) => text],
  ["imageAlt", (text) => text],
  ["igvTreatment", normalizeForSearch],
];

export function mismatchMessage(header: string): string {
  return `Las filas de un mismo producto deben tener los mismos datos del producto: revisa la columna ${header}.`;
}

/** Why `row` does not repeat the product's columns of `first`, the product's first row. */
export function sameProductProblems(first: RowInput, row: RowInput): string[] {
  return productColumns
    .filter(([key, compared]) => row.has(key) && compared(row.text(key)) !== compared(first.text(key)))
    .map(([key]) => mismatchMessage(columns[key].header));
}
