// What the import plans against and the export writes: the taxonomy, the brands and the
// live products (with their live presentaciones) or the services, with the fields of the sheet.
import { and, asc, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";

import { type Database, getDb } from "~/db/client.server";
import { brands, orderLines, products, productVariants, services } from "~/db/schema";

import { presentacionColumns, productColumns, serviceColumns } from "../catalog-columns.server";
import { type CatalogKind, catalogKinds } from "../kinds";
import { productTree, serviceTree } from "../taxonomy.server";
import type { CatalogSnapshot, ExistingItem, ExistingPresentacion } from "./types";

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

/**
 * The live presentaciones of the page's products (of every live product without a page), in
 * the order the shopper sees them, by product. `withOrders`: whether order lines name each one.
 */
async function selectPresentaciones(
  db: Database,
  productIds: number[] | undefined,
  withOrders: boolean,
): Promise<Map<number, ExistingPresentacion[]>> {
  const isOrdered = withOrders
    ? sql<boolean>`exists (select 1 from ${orderLines} where ${orderLines.variantId} = ${productVariants.id})`
    : sql<boolean>`false`;
  const rows = await db
    .select({
      productId: productVariants.productId,
      ...presentacionColumns(),
      isOrdered: isOrdered.mapWith(Boolean),
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        eq(productVariants.isArchived, false),
        eq(products.isArchived, false),
        productIds ? inArray(productVariants.productId, productIds) : undefined,
      ),
    )
    .orderBy(asc(productVariants.productId), asc(productVariants.sortOrder), asc(productVariants.id));
  const byProduct = new Map<number, ExistingPresentacion[]>();
  for (const { productId, ...presentacion } of rows) {
    byProduct.set(productId, [...(byProduct.get(productId) ?? []), presentacion]);
  }
  return byProduct;
}

async function selectProducts(db: Database, page?: Page, withOrders = false): Promise<ExistingItem[]> {
  const query = db
    .select({ ...productColumns(), brandName: brands.name })
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(and(eq(products.isArchived, false), page ? gt(products.id, page.afterId) : undefined))
    .orderBy(asc(products.id));
  const rows = page ? await query.limit(page.limit) : await query;
  if (page && rows.length === 0) return [];
  const presentaciones = await selectPresentaciones(db, page ? rows.map((row) => row.id) : undefined, withOrders);
  return rows.map((row) => ({ ...row, showPrice: true, presentaciones: presentaciones.get(row.id) ?? [] }));
}

/** Every SKU of the shop, lower-cased, with the product whose presentación holds it. */
async function selectSkuOwners(db: Database): Promise<Map<string, number>> {
  const rows = await db
    .select({ sku: sql<string>`lower(${productVariants.sku})`, productId: productVariants.productId })
    .from(productVariants)
    .where(isNotNull(productVariants.sku));
  return new Map(rows.map((row) => [row.sku, row.productId]));
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
 * The taxonomy, the brands and every live product (with its presentaciones, whether orders
 * name them, and the shop's SKUs) or every service with its fields, in id order. A
 * 10,000-product catalogue is a few megabytes: one read serves the import's matching, which
 * then needs no query per row.
 */
export async function loadCatalogSnapshot(kind: CatalogKind, db: Database = getDb()): Promise<CatalogSnapshot> {
  if (kind === "services") {
    const [taxonomy, items] = await Promise.all([loadTaxonomy(kind, db), selectServices(db)]);
    return { ...taxonomy, items };
  }
  const [taxonomy, items, skuOwners] = await Promise.all([
    loadTaxonomy(kind, db),
    selectProducts(db, undefined, true),
    selectSkuOwners(db),
  ]);
  return { ...taxonomy, items, skuOwners };
}
