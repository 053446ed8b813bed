import { and, count, eq, inArray, max, ne, type SQL, sql } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { products } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit.server";
import type { LabelledAuditSummary } from "~/domain/audit/audit-log";
import { invalidatePages } from "~/lib/page-cache/shop-page-cache.server";
import { normalizeForSearch } from "~/lib/text";

import { catalogKindBehaviour } from "./kind-behaviour.server";
import {
  describeDeleteRefusal,
  ITEM_NOT_FOUND_MESSAGE,
  parentRequiredMessage,
  pickFreeSlug,
  type TaxonomyItemInput,
  type TaxonomyLevelConfig,
  type TaxonomyLevelKey,
  toTaxonomySlug,
} from "./taxonomy-admin";
import { type CommonTable, parentIdColumn, type Reader, storage, type Transaction } from "./taxonomy-storage.server";

// The writes of /admin/taxonomia: add, change and delete an item of any level, audited.
// The reads are in taxonomy-list.server.ts, exported from here too; the tables behind
// each level in taxonomy-storage.server.ts.

export { listTaxonomyBlocks } from "./taxonomy-list.server";

export type TaxonomyChangeResult =
  { ok: true; id: number; name: string } | { ok: false; field: "name" | "parentId" | "form"; message: string };

function isViolation(error: unknown, code: "23505" | "23503"): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === code) return true;
  }
  return false;
}

/** Slugs are unique per level among siblings (same parent), as the storefront's URLs need. */
async function chooseSlug(
  tx: Transaction,
  key: TaxonomyLevelKey,
  base: string,
  parentId: number | undefined,
  exceptId?: number,
): Promise<string> {
  const { table, parent } = storage[key];
  const conditions: SQL[] = [];
  if (parent && parentId !== undefined) conditions.push(eq(parent.column, parentId));
  if (exceptId !== undefined) conditions.push(ne(table.id, exceptId));
  const rows = await tx
    .select({ slug: table.slug })
    .from(table)
    .where(conditions.length > 0 ? and(...conditions) : undefined);
  return pickFreeSlug(base, new Set(rows.map((row) => row.slug)));
}

/** The refusal when the level has a parent and the posted one no longer exists, else null. */
async function refuseMissingParent(
  tx: Transaction,
  level: TaxonomyLevelConfig,
  parentId: number | undefined,
): Promise<TaxonomyChangeResult | null> {
  if (!level.parent) return null;
  const parentTable = storage[level.parent.key].table;
  const [row] = await tx.select({ id: parentTable.id }).from(parentTable).where(eq(parentTable.id, parentId!));
  return row ? null : { ok: false, field: "parentId", message: parentRequiredMessage(level.parent.label) };
}

/** Retries once when a concurrent change took the same slug (the unique index refused ours). */
async function withSlugRetry<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isViolation(error, "23505")) throw error;
    return run();
  }
}

/** The audit entry of a change to an item of `level`, in the change's transaction. */
function auditChange<Summary extends object>(
  tx: Transaction,
  adminId: string,
  action: "create" | "update" | "delete",
  level: TaxonomyLevelConfig,
  entityId: number,
  summary: Summary & LabelledAuditSummary<Summary>,
) {
  return recordAudit<Summary>({ userId: adminId, action, entity: `taxonomy:${level.key}`, entityId, summary }, tx);
}

/**
 * After a committed change of `level`: every page of its catalogue shows the taxonomy (cards,
 * titles, breadcrumbs, the brands' filter), and a product listing may now hold other products
 * (a category moved takes its products along; a renamed brand's products match its new name).
 */
function invalidateCatalogPages<Result extends TaxonomyChangeResult>(
  level: TaxonomyLevelConfig,
  result: Result,
): Result {
  if (!result.ok) return result;
  invalidatePages(catalogKindBehaviour[level.group].taxonomyPageTags);
  return result;
}

/** Adds an item at the end of its level, with a slug free among its siblings. */
export async function addTaxonomyItem(
  adminId: string,
  level: TaxonomyLevelConfig,
  input: TaxonomyItemInput,
): Promise<TaxonomyChangeResult> {
  const { table, parent } = storage[level.key];
  const result = await withSlugRetry(() =>
    getDb().transaction(async (tx): Promise<TaxonomyChangeResult> => {
      const refusal = await refuseMissingParent(tx, level, input.parentId);
      if (refusal) return refusal;
      const slug = await chooseSlug(tx, level.key, toTaxonomySlug(input.name), input.parentId);
      const [last] = await tx.select({ sortOrder: max(table.sortOrder) }).from(table);
      const values = {
        name: input.name,
        slug,
        icon: input.icon || null,
        sortOrder: (last?.sortOrder ?? -1) + 1,
        ...(parent ? { [parent.field]: input.parentId } : {}),
      };
      const [row] = await tx.insert(table).values(values).returning({ id: table.id });
      await auditChange(tx, adminId, "create", level, row!.id, {
        name: input.name,
        slug,
        parentId: input.parentId ?? null,
      });
      return { ok: true, id: row!.id, name: input.name };
    }),
  );
  return invalidateCatalogPages(level, result);
}

/**
 * Renames, re-icons or re-parents an item. The slug stays as it is on a rename, so
 * shared catalogue links keep working; only a move under a parent where a sibling
 * already has that slug gets a fresh one. Products and services follow a moved
 * category or subcategory, and a renamed brand's products are found by the new name.
 */
export async function updateTaxonomyItem(
  adminId: string,
  level: TaxonomyLevelConfig,
  id: number,
  input: TaxonomyItemInput,
): Promise<TaxonomyChangeResult> {
  const levelStorage = storage[level.key];
  const { table, parent } = levelStorage;
  const result = await withSlugRetry(() =>
    getDb().transaction(async (tx): Promise<TaxonomyChangeResult> => {
      const [current] = await tx
        .select({ name: table.name, slug: table.slug, icon: table.icon, parentId: parentIdColumn(levelStorage) })
        .from(table)
        .where(eq(table.id, id));
      if (!current) return { ok: false, field: "form", message: ITEM_NOT_FOUND_MESSAGE };
      const refusal = await refuseMissingParent(tx, level, input.parentId);
      if (refusal) return refusal;
      const isMoved = parent !== undefined && current.parentId !== input.parentId;
      const slug = isMoved ? await chooseSlug(tx, level.key, current.slug, input.parentId, id) : current.slug;
      await tx
        .update(table)
        .set({
          name: input.name,
          icon: input.icon || null,
          slug,
          ...(parent ? { [parent.field]: input.parentId } : {}),
        })
        .where(eq(table.id, id));
      if (isMoved) await levelStorage.moveItems?.(tx, id, input.parentId!);
      const reindexed =
        level.key === "brands" && current.name !== input.name ? await reindexBrandProducts(tx, id, input.name) : 0;
      await auditChange(tx, adminId, "update", level, id, {
        name: input.name,
        ...(current.name !== input.name ? { previousName: current.name } : {}),
        ...(isMoved ? { parentId: input.parentId, previousParentId: current.parentId } : {}),
        ...(reindexed > 0 ? { productsReindexed: reindexed } : {}),
      });
      return { ok: true, id, name: input.name };
    }),
  );
  return invalidateCatalogPages(level, result);
}

const REINDEX_BATCH = 500;

/** A product's search text holds its brand's name: recomputed for every product of the brand. */
async function reindexBrandProducts(tx: Transaction, brandId: number, brandName: string): Promise<number> {
  const rows = await tx
    .select({ id: products.id, title: products.title })
    .from(products)
    .where(eq(products.brandId, brandId));
  for (let start = 0; start < rows.length; start += REINDEX_BATCH) {
    const batch = rows.slice(start, start + REINDEX_BATCH);
    const cases = sql.join(
      batch.map((row) => sql`when ${row.id} then ${normalizeForSearch(`${row.title} ${brandName}`)}`),
      sql` `,
    );
    await tx
      .update(products)
      .set({ searchText: sql`case ${products.id} ${cases} end` })
      .where(
        inArray(
          products.id,
          batch.map((row) => row.id),
        ),
      );
  }
  return rows.length;
}

/** How many child items, products or services use an item (what refuses its deletion). */
async function countUsages(db: Reader, key: TaxonomyLevelKey, id: number) {
  return Promise.all(
    storage[key].usages.map(async ({ kind, column }) => {
      const [row] = await db
        .select({ count: count() })
        .from((column as unknown as { table: CommonTable }).table)
        .where(eq(column, id));
      return { kind, count: row?.count ?? 0 };
    }),
  );
}

/** Deletes an item nothing uses; otherwise says how many items use it. */
export async function deleteTaxonomyItem(
  adminId: string,
  level: TaxonomyLevelConfig,
  id: number,
): Promise<TaxonomyChangeResult> {
  const { table } = storage[level.key];
  try {
    const result = await getDb().transaction(async (tx): Promise<TaxonomyChangeResult> => {
      const [current] = await tx.select({ name: table.name }).from(table).where(eq(table.id, id));
      if (!current) return { ok: false, field: "form", message: ITEM_NOT_FOUND_MESSAGE };
      const refusal = describeDeleteRefusal(level.noun, await countUsages(tx, level.key, id));
      if (refusal) return { ok: false, field: "form", message: refusal };
      await tx.delete(table).where(eq(table.id, id));
      await auditChange(tx, adminId, "delete", level, id, { name: current.name });
      return { ok: true, id, name: current.name };
    });
    return invalidateCatalogPages(level, result);
  } catch (error) {
    // A product saved between the count and the delete: the foreign key refused it.
    if (!isViolation(error, "23503")) throw error;
    const refusal = describeDeleteRefusal(level.noun, await countUsages(getDb(), level.key, id));
    return { ok: false, field: "form", message: refusal ?? "No se puede eliminar: otros elementos lo usan." };
  }
}
