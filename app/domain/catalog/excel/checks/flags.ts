// The yes/no cells of a row: the offer, and whether a service shows its price.
import { parseFlag } from "../cells";
import { columns } from "../layout";
import { type CatalogValues, type CheckResult, DEFAULT_VALUES, type RowInput } from "../types";

export function checkFlags(row: RowInput, hasShowPrice: boolean): CheckResult {
  const set: Partial<CatalogValues> = {};
  const problems: string[] = [];
  for (const key of hasShowPrice ? (["isOfferActive", "showPrice"] as const) : (["isOfferActive"] as const)) {
    if (!row.has(key)) continue;
    const flag = row.text(key) ? parseFlag(row.cells[key]) : DEFAULT_VALUES[key];
    if (flag === null) problems.push(`${columns[key].label}: "${row.text(key)}" no es válido; usa Sí o No.`);
    else set[key] = flag;
  }
  return { set, problems };
}
