// Writing an import plan: its brands, creates and updates in batches (a product's
// presentaciones with it, commit-presentaciones.server.ts), and one audit entry, all in one
// transaction.
import { asc, eq, inArray, max, sql } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { brands, products, services } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit.server";
import { normalizeForSearch, toSlug } from "~/lib/text";

import { catalogKinds } from "../kinds";
import { toBrandKey } from "./checks/brand";
import { writeNewPresentaciones, writeUpdatedPresentaciones } from "./commit-presentaciones.server";
import { batchUpdate, inBatches, type Transaction } from "./commit-sql.server";
import type { ImportOutcome } from "./preview";
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
  const created: Parameters<typeof writeNewPresentaciones>[1] = [];
  for (const batch of inBatches(plan.creates)) {
    const rows = await tx
      .insert(products)
      .values(batch.map((create) => productColumns(create.values, brandIds)))
      .returning({ id: products.id, title: products.title });
    const ids = new Map(rows.map((row) => [row.title, row.id]));
    for (const create of batch) {
      created.push({ productId: ids.get(create.values.title)!, rows: create.presentaciones ?? [] });
    }
  }
  await writeNewPresentaciones(tx, created);
}

/** Updated products: locked by id, their own fields, then their presentaciones. */
async function writeProducts(tx: Transaction, plan: ImportPlan, brandIds: Map<string, number>): Promise<void> {
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
  await writeUpdatedPresentaciones(
    tx,
    plan.updates.flatMap((update) =>
      update.presentaciones ? [{ productId: update.id, plan: update.presentaciones }] : [],
    ),
  );
}

async function writeServices(tx: Transaction, plan: ImportPlan): Promise<void> {
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

/**
 * Writes a plan's valid rows, the brands it needs and one audit entry in a single
 * transaction: either the whole import is in the catalogue or none of it is.
 */
export async function commitImportPlan(
  plan: ImportPlan,
  meta: { userId: string; fileName: string },
): Promise<ImportOutcome> {
  return getDb().transaction(async (tx) => {
    const brandIds = await createBrands(tx, plan.newBrands);
    if (plan.kind === "products") await writeProducts(tx, plan, brandIds);
    else await writeServices(tx, plan);
    const outcome: ImportOutcome = {
      created: plan.creates.length,
      updated: plan.updates.length,
      unchanged: plan.unchanged.length,
      skipped: plan.errors.length,
      brandsCreated: brandIds.size,
    };
    await recordAudit(
      {
        userId: meta.userId,
        action: "import",
        entity: catalogKinds[plan.kind].auditEntity,
        summary: { file: meta.fileName, ...outcome, newBrands: plan.newBrands },
      },
      tx,
    );
    return outcome;
  });
}

/** Creates the brands, after the existing ones; their ids by brand key. */
async function createBrands(tx: Transaction, names: string[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  if (names.length === 0) return ids;
  const [last] = await tx.select({ sortOrder: max(brands.sortOrder) }).from(brands);
  const rows = await tx
    .insert(brands)
    .values(
      names.map((name, index) => ({
        name,
        slug: toSlug(name),
        sortOrder: (last?.sortOrder ?? -1) + 1 + index,
      })),
    )
    .returning({ id: brands.id, name: brands.name });
  for (const row of rows) ids.set(toBrandKey(row.name), row.id);
  return ids;
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
