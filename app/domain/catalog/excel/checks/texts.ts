// The row's texts: a title is required, and no text may be longer than the editors allow.
import { columns } from "../layout";
import type { CatalogValues, CheckResult, RowInput } from "../types";

const TEXT_LIMITS = { title: 200, description: 5000, imageAlt: 300 } as const;

export function checkTexts(row: RowInput, values: CatalogValues, titleRequired: string): CheckResult {
  const set: Partial<CatalogValues> = {};
  if (row.has("description")) set.description = row.text("description");
  if (row.has("imageAlt")) set.imageAlt = row.text("imageAlt");
  const texts = { ...values, ...set };
  const problems = row.text("title") ? [] : [titleRequired];
  for (const key of ["title", "description", "imageAlt"] as const) {
    if (texts[key].length > TEXT_LIMITS[key]) {
      problems.push(`${columns[key].label}: usa como máximo ${TEXT_LIMITS[key]} caracteres.`);
    }
  }
  return { set, problems };
}
