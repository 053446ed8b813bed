// What the import plans against and the export writes: the taxonomy, the brands and the
// live products (or the services) with the fields of the sheet.
import { and, asc, eq, gt } from "drizzle-orm";

import { type Database, getDb } from "~/db/client.server";
import { brands, products, services } from "~/db/schema";

import { productColumns, serviceColumns } from "../catalog-columns.server";
import { type CatalogKind, catalogKinds } from "../kinds";
import { productTree, serviceTree } from "../taxonomy.server";
import type { CatalogSnapshot, ExistingItem } from "./types";

const taxonomyTables = { products: productTree, services: serviceTree };

/** A page of items: those after `afterId`, `limit` of them. */
type Page = { afterId: number; limit: number };

/** The taxonomy and the brands: a few hundred rows at most. */
export async function loadTaxonomy(kind: CatalogKind, db: Database): Promise<Omit<CatalogSnapshot, "items">> {
  const tree = taxonomyTables[kind];
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

async function selectProducts(db: Database, page?: Page): Promise<ExistingItem[]> {
  const query = db
    .select({ ...productColumns(), brandName: brands.name })
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(and(eq(products.isArchived, false), page ? gt(products.id, page.afterId) : undefined))
    .orderBy(asc(products.id));
  const rows = page ? await query.limit(page.limit) : await query;
  return rows.map((row) => ({ ...row, showPrice: true }));
}

async function selectServices(db: Database, page?: Page): Promise<ExistingItem[]> {
  const query = db
    .select(serviceColumns())
    .from(services)
    .where(page ? gt(services.id, page.afterId) : undefined)
    .orderBy(asc(services.id));
  const rows = page ? await query.limit(page.limit) : await query;
  return rows.map((row) => ({ ...row, brandId: null, brandName: null, stock: 0 }));
}

/** Live products (or services) with their fields, in id order: all, or one page of them. */
export function selectItems(kind: CatalogKind, db: Database, page?: Page): Promise<ExistingItem[]> {
  return kind === "products" ? selectProducts(db, page) : selectServices(db, page);
}

/**
 * The taxonomy, the brands and every live product (or every service) with its fields, in
 * id order. A 10,000-product catalogue is a few megabytes: one read serves the import's
 * matching, which then needs no query per row.
 */
export async function loadCatalogSnapshot(kind: CatalogKind, db: Database = getDb()): Promise<CatalogSnapshot> {
  const [taxonomy, items] = await Promise.all([loadTaxonomy(kind, db), selectItems(kind, db)]);
  return { ...taxonomy, items };
}
