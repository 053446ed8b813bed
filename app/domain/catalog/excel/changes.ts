// What an update changes, as the preview names it.
import { formatMoney } from "~/lib/money";

import type { CatalogKind } from "../kinds";
import { catalogKinds } from "../kinds";
import { columns } from "./layout";
import type { CatalogValues, ExistingItem } from "./types";

// The fields an update compares, with the name the preview gives a change, and the field a
// kind must have for it to count.
const comparedValues: [keyof CatalogValues, string, ("brand" | "stock" | "showPrice")?][] = [
  ["title", columns.title.label],
  ["description", columns.description.label],
  ["familyId", columns.family.label],
  ["categoryId", columns.category.label],
  ["subcategoryId", columns.subcategory.label],
  ["brandName", columns.brand.label, "brand"],
  ["priceCents", columns.price.label],
  ["stock", columns.stock.label, "stock"],
  ["showPrice", columns.showPrice.label, "showPrice"],
  ["isOfferActive", columns.isOfferActive.label],
  ["offerPriceCents", columns.offerPrice.label],
  ["image", columns.image.label],
  ["imageAlt", columns.imageAlt.label],
];

/**
 * The changed fields, with the old and new values of the price and the stock, so that an
 * old export re-imported shows the stock it would bring back.
 */
export function describeChanges(kind: CatalogKind, current: ExistingItem, values: CatalogValues): string[] {
  const { has } = catalogKinds[kind];
  return comparedValues
    .filter(([key, , onlyWith]) => (!onlyWith || has[onlyWith]) && values[key] !== current[key])
    .map(([key, label]) => {
      if (key === "stock") return `${label} (${current.stock} → ${values.stock})`;
      if (key === "priceCents")
        return `${label} (${formatMoney(current.priceCents)} → ${formatMoney(values.priceCents)})`;
      return label;
    });
}
