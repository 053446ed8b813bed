// Cell by cell: a formula that failed ('#N/A' from a lookup), or whose result the file does
// not carry (written by a program that does not calculate), is no value to store.
import { cellError, isUncalculatedFormula } from "../cells";
import { type ColumnKey, columns } from "../layout";
import type { RowInput } from "../types";

export function formulaProblems(row: RowInput): string[] {
  const problems: string[] = [];
  for (const [key, value] of Object.entries(row.cells) as [ColumnKey, unknown][]) {
    const error = cellError(value);
    if (error) problems.push(`${columns[key].label}: la celda tiene un error de fórmula (${error}); escribe el valor.`);
    else if (isUncalculatedFormula(value)) {
      problems.push(
        `${columns[key].label}: la celda tiene una fórmula sin resultado guardado; ábrela y guarda el archivo en Excel, o escribe el valor.`,
      );
    }
  }
  return problems;
}
