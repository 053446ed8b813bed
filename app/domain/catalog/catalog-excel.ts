// The Excel layout of the catalogue (one sheet, one row per product or service, taxonomy
// by name) and the pure rules that turn the rows of an uploaded sheet into an import plan.
// The export writes this layout and the import reads it, so an exported file re-imports
// unchanged. Reading the workbook and writing the database live in catalog-excel.server.ts.
import { href } from "react-router";

import { isStorableImagePath, isUploadedImage } from "~/domain/media/image";
import { formatMoney } from "~/lib/money";
import { MAX_PRICE_CENTS } from "~/lib/parse";
import { normalizeForSearch, toSlug } from "~/lib/text";

import { IMAGE_ALT_REQUIRED_MESSAGE, MAX_STOCK, OFFER_NOT_LOWER_MESSAGE, OFFER_PRICE_MESSAGE } from "./catalog-admin";
import { type CatalogKind, catalogKinds } from "./kinds";
import { SERVICE_PRICE_MESSAGE } from "./service-admin";

export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
// A 5 MB sheet could hold far more rows than a shop's catalogue; the cap keeps one upload
// from holding the server's memory and the write transaction for minutes.
export const MAX_IMPORT_ROWS = 20_000;
// What an upload may inflate to. An .xlsx is a ZIP archive, and 5 MB of it can inflate to
// gigabytes (a "ZIP bomb"). A sheet of 20,000 products with 2,000-character descriptions is
// about 50 MB. Read as a stream, exceljs keeps the shared strings in memory: 100 MB of them
// took 118 MB of heap. Read whole (a workbook whose parts come in an unusual order), it
// takes some 9.5 times the inflated size: 24 MB is about 230 MB of heap, within the 512 MB
// the server has (ADR 008), and a typical 20,000-row sheet is 11.5 MB.
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
  | "imageAlt";

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
};

const columns = {
  id: { key: "id", header: "ID", label: "ID", width: 8 },
  title: { key: "title", header: "Título", label: "Título", width: 42, aliases: ["nombre"] },
  description: { key: "description", header: "Descripción", label: "Descripción", width: 60 },
  family: { key: "family", header: "Familia", label: "Familia", width: 16 },
  category: { key: "category", header: "Categoría", label: "Categoría", width: 20 },
  subcategory: { key: "subcategory", header: "Subcategoría", label: "Subcategoría", width: 20 },
  brand: { key: "brand", header: "Marca", label: "Marca", width: 16 },
  price: {
    key: "price",
    header: "Precio (S/)",
    label: "Precio",
    width: 12,
    format: "money",
    aliases: ["precio regular"],
  },
  stock: { key: "stock", header: "Stock", label: "Stock", width: 9 },
  // The stock when the file was exported, in a hidden column: the import tells a stock the
  // owner left as it was from one they changed, while orders keep taking units (planImport).
  exportedStock: {
    key: "exportedStock",
    header: "Stock al exportar",
    label: "Stock al exportar",
    width: 9,
    hidden: true,
  },
  showPrice: {
    key: "showPrice",
    header: "Mostrar precio",
    label: "Mostrar precio",
    width: 15,
    aliases: ["mostrar precio regular en la web"],
  },
  isOfferActive: {
    key: "isOfferActive",
    header: "Oferta activa",
    label: "Oferta activa",
    width: 14,
    aliases: ["oferta"],
  },
  offerPrice: {
    key: "offerPrice",
    header: "Precio oferta (S/)",
    label: "Precio oferta",
    width: 18,
    format: "money",
    aliases: ["precio de oferta"],
  },
  image: { key: "image", header: "Imagen", label: "Imagen", width: 40 },
  imageAlt: {
    key: "imageAlt",
    header: "Texto alternativo",
    label: "Texto alternativo",
    width: 42,
    aliases: ["alt"],
  },
} satisfies Record<ColumnKey, ExcelColumn>;

/** The columns of each kind's sheet, in order, and those a sheet must have. */
export const catalogLayouts: Record<CatalogKind, { columns: ExcelColumn[]; required: ColumnKey[] }> = {
  products: {
    columns: [
      columns.id,
      columns.title,
      columns.description,
      columns.family,
      columns.category,
      columns.subcategory,
      columns.brand,
      columns.price,
      columns.stock,
      columns.isOfferActive,
      columns.offerPrice,
      columns.image,
      columns.imageAlt,
      columns.exportedStock,
    ],
    required: ["title", "family", "category"],
  },
  services: {
    columns: [
      columns.id,
      columns.title,
      columns.description,
      columns.family,
      columns.category,
      columns.subcategory,
      columns.price,
      columns.showPrice,
      columns.isOfferActive,
      columns.offerPrice,
      columns.image,
      columns.imageAlt,
    ],
    required: ["title"],
  },
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

/**
 * The text of a cell as exceljs reads it: plain values, rich text, hyperlinks and formula
 * results, trimmed. Numbers keep JavaScript's shortest form (129.9, not 129.90000001).
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value.trim();
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "object") {
    if ("richText" in value && Array.isArray(value.richText)) {
      return value.richText
        .map((run: { text?: unknown }) => String(run.text ?? ""))
        .join("")
        .trim();
    }
    if ("result" in value) return cellText(value.result);
    if ("text" in value) return cellText(value.text);
    if ("error" in value) return String(value.error);
  }
  return String(value).trim();
}

/** The code of an error cell ('#N/A', '#REF!'), also as a formula's result; null otherwise. */
export function cellError(value: unknown): string | null {
  if (!value || typeof value !== "object") return null;
  if ("error" in value && typeof value.error === "string") return value.error;
  if ("result" in value) return cellError(value.result);
  return null;
}

function isUncalculatedFormula(value: unknown): boolean {
  return (
    !!value &&
    typeof value === "object" &&
    ("formula" in value || "sharedFormula" in value) &&
    (!("result" in value) || value.result === undefined || value.result === null)
  );
}

/** The cell's number when exceljs gives one (also as a formula's result). */
function cellNumber(value: unknown): number | undefined {
  if (typeof value === "number") return value;
  if (value && typeof value === "object" && "result" in value && typeof value.result === "number") {
    return value.result;
  }
  return undefined;
}

/**
 * Céntimos from a price cell: a number (129.9) or text as typed in Peru ('129,90', '129.90',
 * 'S/ 129.90'). Text never goes through a float; numbers are rounded only after checking they
 * have at most two decimals. Null when it is not a price.
 */
export function parseCents(value: unknown): number | null {
  const number = cellNumber(value);
  let cents: number;
  if (number !== undefined) {
    if (!Number.isFinite(number) || number < 0) return null;
    cents = Math.round(number * 100);
    if (Math.abs(number * 100 - cents) > 1e-6) return null;
  } else {
    const text = cellText(value).replace(/^s\/\.?\s*/i, "");
    const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text);
    if (!match) return null;
    cents = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  }
  return cents <= MAX_PRICE_CENTS ? cents : null;
}

/** A whole, non-negative stock, from a number or digits typed as text; null otherwise. */
export function parseStock(value: unknown): number | null {
  const number = cellNumber(value) ?? (/^\d{1,9}$/.test(cellText(value)) ? Number(cellText(value)) : NaN);
  return Number.isInteger(number) && number >= 0 && number <= MAX_STOCK ? number : null;
}

const TRUE_WORDS = new Set(["si", "s", "yes", "y", "true", "verdadero", "1", "x"]);
const FALSE_WORDS = new Set(["no", "n", "false", "falso", "0"]);

export function exportedStockChangedMessage(exported: number, current: number): string {
  return `El stock cambió desde que se exportó el archivo (era ${exported}, ahora hay ${current}): se vendieron o repusieron unidades. Escribe el stock de nuevo en una exportación nueva o en el producto.`;
}

/** 'Sí', 'Si', 'No', TRUE/FALSE, 1/0 (as cells or text); null for anything else. */
export function parseFlag(value: unknown): boolean | null {
  if (typeof value === "boolean") return value;
  const word = normalizeForSearch(cellText(value));
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return null;
}

/** 'Sí' / 'No', as the export writes flags. */
export function formatFlag(value: boolean): "Sí" | "No" {
  return value ? "Sí" : "No";
}

// ---------------------------------------------------------------------------------------
// Planning: the rows of a sheet against the catalogue as it is now.

export type TaxonomyEntry = { id: number; name: string; parentId: number | null };
export type BrandEntry = { id: number; name: string; slug: string };

/** Every field of a product or service; a kind ignores what it does not have. */
export type CatalogValues = {
  title: string;
  description: string;
  familyId: number | null;
  categoryId: number | null;
  subcategoryId: number | null;
  brandId: number | null;
  /** The brand's name; for a brand the import creates, the only way to find it. */
  brandName: string | null;
  priceCents: number;
  stock: number;
  showPrice: boolean;
  isOfferActive: boolean;
  offerPriceCents: number | null;
  image: string | null;
  imageAlt: string;
};

export type ExistingItem = CatalogValues & { id: number };

/** What the database holds, read once per preview or confirmation. */
export type CatalogSnapshot = {
  families: TaxonomyEntry[];
  categories: TaxonomyEntry[];
  subcategories: TaxonomyEntry[];
  brands: BrandEntry[];
  items: ExistingItem[];
};

/** A data row of the sheet: its number as Excel shows it and the raw value of each column. */
export type SheetRow = { rowNumber: number; cells: Partial<Record<ColumnKey, unknown>> };

export type PlannedCreate = {
  rowNumber: number;
  values: CatalogValues;
  familyName: string;
  categoryName: string;
};
/**
 * `changes` names the fields the row changes, with the old and new values of the price and
 * the stock, so that an old export re-imported shows the stock it would bring back.
 * `isStockChanged`: only then is the stock written; orders keep taking units meanwhile.
 */
export type PlannedUpdate = {
  rowNumber: number;
  id: number;
  values: CatalogValues;
  changes: string[];
  isStockChanged: boolean;
};
export type RowError = { rowNumber: number; title: string; messages: string[] };

export type ImportPlan = {
  kind: CatalogKind;
  creates: PlannedCreate[];
  /** Rows that change a product or service. */
  updates: PlannedUpdate[];
  /** Rows that name an existing product or service and change nothing. */
  unchanged: { rowNumber: number; id: number; title: string }[];
  errors: RowError[];
  /** Brands to create, as first written in the sheet (only those valid rows use). */
  newBrands: string[];
};

/** Finds taxonomy entries by name, accent- and case-insensitively, optionally under a parent. */
class NameIndex {
  private readonly entries = new Map<string, TaxonomyEntry[]>();

  constructor(list: TaxonomyEntry[]) {
    for (const entry of list) {
      const key = normalizeForSearch(entry.name);
      this.entries.set(key, [...(this.entries.get(key) ?? []), entry]);
    }
  }

  find(name: string, parentId?: number | null): TaxonomyEntry | undefined {
    const found = this.entries.get(normalizeForSearch(name)) ?? [];
    return parentId === undefined ? found[0] : found.find((entry) => entry.parentId === parentId);
  }
}

// The fields an update compares, with the name the preview gives a change.
const comparedValues: [keyof CatalogValues, string][] = [
  ["title", columns.title.label],
  ["description", columns.description.label],
  ["familyId", columns.family.label],
  ["categoryId", columns.category.label],
  ["subcategoryId", columns.subcategory.label],
  ["brandName", columns.brand.label],
  ["priceCents", columns.price.label],
  ["stock", columns.stock.label],
  ["showPrice", columns.showPrice.label],
  ["isOfferActive", columns.isOfferActive.label],
  ["offerPriceCents", columns.offerPrice.label],
  ["image", columns.image.label],
  ["imageAlt", columns.imageAlt.label],
];

const productFields = comparedValues.filter(([key]) => key !== "showPrice");
const serviceFields = comparedValues.filter(([key]) => key !== "brandName" && key !== "stock");

const TEXT_LIMITS = { title: 200, description: 5000, imageAlt: 300 } as const;

const DEFAULT_VALUES: CatalogValues = {
  title: "",
  description: "",
  familyId: null,
  categoryId: null,
  subcategoryId: null,
  brandId: null,
  brandName: null,
  priceCents: 0,
  stock: 0,
  showPrice: true,
  isOfferActive: false,
  offerPriceCents: null,
  image: null,
  imageAlt: "",
};

/**
 * Decides, row by row, what an import would do: create (no ID or title match), update (an
 * existing ID, else the same title ignoring case and accents) or refuse with every reason
 * in Spanish. A column the sheet lacks keeps the current value (or the default for a new
 * row); a column it has is the truth, empty cells included. Nothing is written here.
 */
export function planImport(
  kind: CatalogKind,
  rows: SheetRow[],
  present: ReadonlySet<ColumnKey>,
  snapshot: CatalogSnapshot,
  options: {
    createBrands: boolean;
    /**
     * Whether an uploaded image (/uploads/…) is still on disk: the housekeeping deletes
     * pictures nothing uses, so an old export may name one that is gone (ADR 010).
     */
    isUploadPresent?: (image: string) => boolean;
  },
): ImportPlan {
  const families = new NameIndex(snapshot.families);
  const categories = new NameIndex(snapshot.categories);
  const subcategories = new NameIndex(snapshot.subcategories);
  const familyNames = new Map(snapshot.families.map((entry) => [entry.id, entry.name]));
  const categoryNames = new Map(snapshot.categories.map((entry) => [entry.id, entry.name]));
  const brandsByName = new Map<string, BrandEntry>();
  for (const brand of snapshot.brands) {
    // By slug too: slugs are unique, so a brand the import creates must not take one.
    brandsByName.set(brand.slug, brand);
    brandsByName.set(toBrandKey(brand.name), brand);
  }
  const itemsById = new Map(snapshot.items.map((item) => [item.id, item]));
  const itemsByTitle = new Map<string, ExistingItem[]>();
  for (const item of snapshot.items) {
    const key = normalizeForSearch(item.title);
    itemsByTitle.set(key, [...(itemsByTitle.get(key) ?? []), item]);
  }
  const { noun, titleRequired } = catalogKinds[kind];
  const isProduct = kind === "products";
  const comparedFields = isProduct ? productFields : serviceFields;

  const plan: ImportPlan = { kind, creates: [], updates: [], unchanged: [], errors: [], newBrands: [] };
  const newBrands = new Map<string, string>();
  // The first valid row that names each product: by id, or by title for a new one.
  const claimedBy = new Map<string, number>();

  for (const row of rows) {
    const messages: string[] = [];
    const problem = (message: string) => messages.push(message);
    const has = (key: ColumnKey) => present.has(key);
    const text = (key: ColumnKey) => cellText(row.cells[key]);
    const title = text("title");

    // Which existing product or service the row is about, if any.
    let target: ExistingItem | undefined;
    const idText = text("id");
    const isIdValid = idText === "" || /^[1-9]\d{0,8}$/.test(idText);
    if (!isIdValid) problem(`ID inválido: "${idText}".`);
    else if (idText) target = itemsById.get(Number(idText));
    if (!target && title && isIdValid) {
      const sameTitle = itemsByTitle.get(normalizeForSearch(title)) ?? [];
      if (sameTitle.length > 1) {
        problem(`Hay ${sameTitle.length} ${noun}s con el título "${title}": indica el ID del que quieres actualizar.`);
      } else target = sameTitle[0];
    }
    const base: CatalogValues = target ?? DEFAULT_VALUES;
    // Matched by its title, a product keeps the title as written in the shop ('Ratón', not
    // 'raton'); matched by its ID, the row may rename it.
    const isMatchedByTitle = target !== undefined && Number(idText) !== target.id;
    const values: CatalogValues = { ...base, title: isMatchedByTitle ? base.title : title };

    // Cell by cell. A formula that failed ('#N/A' from a lookup), or whose result the file
    // does not carry (written by a program that does not calculate), is no value to store.
    for (const [key, value] of Object.entries(row.cells) as [ColumnKey, unknown][]) {
      const error = cellError(value);
      if (error) problem(`${columns[key].label}: la celda tiene un error de fórmula (${error}); escribe el valor.`);
      else if (isUncalculatedFormula(value)) {
        problem(
          `${columns[key].label}: la celda tiene una fórmula sin resultado guardado; ábrela y guarda el archivo en Excel, o escribe el valor.`,
        );
      }
    }
    if (!title) problem(titleRequired);
    if (has("description")) values.description = text("description");
    if (has("imageAlt")) values.imageAlt = text("imageAlt");
    for (const key of ["title", "description", "imageAlt"] as const) {
      if (values[key].length > TEXT_LIMITS[key]) {
        problem(`${columns[key].label}: usa como máximo ${TEXT_LIMITS[key]} caracteres.`);
      }
    }
    let isPriceValid = true;
    if (has("price")) {
      // A product's price cell left empty is a mistake more often than a free product (a
      // cell cleared by accident would put it on sale at S/ 0.00); a service may hide it.
      const cents = text("price") ? parseCents(row.cells.price) : isProduct ? null : 0;
      isPriceValid = cents !== null;
      if (cents === null) problem(text("price") ? "Precio inválido." : "Precio vacío: escribe el precio del producto.");
      else values.priceCents = cents;
    }
    let isOfferPriceValid = true;
    if (has("offerPrice")) {
      const cents = text("offerPrice") ? parseCents(row.cells.offerPrice) : null;
      isOfferPriceValid = cents !== null || !text("offerPrice");
      if (!isOfferPriceValid) problem("Precio de oferta inválido.");
      else values.offerPriceCents = cents;
    }
    if (isProduct && has("stock")) {
      const stock = text("stock") ? parseStock(row.cells.stock) : 0;
      if (stock === null) problem("Stock inválido: usa un número entero de 0 o más.");
      else values.stock = stock;
      // Orders took or the owner restocked units since the file was exported (its hidden
      // "Stock al exportar" column): a stock left as exported keeps today's, so that a file
      // changing prices does not bring sold units back; a stock changed in the sheet as well
      // is refused, as the product editor does, since only the owner knows which is right.
      const exported = target && text("exportedStock") ? parseStock(row.cells.exportedStock) : null;
      if (stock !== null && target && exported !== null && target.stock !== exported) {
        if (stock === exported) values.stock = target.stock;
        else problem(exportedStockChangedMessage(exported, target.stock));
      }
    }
    for (const key of isProduct ? (["isOfferActive"] as const) : (["isOfferActive", "showPrice"] as const)) {
      if (!has(key)) continue;
      const flag = text(key) ? parseFlag(row.cells[key]) : DEFAULT_VALUES[key];
      if (flag === null) problem(`${columns[key].label}: "${text(key)}" no es válido; usa Sí o No.`);
      else values[key] = flag;
    }
    if (has("image")) {
      const image = text("image");
      if (image && !isStorableImagePath(image)) {
        problem(`Imagen inválida: "${image}". Usa la ruta de una imagen de la tienda (/uploads/… o /images/…).`);
      } else if (image && isUploadedImage(image) && options.isUploadPresent && !options.isUploadPresent(image)) {
        problem(`Imagen no encontrada: "${image}" ya no está en la tienda. Súbela de nuevo desde el editor.`);
      } else values.image = image || null;
    }
    // As in the editors: a picture needs its description (SEO and accessibility).
    if (values.image && !values.imageAlt.trim()) problem(`${columns.imageAlt.label}: ${IMAGE_ALT_REQUIRED_MESSAGE}`);

    // Taxonomy by name, each level within the one above. A level that is missing or
    // unknown already explains the row, so the levels below it are not judged again.
    if (has("family")) {
      const name = text("family");
      const family = name ? families.find(name) : undefined;
      if (!name && isProduct) problem("La familia es obligatoria.");
      if (name && !family) problem(`Familia desconocida: "${name}".`);
      values.familyId = family?.id ?? null;
    }
    const familyName = values.familyId === null ? "" : (familyNames.get(values.familyId) ?? "");
    const isFamilyExplained = values.familyId === null && (isProduct || text("family") !== "");
    if (has("category")) {
      const name = text("category");
      const category = name && values.familyId !== null ? categories.find(name, values.familyId) : undefined;
      values.categoryId = category?.id ?? null;
      if (!name && isProduct) problem("La categoría es obligatoria.");
      else if (name && !category && !isFamilyExplained) {
        if (values.familyId === null) problem(`Indica la familia de la categoría "${name}".`);
        else if (categories.find(name)) problem(`Categoría "${name}" no pertenece a la familia "${familyName}".`);
        else problem(`Categoría desconocida: "${name}".`);
      }
    } else if (values.familyId !== base.familyId) {
      values.categoryId = null;
    }
    const categoryName = values.categoryId === null ? "" : (categoryNames.get(values.categoryId) ?? "");
    const isCategoryExplained = values.categoryId === null && (isProduct || text("category") !== "");
    if (has("subcategory")) {
      const name = text("subcategory");
      const subcategory = name && values.categoryId !== null ? subcategories.find(name, values.categoryId) : undefined;
      values.subcategoryId = subcategory?.id ?? null;
      if (name && !subcategory && !isCategoryExplained) {
        if (values.categoryId === null) problem(`Indica la categoría de la subcategoría "${name}".`);
        else if (subcategories.find(name)) {
          problem(`Subcategoría "${name}" no pertenece a la categoría "${categoryName}".`);
        } else problem(`Subcategoría desconocida: "${name}".`);
      }
    } else if (values.categoryId !== base.categoryId) {
      values.subcategoryId = null;
    }

    if (isProduct && has("brand")) {
      const name = text("brand");
      const brand = name ? (brandsByName.get(toBrandKey(name)) ?? brandsByName.get(toSlug(name))) : undefined;
      values.brandId = brand?.id ?? null;
      values.brandName = brand?.name ?? (name || null);
      if (name && !brand && !options.createBrands) {
        problem(`Marca desconocida: "${name}". Marca la casilla "Crear las marcas que no existan" para crearla.`);
      }
    }

    // The spec's rules between fields, on the values the row would leave.
    if (!values.isOfferActive) values.offerPriceCents = null;
    else if (isOfferPriceValid && !(values.offerPriceCents !== null && values.offerPriceCents > 0)) {
      problem(OFFER_PRICE_MESSAGE);
    } else if (
      isPriceValid &&
      values.priceCents > 0 &&
      values.offerPriceCents !== null &&
      values.offerPriceCents >= values.priceCents
    ) {
      problem(OFFER_NOT_LOWER_MESSAGE);
    }
    if (!isProduct && isPriceValid && values.showPrice && !values.isOfferActive && values.priceCents <= 0) {
      problem(SERVICE_PRICE_MESSAGE);
    }

    const claim = target ? `id:${target.id}` : `title:${normalizeForSearch(title)}`;
    const earlierRow = claimedBy.get(claim);
    if (messages.length === 0 && earlierRow !== undefined) problem(`Este ${noun} ya aparece en la fila ${earlierRow}.`);

    if (messages.length > 0) {
      plan.errors.push({ rowNumber: row.rowNumber, title: title || "(sin título)", messages });
      continue;
    }
    claimedBy.set(claim, row.rowNumber);
    if (isProduct && values.brandName && values.brandId === null) {
      // One new brand however its rows spell it ('Acmé', 'acme').
      const key = toBrandKey(values.brandName);
      values.brandName = newBrands.get(key) ?? values.brandName;
      newBrands.set(key, values.brandName);
    }
    if (!target) {
      plan.creates.push({ rowNumber: row.rowNumber, values, familyName, categoryName });
      continue;
    }
    const current = target;
    const changes = comparedFields
      .filter(([key]) => values[key] !== current[key])
      .map(([key, label]) => {
        if (key === "stock") return `${label} (${current.stock} → ${values.stock})`;
        if (key === "priceCents")
          return `${label} (${formatMoney(current.priceCents)} → ${formatMoney(values.priceCents)})`;
        return label;
      });
    const isStockChanged = isProduct && values.stock !== current.stock;
    if (changes.length === 0) plan.unchanged.push({ rowNumber: row.rowNumber, id: target.id, title: values.title });
    else plan.updates.push({ rowNumber: row.rowNumber, id: target.id, values, changes, isStockChanged });
  }
  plan.newBrands = [...newBrands.values()];
  return plan;
}

/** One key for every spelling of a brand: 'Pro Plan', 'pro  plan', 'Pró-Plan'. */
export function toBrandKey(name: string): string {
  return toSlug(normalizeForSearch(name));
}

// ---------------------------------------------------------------------------------------
// What the screens show.

/** The preview the import screen shows; the plan itself stays on the server. */
export type ImportPreview = {
  /** Names the uploaded file kept on the server until the admin confirms. */
  token: string;
  /** The plan's fingerprint: the confirmation writes only if the plan is still this one. */
  fingerprint: string;
  fileName: string;
  counts: { create: number; update: number; unchanged: number; errors: number };
  creates: {
    rowNumber: number;
    title: string;
    familyName: string;
    categoryName: string;
    priceCents: number;
  }[];
  updates: { rowNumber: number; id: number; title: string; changes: string[] }[];
  errors: RowError[];
  newBrands: string[];
};

export function toPreview(
  plan: ImportPlan,
  upload: { token: string; fingerprint: string; fileName: string },
): ImportPreview {
  return {
    ...upload,
    counts: {
      create: plan.creates.length,
      update: plan.updates.length,
      unchanged: plan.unchanged.length,
      errors: plan.errors.length,
    },
    creates: plan.creates.slice(0, PREVIEW_LIST_LIMIT).map((create) => ({
      rowNumber: create.rowNumber,
      title: create.values.title,
      familyName: create.familyName,
      categoryName: create.categoryName,
      priceCents: create.values.priceCents,
    })),
    updates: plan.updates.slice(0, PREVIEW_LIST_LIMIT).map((update) => ({
      rowNumber: update.rowNumber,
      id: update.id,
      title: update.values.title,
      changes: update.changes,
    })),
    errors: plan.errors.slice(0, PREVIEW_LIST_LIMIT),
    newBrands: plan.newBrands,
  };
}

export type ImportOutcome = {
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  brandsCreated: number;
};

/** The toast's description: '12 creados, 3 actualizados.' plus what was left alone. */
export function describeImportOutcome(outcome: ImportOutcome): string {
  const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  const parts = [
    `${plural(outcome.created, "creado", "creados")}, ${plural(outcome.updated, "actualizado", "actualizados")}.`,
  ];
  if (outcome.unchanged > 0) parts.push(`${outcome.unchanged} sin cambios.`);
  if (outcome.skipped > 0) {
    parts.push(`${plural(outcome.skipped, "fila con errores omitida", "filas con errores omitidas")}.`);
  }
  if (outcome.brandsCreated > 0) parts.push(`${plural(outcome.brandsCreated, "marca nueva", "marcas nuevas")}.`);
  return parts.join(" ");
}
