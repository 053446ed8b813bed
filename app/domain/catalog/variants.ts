// A product's presentaciones as the editor posts them: one row per size, its fields named
// `v.{key}.{field}` (the key is the row's, stable while the owner adds, removes and
// reorders rows; the order of the rows in the form is their order on the page).
import { centsToInput, isChecked, parseRecordId, parseSoles } from "~/lib/parse";

import { MAX_STOCK, readOfferPrice } from "./catalog-admin";

const MAX_VARIANTS = 30;
const MAX_VARIANT_NAME = 60;
const MAX_SKU_LENGTH = 40;
/** The heaviest bag the shop could sell: 1,000 kg (in grams). */
const MAX_NET_WEIGHT_GRAMS = 1_000_000;

export const DUPLICATE_NAME_MESSAGE = "Ya existe una presentación con ese nombre.";
export const DUPLICATE_SKU_MESSAGE = "El SKU ya está en uso.";
export const NAME_REQUIRED_MESSAGE = "Escribe el nombre de cada presentación (por ejemplo 3 kg o Talla M).";
const NAME_TOO_LONG_MESSAGE = `El nombre de la presentación admite hasta ${MAX_VARIANT_NAME} caracteres.`;
export const SKU_MESSAGE = `El SKU admite letras, números, guiones, puntos y barras (hasta ${MAX_SKU_LENGTH}).`;
export const WEIGHT_MESSAGE = "Escribe el peso neto en kg, mayor a 0 y con hasta 3 decimales (por ejemplo 3 o 0.5).";
export const AT_LEAST_ONE_MESSAGE = "Agrega al menos una presentación.";
const TOO_MANY_MESSAGE = `Un producto puede tener hasta ${MAX_VARIANTS} presentaciones.`;
export const GONE_MESSAGE = "Esta presentación ya no existe: recarga la página.";
export const STOCK_MESSAGE = "El stock debe ser un número entero igual o mayor a 0.";
const STOCK_TOO_HIGH_MESSAGE = `El stock máximo es ${MAX_STOCK.toLocaleString("es-PE")} unidades.`;

/** One presentación as the editor saves it; `id` null for a new row. */
export type VariantInput = {
  key: string;
  id: number | null;
  name: string;
  priceCents: number;
  isOfferActive: boolean;
  offerPriceCents: number | null;
  stock: number;
  /** The stock the editor showed when it was opened: orders take units meanwhile. */
  stockShown: number | null;
  sku: string | null;
  netWeightGrams: number | null;
};

/** The name of one field of one row. */
export function variantField(key: string, field: string): string {
  return `v.${key}.${field}`;
}

const ROW_FIELD = /^v\.(\d{1,4})\.([a-zA-Z]+)$/;

/** The row keys present in a form's values, in the order the rows come. */
export function readVariantKeys(values: Record<string, string | undefined | null>): string[] {
  const keys: string[] = [];
  for (const name of Object.keys(values)) {
    const match = ROW_FIELD.exec(name);
    if (match && !keys.includes(match[1]!)) keys.push(match[1]!);
  }
  return keys;
}

function readStock(raw: string | undefined): number | "invalid" | "too-high" {
  const text = (raw ?? "").trim();
  if (text === "") return 0;
  if (!/^\d+$/.test(text)) return "invalid";
  return Number(text) <= MAX_STOCK ? Number(text) : "too-high";
}

/** '3', '0.5', '2,5' kg → grams; null when empty; 'invalid' otherwise. */
function readNetWeight(raw: string | undefined): number | null | "invalid" {
  const text = (raw ?? "").trim().replace(",", ".");
  if (text === "") return null;
  if (!/^\d{1,4}(\.\d{1,3})?$/.test(text)) return "invalid";
  const grams = Math.round(Number(text) * 1000);
  return grams > 0 && grams <= MAX_NET_WEIGHT_GRAMS ? grams : "invalid";
}

export function gramsToKgInput(grams: number | null): string {
  return grams === null ? "" : String(grams / 1000);
}

const SKU_PATTERN = new RegExp(`^[A-Za-z0-9][A-Za-z0-9._/-]{0,${MAX_SKU_LENGTH - 1}}$`);
// Control characters never belong in a name (the save also uses one as a placeholder).
const CONTROL_CHARACTERS = /\p{Cc}/u;

type AddIssue = (message: string, field: string) => void;

/** One row: its fields read, each refusal reported at `v.{key}.{field}`. */
function readRow(key: string, raw: Record<string, string | undefined>, addIssue: AddIssue): VariantInput {
  const read = (field: string) => raw[variantField(key, field)];
  const report: AddIssue = (message, field) => addIssue(message, variantField(key, field));
  const id = read("id") ? parseRecordId(read("id")) : null;
  if (read("id") && id === null) report(GONE_MESSAGE, "name");
  const name = (read("name") ?? "").trim().replace(/\s+/g, " ");
  if (name.length > MAX_VARIANT_NAME) report(NAME_TOO_LONG_MESSAGE, "name");
  if (CONTROL_CHARACTERS.test(name)) report(NAME_REQUIRED_MESSAGE, "name");
  const price = parseSoles(read("price"));
  if ("error" in price) report(price.error, "price");
  const isOfferActive = isChecked(read("isOfferActive"));
  const offerPriceCents = readOfferPrice(
    isOfferActive,
    read("offerPrice"),
    report,
    "cents" in price ? price.cents : null,
  );
  const stock = readStock(read("stock"));
  if (stock === "invalid") report(STOCK_MESSAGE, "stock");
  if (stock === "too-high") report(STOCK_TOO_HIGH_MESSAGE, "stock");
  const stockShown = readStock(read("stockShown"));
  const sku = (read("sku") ?? "").trim();
  if (sku !== "" && !SKU_PATTERN.test(sku)) report(SKU_MESSAGE, "sku");
  const netWeightGrams = readNetWeight(read("weight"));
  if (netWeightGrams === "invalid") report(WEIGHT_MESSAGE, "weight");
  return {
    key,
    id,
    name,
    priceCents: "cents" in price ? price.cents : 0,
    isOfferActive,
    offerPriceCents,
    stock: typeof stock === "number" ? stock : 0,
    stockShown: read("stockShown") === undefined || typeof stockShown !== "number" ? null : stockShown,
    sku: sku === "" ? null : sku,
    netWeightGrams: netWeightGrams === "invalid" ? null : netWeightGrams,
  };
}

/** A row the owner added and left empty is not a presentación. */
function isBlankNewRow(key: string, raw: Record<string, string | undefined>): boolean {
  return ["id", "name", "price", "stock", "sku", "weight", "offerPrice"].every(
    (field) => (raw[variantField(key, field)] ?? "").trim() === "",
  );
}

/**
 * Every row of the form: the rules of a product's price and offer apply to each; at least
 * one; names required once there are two and unique within the product; SKUs unique
 * within the form (the server checks the rest of the shop).
 */
export function readVariants(raw: Record<string, string | undefined>, addIssue: AddIssue): VariantInput[] {
  const posted = readVariantKeys(raw);
  const filled = posted.filter((key) => !isBlankNewRow(key, raw));
  // One empty row is a product at S/ 0.00 with no stock (defaults, as before sizes existed).
  const keys = filled.length === 0 ? posted.slice(0, 1) : filled;
  if (keys.length === 0) {
    addIssue(AT_LEAST_ONE_MESSAGE, "variants");
    return [];
  }
  if (keys.length > MAX_VARIANTS) {
    addIssue(TOO_MANY_MESSAGE, "variants");
    return [];
  }
  const rows = keys.map((key) => readRow(key, raw, addIssue));
  const names = new Set<string>();
  const skus = new Set<string>();
  for (const row of rows) {
    const nameKey = row.name.toLocaleLowerCase("es");
    if (rows.length > 1 && row.name === "") addIssue(NAME_REQUIRED_MESSAGE, variantField(row.key, "name"));
    else if (names.has(nameKey)) addIssue(DUPLICATE_NAME_MESSAGE, variantField(row.key, "name"));
    names.add(nameKey);
    if (row.sku !== null) {
      const skuKey = row.sku.toLowerCase();
      if (skus.has(skuKey)) addIssue(DUPLICATE_SKU_MESSAGE, variantField(row.key, "sku"));
      skus.add(skuKey);
    }
  }
  return rows;
}

/** A stored presentación as the editor's inputs show it. */
export type StoredVariant = Omit<VariantInput, "key" | "stockShown" | "id"> & { id: number };

export function toVariantValues(rows: StoredVariant[]): Record<string, string> {
  const values: Record<string, string> = {};
  rows.forEach((row, index) => {
    const key = String(index);
    values[variantField(key, "id")] = String(row.id);
    values[variantField(key, "name")] = row.name;
    values[variantField(key, "price")] = centsToInput(row.priceCents);
    values[variantField(key, "isOfferActive")] = row.isOfferActive ? "on" : "";
    values[variantField(key, "offerPrice")] = centsToInput(row.offerPriceCents);
    values[variantField(key, "stock")] = String(row.stock);
    values[variantField(key, "stockShown")] = String(row.stock);
    values[variantField(key, "sku")] = row.sku ?? "";
    values[variantField(key, "weight")] = gramsToKgInput(row.netWeightGrams);
  });
  return values;
}

/** The message when orders changed a presentación's stock while the owner was editing it too. */
export function stockChangedMessage(current: number): string {
  return `El stock cambió mientras editabas: se vendieron o repusieron unidades y ahora hay ${current}. Revisa el valor y guarda de nuevo.`;
}
