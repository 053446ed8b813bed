// What a product's rows do to its presentaciones: the values each row leaves, the stored ones
// the sheet leaves out (archived or deleted), and how the preview names the changes.
import type { CatalogKind } from "../kinds";
import { describeChanges, describeOwnVariantChanges, describeVariantChanges, variantLabel } from "./changes";
import type { VariantFields } from "./checks/variants";
import type { CatalogValues, ExistingItem, ExistingVariant, PlannedVariant, VariantsPlan } from "./types";
import { DEFAULT_VALUES } from "./types";

/**
 * The product as a row of its sheet starts from: its own fields with the presentación's
 * price, offer and stock (a new presentación's are the defaults). None for a new product.
 */
export function withVariant(
  target: ExistingItem | undefined,
  stored: ExistingVariant | undefined,
): ExistingItem | undefined {
  if (!target) return undefined;
  const source = stored ?? DEFAULT_VALUES;
  return {
    ...target,
    priceCents: source.priceCents,
    isOfferActive: source.isOfferActive,
    offerPriceCents: source.offerPriceCents,
    stock: source.stock,
  };
}

/** The presentación a valid row leaves; its stock is written only when the row changes it. */
export function plannedVariant(
  rowNumber: number,
  stored: ExistingVariant | undefined,
  values: CatalogValues,
  fields: VariantFields,
): PlannedVariant {
  const planned = {
    name: fields.name,
    priceCents: values.priceCents,
    isOfferActive: values.isOfferActive,
    offerPriceCents: values.isOfferActive ? values.offerPriceCents : null,
    stock: values.stock,
    sku: fields.sku,
    netWeightGrams: fields.netWeightGrams,
  };
  return {
    rowNumber,
    id: stored?.id ?? null,
    ...planned,
    isStockChanged: !stored || planned.stock !== stored.stock,
    changes: stored ? describeVariantChanges(stored, planned) : [],
  };
}

/** Whether the rows list the stored presentaciones they keep in another order. */
function isReordered(stored: ExistingVariant[], rows: PlannedVariant[]): boolean {
  const kept = rows.flatMap((row) => (row.id === null ? [] : [row.id]));
  const storedOrder = stored.map((item) => item.id).filter((id) => kept.includes(id));
  return kept.some((id, index) => storedOrder[index] !== id);
}

/** A product's presentaciones after the import: its rows, and the stored ones left out. */
export function planVariants(stored: ExistingVariant[], rows: PlannedVariant[]): VariantsPlan {
  const kept = new Set(rows.map((row) => row.id));
  const removed = stored
    .filter((item) => !kept.has(item.id))
    .map((item) => ({
      id: item.id,
      name: item.name,
      action: item.isOrdered ? ("archive" as const) : ("delete" as const),
    }));
  const byId = new Map(stored.map((item) => [item.id, item]));
  const isRenamed = (row: PlannedVariant) => {
    const current = row.id === null ? undefined : byId.get(row.id);
    return !current || current.name !== row.name || current.sku !== row.sku;
  };
  return { rows, removed, isRewritten: removed.length > 0 || isReordered(stored, rows) || rows.some(isRenamed) };
}

export function removalLabel(action: "archive" | "delete"): string {
  return action === "archive" ? "Se archiva (aparece en pedidos)" : "Se elimina";
}

/** Each presentación the rows create, change or remove, and a new order, as the preview names them. */
function variantEntries(stored: ExistingVariant[], plan: VariantsPlan): string[] {
  const byId = new Map(stored.map((item) => [item.id, item]));
  const entries: string[] = [];
  for (const row of plan.rows) {
    const current = row.id === null ? undefined : byId.get(row.id);
    if (!current) entries.push(`Nueva presentación: ${variantLabel(row.name)}`);
    else if (row.changes.length > 0) entries.push(`${variantLabel(current.name)}: ${row.changes.join(", ")}`);
  }
  for (const { action, name } of plan.removed) {
    const label = variantLabel(name);
    entries.push(
      action === "archive"
        ? `Se archiva la presentación ${label} (aparece en pedidos)`
        : `Se elimina la presentación ${label}`,
    );
  }
  if (isReordered(stored, plan.rows)) entries.push("Orden de las presentaciones");
  return entries;
}

/**
 * What an update changes. A product that is and stays one presentación reads as before
 * sizes existed ('Precio (S/ 18.00 → S/ 20.00)', plus its name, SKU or weight); otherwise its
 * own fields, then each presentación's changes ('15 kg: Stock (2 → 10)').
 */
export function describeProductChanges(
  kind: CatalogKind,
  target: ExistingItem,
  values: CatalogValues,
  plan: VariantsPlan,
): string[] {
  const stored = target.variants ?? [];
  const [only] = stored;
  const [row] = plan.rows;
  if (only && row && stored.length === 1 && plan.rows.length === 1 && row.id === only.id) {
    return [...describeChanges(kind, withVariant(target, only)!, values), ...describeOwnVariantChanges(only, row)];
  }
  return [...describeChanges(kind, target, values, true), ...variantEntries(stored, plan)];
}
