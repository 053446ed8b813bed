// What an update changes, as the preview names it.
import { formatMoney } from "~/lib/money";

import type { CatalogKind } from "../kinds";
import { catalogKinds } from "../kinds";
import { columns } from "./layout";
import type { CatalogValues, ExistingItem, ExistingVariant, PlannedVariant } from "./types";

// The fields an update compares, with the name the preview gives a change, and the field a
// kind must have for it to count.
const comparedValues: [keyof CatalogValues, string, ("brand" | "stock" | "showPrice" | "igvTreatment")?][] = [
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
  ["igvTreatment", columns.igvTreatment.label, "igvTreatment"],
];

/** A product's fields that belong to its presentaciones. */
const variantValues = new Set<keyof CatalogValues>(["priceCents", "stock", "isOfferActive", "offerPriceCents"]);

/**
 * The changed fields, with the old and new values of the price and the stock, so that an
 * old export re-imported shows the stock it would bring back. `ownOnly`: a product's own
 * fields, without its presentación's price, offer and stock.
 */
export function describeChanges(
  kind: CatalogKind,
  current: ExistingItem,
  values: CatalogValues,
  ownOnly = false,
): string[] {
  const { has } = catalogKinds[kind];
  return comparedValues
    .filter(([key, , onlyWith]) => (!onlyWith || has[onlyWith]) && values[key] !== current[key])
    .filter(([key]) => !ownOnly || !variantValues.has(key))
    .map(([key, label]) => {
      if (key === "stock") return `${label} (${current.stock} → ${values.stock})`;
      if (key === "priceCents")
        return `${label} (${formatMoney(current.priceCents)} → ${formatMoney(values.priceCents)})`;
      return label;
    });
}

/** A presentación's name as the preview shows it. */
export function variantLabel(name: string): string {
  return name === "" ? "Sin nombre" : name;
}

type VariantFields = Omit<PlannedVariant, "rowNumber" | "id" | "isStockChanged" | "changes">;

function renameChanges(current: ExistingVariant, planned: VariantFields): string[] {
  if (planned.name === current.name) return [];
  const { label } = columns.variantName;
  return [`${label} (${variantLabel(current.name)} → ${variantLabel(planned.name)})`];
}

function skuAndWeightChanges(current: ExistingVariant, planned: VariantFields): string[] {
  const changes: string[] = [];
  if (planned.sku !== current.sku) changes.push(columns.sku.label);
  if (planned.netWeightGrams !== current.netWeightGrams) changes.push(columns.weight.label);
  return changes;
}

/**
 * What a row changes of a presentación besides what a product without sizes always had (its
 * price, offer and stock, which describeChanges names): its name, SKU and weight.
 */
export function describeOwnVariantChanges(current: ExistingVariant, planned: VariantFields): string[] {
  return [...renameChanges(current, planned), ...skuAndWeightChanges(current, planned)];
}

/** Every field a row changes of a stored presentación: name, price, stock, offer, SKU, weight. */
export function describeVariantChanges(current: ExistingVariant, planned: VariantFields): string[] {
  const changes = renameChanges(current, planned);
  if (planned.priceCents !== current.priceCents) {
    changes.push(`${columns.price.label} (${formatMoney(current.priceCents)} → ${formatMoney(planned.priceCents)})`);
  }
  if (planned.stock !== current.stock) changes.push(`${columns.stock.label} (${current.stock} → ${planned.stock})`);
  if (planned.isOfferActive !== current.isOfferActive) changes.push(columns.isOfferActive.label);
  if (planned.offerPriceCents !== current.offerPriceCents) changes.push(columns.offerPrice.label);
  return [...changes, ...skuAndWeightChanges(current, planned)];
}
