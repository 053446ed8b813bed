import { and, asc, eq } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import {
  productCategories,
  productFamilies,
  productSubcategories,
  serviceCategories,
  serviceFamilies,
  serviceSubcategories,
} from "~/db/schema";

import type { TaxonomyLevel, TaxonomyPath } from "./catalog";

/** The three levels of one tree; products and services have the same shape. */
export type TaxonomyTree = {
  families: typeof productFamilies | typeof serviceFamilies;
  categories: typeof productCategories | typeof serviceCategories;
  subcategories: typeof productSubcategories | typeof serviceSubcategories;
};

export const productTree: TaxonomyTree = {
  families: productFamilies,
  categories: productCategories,
  subcategories: productSubcategories,
};

export const serviceTree: TaxonomyTree = {
  families: serviceFamilies,
  categories: serviceCategories,
  subcategories: serviceSubcategories,
};

function levelColumns(table: TaxonomyTree[keyof TaxonomyTree]) {
  return { id: table.id, name: table.name, slug: table.slug, icon: table.icon };
}

/**
 * The levels named by a URL's slugs, or null when any slug is unknown (a 404). Slugs
 * are unique per level, so a category is looked up within its family.
 */
export async function resolveTaxonomyPath(
  tree: TaxonomyTree,
  slugs: { familySlug?: string; categorySlug?: string; subcategorySlug?: string },
): Promise<TaxonomyPath | null> {
  const db = getDb();
  const path: TaxonomyPath = {};
  if (!slugs.familySlug) return path;
  const [family] = await db
    .select(levelColumns(tree.families))
    .from(tree.families)
    .where(eq(tree.families.slug, slugs.familySlug.toLowerCase()));
  if (!family) return null;
  path.family = family;
  if (!slugs.categorySlug) return path;
  const [category] = await db
    .select(levelColumns(tree.categories))
    .from(tree.categories)
    .where(and(eq(tree.categories.familyId, family.id), eq(tree.categories.slug, slugs.categorySlug.toLowerCase())));
  if (!category) return null;
  path.category = category;
  if (!slugs.subcategorySlug) return path;
  const [subcategory] = await db
    .select(levelColumns(tree.subcategories))
    .from(tree.subcategories)
    .where(
      and(
        eq(tree.subcategories.categoryId, category.id),
        eq(tree.subcategories.slug, slugs.subcategorySlug.toLowerCase()),
      ),
    );
  if (!subcategory) return null;
  path.subcategory = subcategory;
  return path;
}

/** The next level down: families, a family's categories, or a category's subcategories. */
export async function listChildLevels(tree: TaxonomyTree, path: TaxonomyPath): Promise<TaxonomyLevel[]> {
  const db = getDb();
  if (path.subcategory) return [];
  if (path.category) {
    return db
      .select(levelColumns(tree.subcategories))
      .from(tree.subcategories)
      .where(eq(tree.subcategories.categoryId, path.category.id))
      .orderBy(asc(tree.subcategories.sortOrder), asc(tree.subcategories.name));
  }
  if (path.family) {
    return db
      .select(levelColumns(tree.categories))
      .from(tree.categories)
      .where(eq(tree.categories.familyId, path.family.id))
      .orderBy(asc(tree.categories.sortOrder), asc(tree.categories.name));
  }
  return db
    .select(levelColumns(tree.families))
    .from(tree.families)
    .orderBy(asc(tree.families.sortOrder), asc(tree.families.name));
}

/**
 * For the old link form /productos/categoria/{category}: the family and category of a
 * category given by id or by a slug that only one family uses.
 */
export async function findProductCategoryPath(idOrSlug: string): Promise<TaxonomyPath | null> {
  const db = getDb();
  const byId = /^\d+$/.test(idOrSlug);
  const rows = await db
    .select({ category: levelColumns(productCategories), family: levelColumns(productFamilies) })
    .from(productCategories)
    .innerJoin(productFamilies, eq(productFamilies.id, productCategories.familyId))
    .where(byId ? eq(productCategories.id, Number(idOrSlug)) : eq(productCategories.slug, idOrSlug.toLowerCase()))
    .limit(2);
  return rows.length === 1 ? { family: rows[0]!.family, category: rows[0]!.category } : null;
}
