import { and, asc, count, eq, inArray, max, ne, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

import { type Database, getDb } from "~/db/client.server";
import {
  brands,
  productCategories,
  productFamilies,
  products,
  productSubcategories,
  serviceCategories,
  serviceFamilies,
  services,
  serviceSubcategories,
} from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit.server";
import { normalizeForSearch } from "~/lib/text";

import {
  describeDeleteRefusal,
  ITEM_NOT_FOUND_MESSAGE,
  parentRequiredMessage,
  pickFreeSlug,
  type TaxonomyItemInput,
  type TaxonomyLevelConfig,
  type TaxonomyLevelKey,
  taxonomyLevels,
  toTaxonomySlug,
  UNKNOWN_PARENT_NAME,
  type UsageKind,
} from "./taxonomy-admin";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Reader = Pick<Database, "select">;

/**
 * The seven tables share id, name, slug, icon and sortOrder; this is the shape the
 * generic queries use (the parent column, when there is one, is handled apart).
 */
type CommonTable = typeof brands;

type Usage = { kind: UsageKind; column: PgColumn };

type LevelStorage = {
  table: CommonTable;
  /** The column pointing at the parent level, and its property name for inserts. */
  parent?: { column: PgColumn; field: "familyId" | "categoryId" };
  /** What refuses a delete: child items and products or services pointing here. */
  usages: Usage[];
};

// The whitelist: a posted level becomes a table only through this map.
const storage: Record<TaxonomyLevelKey, LevelStorage> = {
  "product-families": {
    table: productFamilies as unknown as CommonTable,
    usages: [
      { kind: "categories", column: productCategories.familyId },
      { kind: "products", column: products.familyId },
    ],
  },
  "product-categories": {
    table: productCategories as unknown as CommonTable,
    parent: { column: productCategories.familyId, field: "familyId" },
    usages: [
      { kind: "subcategories", column: productSubcategories.categoryId },
      { kind: "products", column: products.categoryId },
    ],
  },
  "product-subcategories": {
    table: productSubcategories as unknown as CommonTable,
    parent: { column: productSubcategories.categoryId, field: "categoryId" },
    usages: [{ kind: "products", column: products.subcategoryId }],
  },
  brands: { table: brands, usages: [{ kind: "products", column: products.brandId }] },
  "service-families": {
    table: serviceFamilies as unknown as CommonTable,
    usages: [
      { kind: "categories", column: serviceCategories.familyId },
      { kind: "services", column: services.familyId },
    ],
  },
  "service-categories": {
    table: serviceCategories as unknown as CommonTable,
    parent: { column: serviceCategories.familyId, field: "familyId" },
    usages: [
      { kind: "subcategories", column: serviceSubcategories.categoryId },
      { kind: "services", column: services.categoryId },
    ],
  },
  "service-subcategories": {
    table: serviceSubcategories as unknown as CommonTable,
    parent: { column: serviceSubcategories.categoryId, field: "categoryId" },
    usages: [{ kind: "services", column: services.subcategoryId }],
  },
};

export type TaxonomyAdminItem = {
  id: number;
  name: string;
  slug: string;
  icon: string | null;
  parentId: number | null;
  /** 'Perros' for a category, 'Perros › Alimentos' for a subcategory, 'Padre Desconocido' if gone. */
  parentName: string | null;
};

export type TaxonomyBlockData = {
  key: TaxonomyLevelKey;
  items: TaxonomyAdminItem[];
  /** The parent select's options (empty for a top level). */
  parentOptions: { id: number; name: string }[];
};

async function readLevelRows(db: Reader, key: TaxonomyLevelKey) {
  const { table, parent } = storage[key];
  return db
    .select({
      id: table.id,
      name: table.name,
      slug: table.slug,
      icon: table.icon,
      parentId: parent ? sql<number>`${parent.column}` : sql<null>`null`,
    })
    .from(table)
    .orderBy(asc(table.sortOrder), asc(table.name), asc(table.id));
}

/** Every level's items, each with its parent's name, for the taxonomy screen. */
export async function listTaxonomyBlocks(): Promise<TaxonomyBlockData[]> {
  const db = getDb();
  const rows = Object.fromEntries(
    await Promise.all(taxonomyLevels.map(async (level) => [level.key, await readLevelRows(db, level.key)] as const)),
  ) as Record<TaxonomyLevelKey, Awaited<ReturnType<typeof readLevelRows>>>;

  // A subcategory's parent reads 'Perros › Alimentos': both families have an 'Alimentos'.
  const displayNames = new Map<TaxonomyLevelKey, Map<number, string>>();
  for (const level of taxonomyLevels) {
    const parentNames = level.parent ? displayNames.get(level.parent.key) : undefined;
    displayNames.set(
      level.key,
      new Map(
        rows[level.key].map((row) => {
          const parentName = row.parentId === null ? undefined : parentNames?.get(row.parentId);
          return [row.id, parentName ? `${parentName} › ${row.name}` : row.name];
        }),
      ),
    );
  }

  return taxonomyLevels.map((level) => {
    const parentNames = level.parent ? displayNames.get(level.parent.key)! : undefined;
    const items = rows[level.key].map((row) => ({
      ...row,
      parentName: parentNames ? (parentNames.get(row.parentId as number) ?? UNKNOWN_PARENT_NAME) : null,
    }));
    // Grouped under their parents (a stable sort keeps the storefront's order within each).
    if (parentNames) items.sort((a, b) => (a.parentName ?? "").localeCompare(b.parentName ?? "", "es"));
    return {
      key: level.key,
      items,
      parentOptions: parentNames
        ? [...parentNames].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name, "es"))
        : [],
    };
  });
}

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

async function parentExists(tx: Transaction, level: TaxonomyLevelConfig, parentId: number): Promise<boolean> {
  const parentTable = storage[level.parent!.key].table;
  const [row] = await tx.select({ id: parentTable.id }).from(parentTable).where(eq(parentTable.id, parentId));
  return row !== undefined;
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

/** Adds an item at the end of its level, with a slug free among its siblings. */
export async function addTaxonomyItem(
  adminId: string,
  level: TaxonomyLevelConfig,
  input: TaxonomyItemInput,
): Promise<TaxonomyChangeResult> {
  const { table, parent } = storage[level.key];
  return withSlugRetry(() =>
    getDb().transaction(async (tx): Promise<TaxonomyChangeResult> => {
      if (level.parent && !(await parentExists(tx, level, input.parentId!))) {
        return { ok: false, field: "parentId", message: parentRequiredMessage(level.parent.label) };
      }
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
      await recordAudit(
        {
          userId: adminId,
          action: "create",
          entity: `taxonomy:${level.key}`,
          entityId: row!.id,
          summary: { name: input.name, slug, parentId: input.parentId ?? null },
        },
        tx,
      );
      return { ok: true, id: row!.id, name: input.name };
    }),
  );
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
  const { table, parent } = storage[level.key];
  return withSlugRetry(() =>
    getDb().transaction(async (tx): Promise<TaxonomyChangeResult> => {
      const [current] = await tx
        .select({
          name: table.name,
          slug: table.slug,
          icon: table.icon,
          parentId: parent ? sql<number>`${parent.column}` : sql<null>`null`,
        })
        .from(table)
        .where(eq(table.id, id));
      if (!current) return { ok: false, field: "form", message: ITEM_NOT_FOUND_MESSAGE };
      if (level.parent && !(await parentExists(tx, level, input.parentId!))) {
        return { ok: false, field: "parentId", message: parentRequiredMessage(level.parent.label) };
      }
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
      if (isMoved) await moveCatalogueItems(tx, level.key, id, input.parentId!);
      const reindexed =
        level.key === "brands" && current.name !== input.name ? await reindexBrandProducts(tx, id, input.name) : 0;
      await recordAudit(
        {
          userId: adminId,
          action: "update",
          entity: `taxonomy:${level.key}`,
          entityId: id,
          summary: {
            name: input.name,
            ...(current.name !== input.name ? { previousName: current.name } : {}),
            ...(isMoved ? { parentId: input.parentId, previousParentId: current.parentId } : {}),
            ...(reindexed > 0 ? { productsReindexed: reindexed } : {}),
          },
        },
        tx,
      );
      return { ok: true, id, name: input.name };
    }),
  );
}

/**
 * Products and services store their family and category beside their subcategory, so a
 * category moved to another family (or a subcategory to another category) takes its
 * items along, and the catalogue never shows an item under a family it left.
 */
async function moveCatalogueItems(tx: Transaction, key: TaxonomyLevelKey, id: number, parentId: number) {
  switch (key) {
    case "product-categories":
      await tx.update(products).set({ familyId: parentId }).where(eq(products.categoryId, id));
      return;
    case "service-categories":
      await tx.update(services).set({ familyId: parentId }).where(eq(services.categoryId, id));
      return;
    case "product-subcategories": {
      const [category] = await tx
        .select({ familyId: productCategories.familyId })
        .from(productCategories)
        .where(eq(productCategories.id, parentId));
      await tx
        .update(products)
        .set({ categoryId: parentId, familyId: category!.familyId })
        .where(eq(products.subcategoryId, id));
      return;
    }
    case "service-subcategories": {
      const [category] = await tx
        .select({ familyId: serviceCategories.familyId })
        .from(serviceCategories)
        .where(eq(serviceCategories.id, parentId));
      await tx
        .update(services)
        .set({ categoryId: parentId, familyId: category!.familyId })
        .where(eq(services.subcategoryId, id));
      return;
    }
    default:
      return;
  }
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
    return await getDb().transaction(async (tx): Promise<TaxonomyChangeResult> => {
      const [current] = await tx.select({ name: table.name }).from(table).where(eq(table.id, id));
      if (!current) return { ok: false, field: "form", message: ITEM_NOT_FOUND_MESSAGE };
      const refusal = describeDeleteRefusal(level.noun, await countUsages(tx, level.key, id));
      if (refusal) return { ok: false, field: "form", message: refusal };
      await tx.delete(table).where(eq(table.id, id));
      await recordAudit(
        {
          userId: adminId,
          action: "delete",
          entity: `taxonomy:${level.key}`,
          entityId: id,
          summary: { name: current.name },
        },
        tx,
      );
      return { ok: true, id, name: current.name };
    });
  } catch (error) {
    // A product saved between the count and the delete: the foreign key refused it.
    if (!isViolation(error, "23503")) throw error;
    const refusal = describeDeleteRefusal(level.noun, await countUsages(getDb(), level.key, id));
    return { ok: false, field: "form", message: refusal ?? "No se puede eliminar: otros elementos lo usan." };
  }
}
