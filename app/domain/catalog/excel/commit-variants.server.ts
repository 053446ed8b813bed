// Writing the presentaciones of an import's products, inside the import's transaction. The
// products are locked already (by id); a product whose presentaciones are created, removed,
// renamed, reordered or change their SKU is written as the product editor writes it
// (variants-save.server: its presentaciones locked by id, the removed ones archived when
// orders name them, else deleted); the others only get their changed values, in batches.
import { and, asc, eq, inArray, sql } from "drizzle-orm";

import { productVariants } from "~/db/schema";

import type { VariantInput } from "../variants";
import { lockVariants, storedVariantValues, writeVariants } from "../variants-save.server";
import { batchUpdate, inBatches, type Transaction } from "./commit-sql.server";
import type { PlannedVariant, VariantsPlan } from "./types";

const valueTypes = {
  productId: "integer",
  priceCents: "integer",
  stock: "integer",
  isOfferActive: "boolean",
  offerPriceCents: "integer",
  netWeightGrams: "integer",
  isStockChanged: "boolean",
} as const;

/**
 * The rows of new products: an inserted product got one unnamed presentación with its first
 * row's price, offer and stock (a trigger), which is all a product without sizes needs; the
 * others get their rows instead.
 */
export async function writeNewVariants(
  tx: Transaction,
  created: { productId: number; rows: PlannedVariant[] }[],
): Promise<void> {
  const sized = created.filter(
    ({ rows }) =>
      rows.length > 1 || rows.some((row) => row.name !== "" || row.sku !== null || row.netWeightGrams !== null),
  );
  for (const batch of inBatches(sized)) {
    const ids = batch.map((product) => product.productId);
    await tx.delete(productVariants).where(inArray(productVariants.productId, ids));
  }
  const rows = sized.flatMap(({ productId, rows }) =>
    rows.map((row, index) => ({ productId, ...storedVariantValues(row), sortOrder: index })),
  );
  for (const batch of inBatches(rows)) await tx.insert(productVariants).values(batch);
}

/**
 * The changed values of presentaciones that keep their place, name and SKU, locked by id
 * (after their products, which the caller holds). The stock is written only where the sheet
 * changes it: a row that changes the price keeps the units that orders took since the
 * preview (or since the file was exported).
 */
async function writeChangedValues(tx: Transaction, rows: (PlannedVariant & { productId: number })[]) {
  const byId = [...rows].sort((a, b) => a.id! - b.id!);
  for (const batch of inBatches(byId)) {
    await tx
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(
        inArray(
          productVariants.id,
          batch.map((row) => row.id!),
        ),
      )
      .orderBy(asc(productVariants.id))
      .for("update");
    const { set, from } = batchUpdate(
      valueTypes,
      batch.map((row) => ({ ...row, id: row.id!, offerPriceCents: row.isOfferActive ? row.offerPriceCents : null })),
    );
    const { isStockChanged: _, productId: _product, ...columns } = set;
    const stock = sql`case when v."isStockChanged" then v."stock" else ${productVariants.stock} end`;
    const isChanged = sql`(${productVariants.priceCents}, ${productVariants.isOfferActive}, ${productVariants.offerPriceCents}, ${productVariants.stock}, ${productVariants.netWeightGrams})
      is distinct from (v."priceCents", v."isOfferActive", v."offerPriceCents", ${stock}, v."netWeightGrams")`;
    await tx
      .update(productVariants)
      .set({ ...columns, stock })
      .from(from)
      .where(
        and(
          eq(productVariants.id, sql`v.id`),
          eq(productVariants.productId, sql`v."productId"`),
          eq(productVariants.isArchived, false),
          isChanged,
        ),
      );
  }
}

/**
 * One product's presentaciones, as the editor saves them. A row that leaves the stock as it
 * was keeps the current one, which orders may have lowered since the preview. The kept rows
 * first take placeholder names and no SKU, even a single one (the editor's save does so from
 * two on), so that a new row may take the name or SKU a kept row gives up.
 */
async function rewriteVariants(tx: Transaction, productId: number, plan: VariantsPlan) {
  const stored = await lockVariants(tx, productId);
  const keptIds = plan.rows.flatMap((row) => (row.id === null ? [] : [row.id]));
  if (keptIds.length > 0) {
    await tx
      .update(productVariants)
      .set({ name: sql`chr(1) || ${productVariants.id}::text`, sku: null })
      .where(and(eq(productVariants.productId, productId), inArray(productVariants.id, keptIds)));
  }
  const stockNow = new Map(stored.map((row) => [row.id, row.stock]));
  const rows: VariantInput[] = plan.rows.map((row, index) => {
    const current = row.id === null ? undefined : stockNow.get(row.id);
    if (row.id !== null && current === undefined) {
      throw new Error(`Import: presentación ${row.id} of product ${productId} is no longer live.`);
    }
    const stock = row.isStockChanged || current === undefined ? row.stock : current;
    return { key: String(index), id: row.id, ...storedVariantValues(row), stock, stockShown: null };
  });
  await writeVariants(tx, productId, stored, rows);
}

/** The presentaciones of the updated products, whose rows the caller has locked. */
export async function writeUpdatedVariants(
  tx: Transaction,
  updates: { productId: number; plan: VariantsPlan }[],
): Promise<void> {
  const valuesOnly = updates
    .filter(({ plan }) => !plan.isRewritten)
    .flatMap(({ productId, plan }) =>
      plan.rows.filter((row) => row.changes.length > 0).map((row) => ({ ...row, productId })),
    );
  await writeChangedValues(tx, valuesOnly);
  const rewritten = updates.filter(({ plan }) => plan.isRewritten).sort((a, b) => a.productId - b.productId);
  for (const { productId, plan } of rewritten) await rewriteVariants(tx, productId, plan);
}
