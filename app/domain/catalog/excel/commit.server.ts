// Writing an import plan: its brands, creates and updates in batches, and one audit entry,
// all in one transaction.
import { eq, max, type SQL, sql } from "drizzle-orm";

import { type Database, getDb } from "~/db/client.server";
import { brands, products, services } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit.server";
import { normalizeForSearch, toSlug } from "~/lib/text";

import { catalogKinds } from "../kinds";
import { toBrandKey } from "./checks/brand";
import type { ImportOutcome } from "./preview";
import type { CatalogValues, ImportPlan } from "./types";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

// Rows per statement: 500 rows of 14 fields stay far below PostgreSQL's 65,535 parameters.
const BATCH_SIZE = 500;

function inBatches<T>(items: T[]): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += BATCH_SIZE) batches.push(items.slice(start, start + BATCH_SIZE));
  return batches;
}

// The SQL type of each written field, for the VALUES list of a batched UPDATE.
const productFieldTypes = {
  title: "text",
  description: "text",
  familyId: "integer",
  categoryId: "integer",
  subcategoryId: "integer",
  brandId: "integer",
  priceCents: "integer",
  stock: "integer",
  isOfferActive: "boolean",
  offerPriceCents: "integer",
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
 * `(VALUES (id, …), …) AS v(id, …)` and the SET list reading from it: one UPDATE per batch
 * instead of one per row, so re-pricing a whole catalogue takes seconds, not minutes.
 */
function batchUpdate<Field extends string>(
  types: Record<Field, string>,
  rows: ({ id: number } & Record<NoInfer<Field>, unknown>)[],
): { set: Record<Field, SQL>; from: SQL } {
  const fields = Object.keys(types) as Field[];
  const tuples = rows.map(
    (row) =>
      sql`(${sql.join(
        [sql`${row.id}::integer`, ...fields.map((field) => sql`${row[field]}::${sql.raw(types[field])}`)],
        sql`, `,
      )})`,
  );
  const names = ["id", ...fields].map((name) => `"${name}"`).join(", ");
  const set = Object.fromEntries(fields.map((field) => [field, sql.raw(`v."${field}"`)])) as Record<Field, SQL>;
  return { set, from: sql`(values ${sql.join(tuples, sql`, `)}) as v(${sql.raw(names)})` };
}

async function writeProducts(tx: Transaction, plan: ImportPlan, brandIds: Map<string, number>): Promise<void> {
  const toColumns = (values: CatalogValues) => productColumns(values, brandIds);
  for (const batch of inBatches(plan.creates)) {
    await tx.insert(products).values(batch.map((create) => toColumns(create.values)));
  }
  for (const batch of inBatches(plan.updates)) {
    const { set, from } = batchUpdate(
      { ...productFieldTypes, isStockChanged: "boolean" },
      batch.map((update) => ({ id: update.id, ...toColumns(update.values), isStockChanged: update.isStockChanged })),
    );
    // The stock is written only where the sheet changes it: a row that changes the price
    // keeps the units that orders took since the preview (or since the file was exported).
    const { isStockChanged: _, ...columns } = set;
    await tx
      .update(products)
      .set({ ...columns, stock: sql`case when v."isStockChanged" then v."stock" else ${products.stock} end` })
      .from(from)
      .where(eq(products.id, sql`v.id`));
  }
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
