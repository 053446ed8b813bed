// The columns of a product or a service that the owner edits, written once: the editor
// loads them, the Excel export writes them and the import compares against them.
import { getTableColumns } from "drizzle-orm";

import { products, productVariants, services } from "~/db/schema";

/** The fields both kinds have. */
const sharedFields = [
  "id",
  "title",
  "description",
  "familyId",
  "categoryId",
  "subcategoryId",
  "priceCents",
  "isOfferActive",
  "offerPriceCents",
  "image",
  "imageAlt",
] as const;

function pick<Columns extends object, Key extends keyof Columns>(columns: Columns, keys: readonly Key[]) {
  return Object.fromEntries(keys.map((key) => [key, columns[key]])) as Pick<Columns, Key>;
}

/** A product's editable columns: the shared ones, its brand, its stock and how its price is taxed. */
export function productColumns() {
  const columns = getTableColumns(products);
  return { ...pick(columns, sharedFields), ...pick(columns, ["brandId", "stock", "igvTreatment"] as const) };
}

/** A service's editable columns: the shared ones and whether its price is shown. */
export function serviceColumns() {
  const columns = getTableColumns(services);
  return { ...pick(columns, sharedFields), ...pick(columns, ["showPrice"] as const) };
}

/** A presentación's columns, as the editor, the product page and the Excel snapshot read them. */
export function variantColumns() {
  const columns = getTableColumns(productVariants);
  return pick(columns, [
    "id",
    "name",
    "priceCents",
    "isOfferActive",
    "offerPriceCents",
    "stock",
    "sku",
    "netWeightGrams",
  ] as const);
}
