// A product's IGV cell (issue 46): gravado, exonerado or inafecto, in any case or accents;
// an empty cell keeps the product's treatment (a new product's is gravado).
import { normalizeForSearch } from "~/lib/text";

import { parseIgvTreatment } from "../../product-admin";
import { columns } from "../layout";
import type { CheckResult, RowInput } from "../types";

export function checkIgvTreatment(row: RowInput): CheckResult {
  const text = row.text("igvTreatment");
  if (!row.has("igvTreatment") || text === "") return { set: {}, problems: [] };
  const igvTreatment = parseIgvTreatment(normalizeForSearch(text));
  if (igvTreatment === null) {
    return {
      set: {},
      problems: [`${columns.igvTreatment.label}: "${text}" no es válido; usa gravado, exonerado o inafecto.`],
    };
  }
  return { set: { igvTreatment }, problems: [] };
}
