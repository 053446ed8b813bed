// Writing an import plan's creates and updates in batches, one writer per kind (its entry in
// kind-behaviour.server.ts): a product with its presentaciones (commit-variants.server.ts),
// a service as one row.
import { asc, eq, inArray, sql } from "drizzle-orm";

import { products, services } from "~/db/schema";
import { normalizeForSearch } from "~/lib/text";

import { toBrandKey } from "./checks/brand";
import { batchUpdate, inBatches, type Transaction } from "./commit-sql.server";
import { writeNewVariants, writeUpdatedVariants } from "./commit-variants.server";
import type { CatalogValues, ImportPlan } from "./types";

// The SQL type of each written field, for the VALUES list of a batched UPDATE. A product's
// own fields; its price, offer and stock are its presentaciones' (product_variants).
const productFieldTypes = {
  title: "text",
  description: "text",
  familyId: "integer",
  categoryId: "integer",
  subcategoryId: "integer",
  brandId: "integer",
  image: "text",
  imageAlt: "text",
  igvTreatment: "text",
  searchText: "text",
} as const;

const serviceFieldTypes = {
  title: "text",
  description: "text",
  familyId: "integer",
  categoryId: "integer",
  subcategoryId: "integer",
  priceCents: "integer",
  showPrice: "boolean",
  isOfferActive: "boolean",
  offerPriceCents: "integer",
  image: "text",
  imageAlt: "text",
  searchText: "text",
} as const;

/**
 * Locks the products an import updates, in id order: a transaction that writes presentaciones
 * locks their products first, as orders do, so that neither waits for the other in a circle.
 */
async function lockProducts(tx: Transaction, ids: number[]): Promise<void> {
  for (const batch of inBatches([...ids].sort((a, b) => a - b))) {
    await tx
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, batch))
      .orderBy(asc(products.id))
      .for("update");
  }
}

/**
 * New products: each insert gives the product its first presentación (a trigger), which the
 * rows of a product with sizes then replace. Titles are unique among a plan's new products.
 */
async function createProducts(tx: Transaction, plan: ImportPlan, brandIds: Map<string, number>): Promise<void> {
  const created: Parameters<typeof writeNewVariants>[1] = [];
  for (const batch of inBatches(plan.creates)) {
    const rows = await tx
      .insert(products)
      .values(batch.map((create) => productColumns(create.values, brandIds)))
      .returning({ id: products.id, title: products.title });
    const ids = new Map(rows.map((row) => [row.title, row.id]));
    for (const create of batch) {
      created.push({ productId: ids.get(create.values.title)!, rows: create.variants ?? [] });
    }
  }
  await writeNewVariants(tx, created);
}

/** New products, then the updated ones: locked by id, their own fields, then their presentaciones. */
export async function writeProducts(tx: Transaction, plan: ImportPlan, brandIds: Map<string, number>): Promise<void> {
  await createProducts(tx, plan, brandIds);
  await lockProducts(
    tx,
    plan.updates.map((update) => update.id),
  );
  for (const batch of inBatches(plan.updates)) {
    const { set, from } = batchUpdate(
      productFieldTypes,
      batch.map((update) => {
        const {
          priceCents: _p,
          stock: _s,
          isOfferActive: _o,
          offerPriceCents: _op,
          ...own
        } = productColumns(update.values, brandIds);
        return { id: update.id, ...own };
      }),
    );
    await tx
      .update(products)
      .set(set)
      .from(from)
      .where(eq(products.id, sql`v.id`));
  }
  await writeUpdatedVariants(
    tx,
    plan.updates.flatMap((update) => (update.variants ? [{ productId: update.id, plan: update.variants }] : [])),
  );
}

export async function writeServices(tx: Transaction, plan: ImportPlan): Promise<void> {
  for (const batch of inBatches(plan.creates)) {
    await tx.insert(services).values(batch.map((create) => serviceColumns(create.values)));
  }
  for (const batch of inBatches(plan.updates)) {
    const { set, from } = batchUpdate(
      serviceFieldTypes,
      batch.map((update) => ({ id: update.id, ...serviceColumns(update.values) })),
    );
    await tx
      .update(services)
      .set(set)
      .from(from)
      .where(eq(services.id, sql`v.id`));
  }
}

function requireId(id: number | null, level: string): number {
  if (id === null) throw new Error(`An import row reached the database without its ${level}.`);
  return id;
}

function productColumns(values: CatalogValues, newBrandIds: Map<string, number>) {
  const newBrandId = values.brandName ? (newBrandIds.get(toBrandKey(values.brandName)) ?? null) : null;
  const brandId = values.brandId ?? (values.brandName ? requireId(newBrandId, "brand") : null);
  return {
    title: values.title,
    description: values.description,
    familyId: requireId(values.familyId, "family"),
    categoryId: requireId(values.categoryId, "category"),
    subcategoryId: values.subcategoryId,
    brandId,
    priceCents: values.priceCents,
    stock: values.stock,
    isOfferActive: values.isOfferActive,
    offerPriceCents: values.isOfferActive ? values.offerPriceCents : null,
    image: values.image,
    imageAlt: values.imageAlt,
    igvTreatment: values.igvTreatment,
    searchText: normalizeForSearch(`${values.title} ${values.brandName ?? ""}`),
  };
}

function serviceColumns(values: CatalogValues) {
  return {
    title: values.title,
    description: values.description,
    familyId: values.familyId,
    categoryId: values.categoryId,
    subcategoryId: values.subcategoryId,
    priceCents: values.priceCents,
    showPrice: values.showPrice,
    isOfferActive: values.isOfferActive,
    offerPriceCents: values.isOfferActive ? values.offerPriceCents : null,
    image: values.image,
    imageAlt: values.imageAlt,
    searchText: normalizeForSearch(values.title),
  };
}
