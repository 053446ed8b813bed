// A product's rows are its presentaciones: which stored one each row is (by the hidden
// presentación id, else by name within the product, else a new one), and the product editor's
// rules for its rows (names, SKUs, weights, how many), read from the sheet's cells.
import { DUPLICATE_SKU_MESSAGE, gramsToKgInput, readVariants, variantField } from "../../variants";
import { type ColumnKey, columns } from "../layout";
import type { ExistingItem, ExistingVariant, RowInput } from "../types";

/** One row of a product's group, as the sheet numbers it. */
export type GroupRow = { rowNumber: number; input: RowInput };

export function foreignVariantMessage(id: string): string {
  return `${columns.variantId.label} ${id}: no es una presentación de este producto. Borra el ID para crearla como nueva.`;
}

export function singleRowMessage(count: number): string {
  return `Este producto tiene ${count} presentaciones: indica cuál es cada fila en la columna "${columns.variantName.header}" (la trae la exportación del catálogo).`;
}

/** Two names of one product's presentaciones are the same when they differ only in case or spaces. */
function nameKey(name: string): string {
  return name.trim().replace(/\s+/g, " ").toLocaleLowerCase("es");
}

const ID_PATTERN = /^[1-9]\d{0,8}$/;

export type VariantMatch = { stored: ExistingVariant | undefined; problems: string[] };

/** The rows that name a presentación by its hidden id: it must be a live one of this product. */
function matchByIds(rows: GroupRow[], stored: ExistingVariant[], matches: VariantMatch[]) {
  const takenBy = new Map<number, number>();
  rows.forEach(({ rowNumber, input }, index) => {
    const idText = input.text("variantId");
    if (idText === "") return;
    const match = matches[index]!;
    const found = ID_PATTERN.test(idText) ? stored.find((item) => item.id === Number(idText)) : undefined;
    if (!ID_PATTERN.test(idText)) match.problems.push(`${columns.variantId.label} inválido: "${idText}".`);
    else if (!found) match.problems.push(foreignVariantMessage(idText));
    else if (takenBy.has(found.id)) {
      match.problems.push(`Esta presentación ya aparece en la fila ${takenBy.get(found.id)}.`);
    } else {
      takenBy.set(found.id, rowNumber);
      match.stored = found;
    }
  });
  return takenBy;
}

/**
 * The stored presentación each row of one product is. A sheet without the presentación
 * columns (an old export, a hand-made sheet) has one row per product, which is its only
 * presentación: a product with several is refused. Otherwise the hidden id comes first (it
 * must be a live presentación of this product: a row copied from another product is refused),
 * then the name among the product's presentaciones no row took by its id; no match is a new one.
 */
export function matchVariants(rows: GroupRow[], target: ExistingItem | undefined, isGrouped: boolean): VariantMatch[] {
  const stored = target?.variants ?? [];
  if (!isGrouped) {
    const problems = stored.length > 1 ? [singleRowMessage(stored.length)] : [];
    return rows.map(() => ({ stored: problems.length > 0 ? undefined : stored[0], problems }));
  }
  const matches: VariantMatch[] = rows.map(() => ({ stored: undefined, problems: [] }));
  const takenBy = matchByIds(rows, stored, matches);
  rows.forEach(({ rowNumber, input }, index) => {
    if (input.text("variantId") !== "") return;
    const key = nameKey(input.text("variantName"));
    const found = stored.find((item) => !takenBy.has(item.id) && nameKey(item.name) === key);
    if (!found) return;
    takenBy.set(found.id, rowNumber);
    matches[index]!.stored = found;
  });
  return matches;
}

/** A row's name, SKU and weight as the editor reads them, and the editor's refusals. */
export type VariantFields = {
  name: string;
  sku: string | null;
  netWeightGrams: number | null;
  problems: string[];
};

/**
 * The product editor's rules for a product's rows (presentaciones.ts), on the sheet's cells
 * as the editor would post them: a name required once there are two, unique within the
 * product; an SKU of letters, digits and ./-_ unique within the product; a weight in kg; at
 * most MAX_PRESENTACIONES. A column the sheet lacks keeps the stored value. The price, the
 * offer and the stock are the sheet's own checks (checks/prices, checks/stock), which read
 * Excel's numbers.
 */
export function checkVariantFields(rows: { input: RowInput; stored: ExistingVariant | undefined }[]): VariantFields[] {
  const raw: Record<string, string> = {};
  rows.forEach(({ input, stored }, index) => {
    const cell = (key: ColumnKey, fallback: string) => (input.has(key) ? input.text(key) : fallback);
    const field = (name: string) => variantField(String(index), name);
    raw[field("name")] = cell("variantName", stored?.name ?? "");
    raw[field("sku")] = cell("sku", stored?.sku ?? "");
    raw[field("weight")] = cell("weight", gramsToKgInput(stored?.netWeightGrams ?? null));
    raw[field("price")] = "0";
  });
  const problems = rows.map((): string[] => []);
  const read = readVariants(raw, (message, field) => {
    const index = /^v\.(\d+)\./.exec(field)?.[1];
    const list = problems[index === undefined ? 0 : Number(index)];
    if (list && !list.includes(message)) list.push(message);
  });
  return rows.map((_, index) => ({
    name: read[index]?.name ?? "",
    sku: read[index]?.sku ?? null,
    netWeightGrams: read[index]?.netWeightGrams ?? null,
    problems: problems[index]!,
  }));
}

/**
 * An SKU is unique in the shop: one held by another product's presentación, or taken by an
 * earlier row of another product in the sheet (`claims`: SKU → the product's group), is
 * refused. The product's own presentaciones may swap theirs.
 */
export function skuProblems(
  sku: string | null,
  product: { id: number | undefined; group: string },
  owners: ReadonlyMap<string, number>,
  claims: Map<string, string>,
): string[] {
  if (sku === null) return [];
  const key = sku.toLowerCase();
  const owner = owners.get(key);
  const claim = claims.get(key);
  if (claim === undefined) claims.set(key, product.group);
  const isTaken = (owner !== undefined && owner !== product.id) || (claim !== undefined && claim !== product.group);
  return isTaken ? [DUPLICATE_SKU_MESSAGE] : [];
}
