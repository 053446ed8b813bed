// The Excel layout of the catalogue: one sheet, one row per service or per presentación of a
// product (the product's columns repeated on each of its rows), taxonomy by name. The export
// writes this layout and the import reads it, so an exported file re-imports unchanged. Which columns a kind's sheet has follows from the kind's fields
// (catalogKinds[kind].has): nothing here is written twice for products and services.
import { normalizeForSearch } from "~/lib/text";

import { type CatalogKind, catalogKinds } from "../kinds";

export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
// A 5 MB sheet could hold far more rows than a shop's catalogue; the cap keeps one upload
// from holding the server's memory and the write transaction for minutes.
export const MAX_IMPORT_ROWS = 20_000;
// What an upload may inflate to. An .xlsx is a ZIP archive, and 5 MB of it can inflate to
// gigabytes (a "ZIP bomb"). A sheet of 20,000 products with 2,000-character descriptions is
// about 50 MB. Read as a stream, exceljs keeps the shared strings in memory, a little more
// heap than their size. Read whole (a workbook whose parts come in an unusual order), it
// takes many times the inflated size: 24 MB stays within the 512 MB of heap the server has
// and still holds a typical 20,000-row sheet (the figures: ADR 008).
export const MAX_IMPORT_UNZIPPED_BYTES = 100 * 1024 * 1024;
export const MAX_WHOLE_IMPORT_UNZIPPED_BYTES = 24 * 1024 * 1024;
/** How many rows of each preview list the screen shows (the counts are always complete). */
export const PREVIEW_LIST_LIMIT = 200;

export const IMPORT_MESSAGES = {
  missingFile: "Elige un archivo Excel (.xlsx).",
  tooLarge: "El archivo pesa más de 5 MB.",
  notExcel: "El archivo no es un Excel (.xlsx) válido.",
  noRows: "El archivo no tiene filas para importar.",
  tooManyRows: `El archivo tiene más de ${MAX_IMPORT_ROWS.toLocaleString("es-PE")} filas. Divídelo en varios archivos.`,
  tooMuchData: "El archivo tiene demasiados datos para importarlo de una vez. Divídelo en varios archivos.",
  expired: "La vista previa ya no está disponible. Vuelve a subir el archivo.",
} as const;

export type ColumnKey =
  | "id"
  | "title"
  | "description"
  | "family"
  | "category"
  | "subcategory"
  | "brand"
  | "price"
  | "stock"
  | "exportedStock"
  | "showPrice"
  | "isOfferActive"
  | "offerPrice"
  | "image"
  | "imageAlt"
  | "variantId"
  | "variantName"
  | "sku"
  | "weight"
  | "igvTreatment";

/** A field only some kinds have (catalogKinds[kind].has). */
type KindField = keyof (typeof catalogKinds)[CatalogKind]["has"];

export type ExcelColumn = {
  key: ColumnKey;
  /** The header the export writes. */
  header: string;
  /** How the preview names a changed value. */
  label: string;
  width: number;
  format?: "money";
  /** Written as a hidden column: the import reads it, the owner does not edit it. */
  hidden?: boolean;
  /** Other headers a hand-made sheet may use (compared as header keys). */
  aliases?: string[];
  /** Only in the sheets of the kinds that have this field. */
  onlyWith?: KindField;
};

/** Every column, in the order a sheet lists them. */
const columnList: ExcelColumn[] = [
  { key: "id", header: "ID", label: "ID", width: 8 },
  { key: "title", header: "Título", label: "Título", width: 42, aliases: ["nombre"] },
  { key: "description", header: "Descripción", label: "Descripción", width: 60 },
  { key: "family", header: "Familia", label: "Familia", width: 16 },
  { key: "category", header: "Categoría", label: "Categoría", width: 20 },
  { key: "subcategory", header: "Subcategoría", label: "Subcategoría", width: 20 },
  { key: "brand", header: "Marca", label: "Marca", width: 16, onlyWith: "brand" },
  // A product's presentación: its name ('3 kg', 'Talla M'; empty for a product without sizes),
  // SKU and net weight; the price, offer and stock that follow are the presentación's.
  {
    key: "variantName",
    header: "Presentación",
    label: "Presentación",
    width: 16,
    aliases: ["talla"],
    onlyWith: "variants",
  },
  { key: "sku", header: "SKU", label: "SKU", width: 14, onlyWith: "variants" },
  {
    key: "weight",
    header: "Peso (kg)",
    label: "Peso (kg)",
    width: 10,
    aliases: ["peso neto"],
    onlyWith: "variants",
  },
  {
    key: "price",
    header: "Precio (S/)",
    label: "Precio",
    width: 12,
    format: "money",
    aliases: ["precio regular"],
  },
  { key: "stock", header: "Stock", label: "Stock", width: 9, onlyWith: "stock" },
  {
    key: "showPrice",
    header: "Mostrar precio",
    label: "Mostrar precio",
    width: 15,
    aliases: ["mostrar precio regular en la web"],
    onlyWith: "showPrice",
  },
  { key: "isOfferActive", header: "Oferta activa", label: "Oferta activa", width: 14, aliases: ["oferta"] },
  {
    key: "offerPrice",
    header: "Precio oferta (S/)",
    label: "Precio oferta",
    width: 18,
    format: "money",
    aliases: ["precio de oferta"],
  },
  { key: "image", header: "Imagen", label: "Imagen", width: 40 },
  { key: "imageAlt", header: "Texto alternativo", label: "Texto alternativo", width: 42, aliases: ["alt"] },
  // How the product's price is taxed in the comprobante (issue 46): gravado, exonerado or
  // inafecto; an empty cell keeps the product's (a new product's: gravado).
  {
    key: "igvTreatment",
    header: "IGV",
    label: "IGV",
    width: 12,
    aliases: ["tratamiento del igv"],
    onlyWith: "igvTreatment",
  },
  // The stock when the file was exported, in a hidden column: the import tells a stock the
  // owner left as it was from one they changed, while orders keep taking units (checks/stock).
  {
    key: "exportedStock",
    header: "Stock al exportar",
    label: "Stock al exportar",
    width: 9,
    hidden: true,
    onlyWith: "stock",
  },
  // The presentación's id, hidden: the import finds the stored presentación by it even when
  // the owner renamed it in the sheet.
  {
    key: "variantId",
    header: "ID presentación",
    label: "ID presentación",
    width: 8,
    hidden: true,
    onlyWith: "variants",
  },
];

export const columns = Object.fromEntries(columnList.map((column) => [column.key, column])) as Record<
  ColumnKey,
  ExcelColumn
>;

function layoutOf(kind: CatalogKind): { columns: ExcelColumn[]; required: ColumnKey[] } {
  const { isFamilyRequired, has } = catalogKinds[kind];
  return {
    columns: columnList.filter((column) => !column.onlyWith || has[column.onlyWith]),
    // A kind whose items must hang from a family needs the family and category columns.
    required: isFamilyRequired ? ["title", "family", "category"] : ["title"],
  };
}

/** The columns of each kind's sheet, in order, and those a sheet must have. */
export const catalogLayouts: Record<CatalogKind, { columns: ExcelColumn[]; required: ColumnKey[] }> = {
  products: layoutOf("products"),
  services: layoutOf("services"),
};

/** 'Precio (S/)', 'PRECIO' and ' precio ' all read as 'precio'. */
export function toHeaderKey(text: string): string {
  return normalizeForSearch(text)
    .replace(/\(.*?\)/g, " ")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/**
 * Which column of the sheet (1-based, as exceljs numbers them) holds each field, and the
 * headers of the required fields that are missing. The first of repeated headers wins.
 */
export function matchHeaders(
  kind: CatalogKind,
  headers: { column: number; text: string }[],
): { positions: Map<ColumnKey, number>; missing: string[] } {
  const byKey = new Map<string, ColumnKey>();
  for (const column of catalogLayouts[kind].columns) {
    for (const name of [column.header, ...(column.aliases ?? [])]) byKey.set(toHeaderKey(name), column.key);
  }
  const positions = new Map<ColumnKey, number>();
  for (const header of headers) {
    const key = byKey.get(toHeaderKey(header.text));
    if (key && !positions.has(key)) positions.set(key, header.column);
  }
  const missing = catalogLayouts[kind].required.filter((key) => !positions.has(key)).map((key) => columns[key].header);
  return { positions, missing };
}
