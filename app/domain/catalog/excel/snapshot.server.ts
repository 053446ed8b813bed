// What the import plans against and the export writes: the taxonomy, the brands and the
// kind's stored items (stored-items.server.ts), with the fields of the sheet.
import { type Database, getDb } from "~/db/client.server";
import { brands } from "~/db/schema";

import { catalogKindBehaviour } from "../kind-behaviour.server";
import { type CatalogKind, catalogKinds } from "../kinds";
import type { ItemPage } from "./stored-items.server";
import type { CatalogSnapshot, ExistingItem } from "./types";

/** The taxonomy and the brands: a few hundred rows at most. */
export async function loadTaxonomy(kind: CatalogKind, db: Database): Promise<Omit<CatalogSnapshot, "items">> {
  const tree = catalogKindBehaviour[kind].taxonomy;
  const [families, categories, subcategories, brandRows] = await Promise.all([
    db.select({ id: tree.families.id, name: tree.families.name }).from(tree.families),
    db
      .select({ id: tree.categories.id, name: tree.categories.name, parentId: tree.categories.familyId })
      .from(tree.categories),
    db
      .select({
        id: tree.subcategories.id,
        name: tree.subcategories.name,
        parentId: tree.subcategories.categoryId,
      })
      .from(tree.subcategories),
    catalogKinds[kind].has.brand ? db.select({ id: brands.id, name: brands.name, slug: brands.slug }).from(brands) : [],
  ]);
  return {
    families: families.map((family) => ({ ...family, parentId: null })),
    categories,
    subcategories,
    brands: brandRows,
  };
}

/** Live products (or services) with their fields, in id order: all, or one page of them. */
export function selectItems(kind: CatalogKind, db: Database, page?: ItemPage): Promise<ExistingItem[]> {
  return catalogKindBehaviour[kind].excel.stored.select(db, page);
}

/**
 * The taxonomy, the brands and every live product (with its presentaciones, whether orders
 * name them, and the shop's SKUs) or every service with its fields, in id order. A
 * 10,000-product catalogue is a few megabytes: one read serves the import's matching, which
 * then needs no query per row.
 */
export async function loadCatalogSnapshot(kind: CatalogKind, db: Database = getDb()): Promise<CatalogSnapshot> {
  const [taxonomy, stored] = await Promise.all([
    loadTaxonomy(kind, db),
    catalogKindBehaviour[kind].excel.stored.selectForImport(db),
  ]);
  return { ...taxonomy, ...stored };
}
