import { asc, count, eq, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";

import type { Database } from "~/db/client.server";
import { recordAudit } from "~/domain/audit/audit.server";
import type { FieldErrors } from "~/lib/form-data";

import { ADMIN_PAGE_SIZE, countPages, type TaxonomyOptions } from "./catalog-admin";
import { type CatalogKind, catalogKinds } from "./kinds";
import type { TaxonomyTree } from "./taxonomy.server";

type Reader = Pick<Database, "select">;

/** Every family, category and subcategory of a tree: small lists the editor filters itself. */
export async function listTaxonomyOptions(db: Reader, tree: TaxonomyTree): Promise<TaxonomyOptions> {
  const [families, categories, subcategories] = await Promise.all([
    db
      .select({ id: tree.families.id, name: tree.families.name })
      .from(tree.families)
      .orderBy(asc(tree.families.sortOrder), asc(tree.families.name)),
    db
      .select({ id: tree.categories.id, name: tree.categories.name, parentId: tree.categories.familyId })
      .from(tree.categories)
      .orderBy(asc(tree.categories.sortOrder), asc(tree.categories.name)),
    db
      .select({
        id: tree.subcategories.id,
        name: tree.subcategories.name,
        parentId: tree.subcategories.categoryId,
      })
      .from(tree.subcategories)
      .orderBy(asc(tree.subcategories.sortOrder), asc(tree.subcategories.name)),
  ]);
  return { families, categories, subcategories };
}

/**
 * The editor filters its selects in the browser, but a crafted post could still pair a
 * category with another family: each chosen level must exist under the level above.
 */
export async function checkTaxonomyChoice(
  db: Reader,
  tree: TaxonomyTree,
  choice: { familyId: number | null; categoryId: number | null; subcategoryId: number | null },
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  if (choice.familyId !== null) {
    const [family] = await db
      .select({ id: tree.families.id })
      .from(tree.families)
      .where(eq(tree.families.id, choice.familyId));
    if (!family) errors.familyId = "La familia elegida ya no existe.";
  }
  if (choice.categoryId !== null) {
    const [category] = await db
      .select({ familyId: tree.categories.familyId })
      .from(tree.categories)
      .where(eq(tree.categories.id, choice.categoryId));
    if (!category) errors.categoryId = "La categoría elegida ya no existe.";
    else if (category.familyId !== choice.familyId) {
      errors.categoryId = "La categoría elegida no pertenece a la familia seleccionada.";
    }
  }
  if (choice.subcategoryId !== null) {
    const [subcategory] = await db
      .select({ categoryId: tree.subcategories.categoryId })
      .from(tree.subcategories)
      .where(eq(tree.subcategories.id, choice.subcategoryId));
    if (!subcategory) errors.subcategoryId = "La subcategoría elegida ya no existe.";
    else if (subcategory.categoryId !== choice.categoryId) {
      errors.subcategoryId = "La subcategoría elegida no pertenece a la categoría seleccionada.";
    }
  }
  return errors;
}

/**
 * The page of a back-office list: the count of the matching rows (without joins), the page
 * count, the page asked for within it, and the offset of its first row.
 */
export async function countListPage(db: Reader, table: PgTable, where: SQL | undefined, requestedPage: number) {
  const [totals] = await db.select({ total: count() }).from(table).where(where);
  const total = totals?.total ?? 0;
  const pageCount = countPages(total);
  const page = Math.min(requestedPage, pageCount);
  return { total, pageCount, page, offset: (page - 1) * ADMIN_PAGE_SIZE };
}

/** The audit line of an editor's save: created or updated, with the figures that matter. */
export function auditCatalogSave(
  tx: Parameters<typeof recordAudit>[1],
  input: { userId: string; kind: CatalogKind; isNew: boolean; id: number; summary: Record<string, unknown> },
) {
  return recordAudit(
    {
      userId: input.userId,
      action: input.isNew ? "create" : "update",
      entity: catalogKinds[input.kind].auditEntity,
      entityId: input.id,
      summary: input.summary,
    },
    tx,
  );
}
