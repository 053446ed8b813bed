// The catalogue as an .xlsx in the import's layout, so an exported file re-imports unchanged.
import { type Database, getDb } from "~/db/client.server";
import { getLimaDate } from "~/domain/calendar/lima-time";
import { streamedTableWorkbook } from "~/lib/excel-writer.server";

import { type CatalogKind, catalogKinds } from "../kinds";
import { formatFlag } from "./cells";
import { catalogLayouts, type ColumnKey } from "./layout";
import { loadTaxonomy, selectItems } from "./snapshot.server";
import type { CatalogSnapshot, ExistingItem } from "./types";

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

/** One item's row: money in soles as numbers, flags as 'Sí'/'No', taxonomy by name. */
function exportCells(
  item: ExistingItem,
  names: ReturnType<typeof taxonomyNames>,
): Record<ColumnKey, string | number | null> {
  const soles = (cents: number | null) => (cents === null ? null : cents / 100);
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
  };
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
    for (const item of items) sheet.addRow(exportCells(item, names)).commit();
    if (items.length < EXPORT_PAGE_SIZE) break;
    afterId = items[items.length - 1]!.id;
  }
  return {
    bytes: await finish(),
    fileName: `${catalogKinds[kind].filePrefix}-${getLimaDate(now)}.xlsx`,
  };
}
