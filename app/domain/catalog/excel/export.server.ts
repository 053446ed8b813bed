// The catalogue as an .xlsx in the import's layout, so an exported file re-imports unchanged:
// a row per service, or per live presentación of each product (the product's columns repeated).
import { type Database, getDb } from "~/db/client.server";
import { getLimaDate } from "~/domain/calendar/lima-time";
import { streamedTableWorkbook } from "~/lib/excel-writer.server";

import { type CatalogKind, catalogKinds } from "../kinds";
import { gramsToKgInput } from "../variants";
import { formatFlag } from "./cells";
import { catalogLayouts, type ColumnKey } from "./layout";
import { loadTaxonomy, selectItems } from "./snapshot.server";
import type { CatalogSnapshot, ExistingItem, ExistingVariant } from "./types";

/** How many products the export reads at a time. */
const EXPORT_PAGE_SIZE = 1_000;

type Names = (id: number | null) => string;

/** The taxonomy's names by id: the sheet names each level, as the import reads it. */
function taxonomyNames(taxonomy: Omit<CatalogSnapshot, "items">): {
  family: Names;
  category: Names;
  subcategory: Names;
} {
  const namer = (entries: { id: number; name: string }[]): Names => {
    const names = new Map(entries.map((entry) => [entry.id, entry.name]));
    return (id) => (id === null ? "" : (names.get(id) ?? ""));
  };
  return {
    family: namer(taxonomy.families),
    category: namer(taxonomy.categories),
    subcategory: namer(taxonomy.subcategories),
  };
}

type Cells = Record<ColumnKey, string | number | null>;

const soles = (cents: number | null) => (cents === null ? null : cents / 100);

/** One item's row: money in soles as numbers, flags as 'Sí'/'No', taxonomy by name. */
function exportCells(item: ExistingItem, names: ReturnType<typeof taxonomyNames>): Cells {
  return {
    id: item.id,
    title: item.title,
    description: item.description,
    family: names.family(item.familyId),
    category: names.category(item.categoryId),
    subcategory: names.subcategory(item.subcategoryId),
    brand: item.brandName ?? "",
    price: soles(item.priceCents),
    stock: item.stock,
    exportedStock: item.stock,
    showPrice: formatFlag(item.showPrice),
    isOfferActive: formatFlag(item.isOfferActive),
    offerPrice: soles(item.offerPriceCents),
    image: item.image ?? "",
    imageAlt: item.imageAlt,
    igvTreatment: item.igvTreatment,
    variantId: null,
    variantName: "",
    sku: "",
    weight: null,
  };
}

/** A presentación's row: its product's cells, then its own; the weight in kg, as typed in the editor. */
function variantCells(productCells: Cells, variant: ExistingVariant): Cells {
  const weight = gramsToKgInput(variant.netWeightGrams);
  return {
    ...productCells,
    variantId: variant.id,
    variantName: variant.name,
    sku: variant.sku ?? "",
    weight: weight === "" ? null : Number(weight),
    price: soles(variant.priceCents),
    stock: variant.stock,
    exportedStock: variant.stock,
    isOfferActive: formatFlag(variant.isOfferActive),
    offerPrice: soles(variant.offerPriceCents),
  };
}

/** A service's row, or a product's rows: one per live presentación (its own row if it had none). */
function itemRows(item: ExistingItem, names: ReturnType<typeof taxonomyNames>): Cells[] {
  const cells = exportCells(item, names);
  if (!item.variants?.length) return [cells];
  return item.variants.map((variant) => variantCells(cells, variant));
}

/**
 * The whole catalogue as an .xlsx in the import's layout, and its download name, written as
 * a stream (`~/lib/excel-writer.server`) a page of products at a time.
 */
export async function exportCatalogWorkbook(
  kind: CatalogKind,
  now = new Date(),
  db: Database = getDb(),
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const names = taxonomyNames(await loadTaxonomy(kind, db));
  const { sheet, finish } = await streamedTableWorkbook(
    catalogKinds[kind].sheetName,
    catalogLayouts[kind].columns.map((column) => ({
      header: column.header,
      key: column.key,
      width: column.width,
      hidden: column.hidden,
      style: column.format === "money" ? { numFmt: "0.00" } : {},
    })),
    now,
  );
  for (let afterId = 0; ;) {
    const items = await selectItems(kind, db, { afterId, limit: EXPORT_PAGE_SIZE });
    for (const item of items) for (const row of itemRows(item, names)) sheet.addRow(row).commit();
    if (items.length < EXPORT_PAGE_SIZE) break;
    afterId = items[items.length - 1]!.id;
  }
  return {
    bytes: await finish(),
    fileName: `${catalogKinds[kind].filePrefix}-${getLimaDate(now)}.xlsx`,
  };
}
