import { eq, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

import type { Database } from "~/db/client.server";
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

import type { TaxonomyLevelKey, UsageKind } from "./taxonomy-admin";

// Where each taxonomy level of /admin/taxonomia is stored, for the screen's reads
// (taxonomy-list.server.ts) and writes (taxonomy-admin.server.ts).

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type Reader = Pick<Database, "select">;

/**
 * The seven tables share id, name, slug, icon and sortOrder; this is the shape the
 * generic queries use (the parent column, when there is one, is handled apart).
 */
export type CommonTable = typeof brands;
/** Products and services share familyId, categoryId and subcategoryId, all a move changes. */
type ItemTable = typeof products;
/** Product and service categories share id and familyId. */
type CategoryTable = typeof productCategories;

type Usage = { kind: UsageKind; column: PgColumn };

export type LevelStorage = {
  table: CommonTable;
  /** The column pointing at the parent level, and its property name for inserts. */
  parent?: { column: PgColumn; field: "familyId" | "categoryId" };
  /** What refuses a delete: child items and products or services pointing here. */
  usages: Usage[];
  /**
   * Products and services store their family and category beside their subcategory, so a
   * category moved to another family (or a subcategory to another category) takes its
   * items along, and the catalogue never shows an item under a family it left.
   */
  moveItems?: (tx: Transaction, id: number, parentId: number) => Promise<void>;
};

type Tree = {
  families: typeof productFamilies | typeof serviceFamilies;
  categories: typeof productCategories | typeof serviceCategories;
  subcategories: typeof productSubcategories | typeof serviceSubcategories;
  items: typeof products | typeof services;
  itemKind: "products" | "services";
};

/** The three levels of one catalogue tree, the products' or the services'. */
function treeStorage(tree: Tree): Record<"families" | "categories" | "subcategories", LevelStorage> {
  const { categories, subcategories, itemKind } = tree;
  const items = tree.items as unknown as ItemTable;
  return {
    families: {
      table: tree.families as unknown as CommonTable,
      usages: [
        { kind: "categories", column: categories.familyId },
        { kind: itemKind, column: items.familyId },
      ],
    },
    categories: {
      table: categories as unknown as CommonTable,
      parent: { column: categories.familyId, field: "familyId" },
      usages: [
        { kind: "subcategories", column: subcategories.categoryId },
        { kind: itemKind, column: items.categoryId },
      ],
      moveItems: async (tx, id, familyId) => {
        await tx.update(items).set({ familyId }).where(eq(items.categoryId, id));
      },
    },
    subcategories: {
      table: subcategories as unknown as CommonTable,
      parent: { column: subcategories.categoryId, field: "categoryId" },
      usages: [{ kind: itemKind, column: items.subcategoryId }],
      moveItems: async (tx, id, categoryId) => {
        const parentTable = categories as CategoryTable;
        const [category] = await tx
          .select({ familyId: parentTable.familyId })
          .from(parentTable)
          .where(eq(parentTable.id, categoryId));
        await tx.update(items).set({ categoryId, familyId: category!.familyId }).where(eq(items.subcategoryId, id));
      },
    },
  };
}

const productTree = treeStorage({
  families: productFamilies,
  categories: productCategories,
  subcategories: productSubcategories,
  items: products,
  itemKind: "products",
});
const serviceTree = treeStorage({
  families: serviceFamilies,
  categories: serviceCategories,
  subcategories: serviceSubcategories,
  items: services,
  itemKind: "services",
});

// The whitelist: a posted level becomes a table only through this map.
export const storage: Record<TaxonomyLevelKey, LevelStorage> = {
  "product-families": productTree.families,
  "product-categories": productTree.categories,
  "product-subcategories": productTree.subcategories,
  brands: { table: brands, usages: [{ kind: "products", column: products.brandId }] },
  "service-families": serviceTree.families,
  "service-categories": serviceTree.categories,
  "service-subcategories": serviceTree.subcategories,
};

/** The parent id as a selected column: the parent column, or null for a top level. */
export function parentIdColumn({ parent }: LevelStorage): SQL<number> | SQL<null> {
  return parent ? sql<number>`${parent.column}` : sql<null>`null`;
}
