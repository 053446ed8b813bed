// Writing a product's presentaciones from the editor: check the rows against what is stored
// (ids of this product, SKUs of the shop, stock sold meanwhile), then create, update, reorder,
// archive or delete them. The caller holds the product's row lock; the presentaciones are
// locked here, after it (the lock order of ADR 019).
import { and, asc, eq, inArray, sql } from "drizzle-orm";

import { cartLines, orderLines, productVariants, stockAlerts } from "~/db/schema";
import type { FieldErrors } from "~/lib/form-data";

import type { Transaction } from "./taxonomy-storage.server";
import { DUPLICATE_SKU_MESSAGE, GONE_MESSAGE, stockChangedMessage, variantField, type VariantInput } from "./variants";

type StoredRow = { id: number; stock: number };

/** The outcome of the checks: the errors, and the current stock of rows sold meanwhile. */
export type VariantCheck = { errors: FieldErrors; stockNow: Record<string, number>; rows: VariantInput[] };

/** The product's live presentaciones, locked, by id. */
export async function lockVariants(tx: Transaction, productId: number): Promise<StoredRow[]> {
  return tx
    .select({ id: productVariants.id, stock: productVariants.stock })
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), eq(productVariants.isArchived, false)))
    .orderBy(asc(productVariants.id))
    .for("update");
}

/**
 * Checks each row against the stored ones: an id must be a live presentación of this
 * product (a forged or stale id is refused); the stock the editor showed must still be the
 * stock, unless the owner left it as shown (then the orders' figure stays); an SKU must not
 * belong to another product's presentación.
 */
export async function checkVariants(
  tx: Transaction,
  productId: number | undefined,
  stored: StoredRow[],
  rows: VariantInput[],
): Promise<VariantCheck> {
  const errors: FieldErrors = {};
  const stockNow: Record<string, number> = {};
  const byId = new Map(stored.map((row) => [row.id, row]));
  const checked = rows.map((row) => {
    if (row.id === null) return row;
    const current = byId.get(row.id);
    if (!current) {
      errors[variantField(row.key, "name")] = GONE_MESSAGE;
      return row;
    }
    if (row.stockShown === null || current.stock === row.stockShown) return row;
    if (row.stock !== row.stockShown) {
      errors[variantField(row.key, "stock")] = stockChangedMessage(current.stock);
      stockNow[row.key] = current.stock;
      return row;
    }
    return { ...row, stock: current.stock };
  });
  const skus = rows.flatMap((row) => (row.sku === null ? [] : [row.sku.toLowerCase()]));
  if (skus.length > 0) {
    const taken = await tx
      .select({ sku: sql<string>`lower(${productVariants.sku})`, productId: productVariants.productId })
      .from(productVariants)
      .where(inArray(sql`lower(${productVariants.sku})`, skus));
    const takenElsewhere = new Set(taken.filter((row) => row.productId !== productId).map((row) => row.sku));
    for (const row of rows) {
      if (row.sku !== null && takenElsewhere.has(row.sku.toLowerCase()))
        errors[variantField(row.key, "sku")] = DUPLICATE_SKU_MESSAGE;
    }
  }
  return { errors, stockNow, rows: checked };
}

type VariantValues = Pick<
  VariantInput,
  "name" | "priceCents" | "isOfferActive" | "offerPriceCents" | "stock" | "sku" | "netWeightGrams"
>;

/** A presentación's stored columns from a row (the offer price only while the offer is on). */
export function storedVariantValues(row: VariantValues) {
  return {
    name: row.name,
    priceCents: row.priceCents,
    isOfferActive: row.isOfferActive,
    offerPriceCents: row.isOfferActive ? row.offerPriceCents : null,
    stock: row.stock,
    sku: row.sku,
    netWeightGrams: row.netWeightGrams,
  };
}

function rowValues(row: VariantInput, sortOrder: number) {
  return { ...storedVariantValues(row), sortOrder };
}

/**
 * Removes the stored presentaciones the form no longer has: archived when an order line
 * names one (deleting would break that order's history), deleted otherwise; either way they
 * leave every cart and their stock alerts end. An archived one frees its SKU.
 */
async function removeMissing(tx: Transaction, stored: StoredRow[], rows: VariantInput[]) {
  const kept = new Set(rows.flatMap((row) => (row.id === null ? [] : [row.id])));
  const missing = stored.filter((row) => !kept.has(row.id)).map((row) => row.id);
  if (missing.length === 0) return;
  const ordered = await tx
    .selectDistinct({ id: orderLines.variantId })
    .from(orderLines)
    .where(inArray(orderLines.variantId, missing));
  const archived = ordered.map((row) => row.id!);
  const deleted = missing.filter((id) => !archived.includes(id));
  if (archived.length > 0) {
    await tx.update(productVariants).set({ isArchived: true, sku: null }).where(inArray(productVariants.id, archived));
    await tx.delete(cartLines).where(inArray(cartLines.variantId, archived));
    await tx.delete(stockAlerts).where(inArray(stockAlerts.variantId, archived));
  }
  if (deleted.length > 0) await tx.delete(productVariants).where(inArray(productVariants.id, deleted));
}

/**
 * Writes the rows in their order. Names and SKUs are unique among a product's live rows, so
 * the kept rows first take placeholders (a control character, which no typed name holds),
 * letting two rows swap names or SKUs. Answers the ids of the presentaciones whose stock went
 * from 0 to more, whose waiting shoppers are then told.
 */
export async function writeVariants(
  tx: Transaction,
  productId: number,
  stored: StoredRow[],
  rows: VariantInput[],
): Promise<number[]> {
  await removeMissing(tx, stored, rows);
  const keptIds = rows.flatMap((row) => (row.id === null ? [] : [row.id]));
  if (keptIds.length > 0) {
    await tx
      .update(productVariants)
      .set({ name: sql`chr(1) || ${productVariants.id}::text`, sku: null })
      .where(inArray(productVariants.id, keptIds));
  }
  const stockBefore = new Map(stored.map((row) => [row.id, row.stock]));
  const restocked: number[] = [];
  for (const [index, row] of rows.entries()) {
    if (row.id === null) {
      await tx.insert(productVariants).values({ productId, ...rowValues(row, index) });
      continue;
    }
    await tx.update(productVariants).set(rowValues(row, index)).where(eq(productVariants.id, row.id));
    if (stockBefore.get(row.id) === 0 && row.stock > 0) restocked.push(row.id);
  }
  return restocked;
}
