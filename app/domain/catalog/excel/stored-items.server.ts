// The stored items as the sheet has them, one reader per kind (its entry in
// kind-behaviour.server.ts): the live products with their live presentaciones, or the
// services, with the fields of the sheet.
import { and, asc, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { brands, orderLines, products, productVariants, services } from "~/db/schema";

import { productColumns, serviceColumns, variantColumns } from "../catalog-columns.server";
import { type CatalogSnapshot, DEFAULT_VALUES, type ExistingItem, type ExistingVariant } from "./types";

/** A page of items: those after `afterId`, `limit` of them. */
export type ItemPage = { afterId: number; limit: number };

/**
 * A kind's stored items: all of them or one page (the export), and all of them with what the
 * import's checks need besides (its snapshot).
 */
export type StoredItems = {
  select: (db: Database, page?: ItemPage) => Promise<ExistingItem[]>;
  selectForImport: (db: Database) => Promise<Pick<CatalogSnapshot, "items" | "skuOwners">>;
};

/**
 * The live presentaciones of the page's products (of every live product without a page), in
 * the order the shopper sees them, by product. `withOrders`: whether order lines name each one.
 */
async function selectVariants(
  db: Database,
  productIds: number[] | undefined,
  withOrders: boolean,
): Promise<Map<number, ExistingVariant[]>> {
  const isOrdered = withOrders
    ? sql<boolean>`exists (select 1 from ${orderLines} where ${orderLines.variantId} = ${productVariants.id})`
    : sql<boolean>`false`;
  const rows = await db
    .select({
      productId: productVariants.productId,
      ...variantColumns(),
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
  const byProduct = new Map<number, ExistingVariant[]>();
  for (const { productId, ...variant } of rows) {
    byProduct.set(productId, [...(byProduct.get(productId) ?? []), variant]);
  }
  return byProduct;
}

async function selectProducts(db: Database, page?: ItemPage, withOrders = false): Promise<ExistingItem[]> {
  const query = db
    .select({ ...productColumns(), brandName: brands.name })
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(and(eq(products.isArchived, false), page ? gt(products.id, page.afterId) : undefined))
    .orderBy(asc(products.id));
  const rows = page ? await query.limit(page.limit) : await query;
  if (page && rows.length === 0) return [];
  const variants = await selectVariants(db, page ? rows.map((row) => row.id) : undefined, withOrders);
  return rows.map((row) => ({ ...row, showPrice: true, variants: variants.get(row.id) ?? [] }));
}

/** Every SKU of the shop, lower-cased, with the product whose presentación holds it. */
async function selectSkuOwners(db: Database): Promise<Map<string, number>> {
  const rows = await db
    .select({ sku: sql<string>`lower(${productVariants.sku})`, productId: productVariants.productId })
    .from(productVariants)
    .where(isNotNull(productVariants.sku));
  return new Map(rows.map((row) => [row.sku, row.productId]));
}

async function selectServices(db: Database, page?: ItemPage): Promise<ExistingItem[]> {
  const query = db
    .select(serviceColumns())
    .from(services)
    .where(page ? gt(services.id, page.afterId) : undefined)
    .orderBy(asc(services.id));
  const rows = page ? await query.limit(page.limit) : await query;
  const { igvTreatment } = DEFAULT_VALUES;
  return rows.map((row) => ({ ...row, brandId: null, brandName: null, stock: 0, igvTreatment }));
}

export const storedProducts: StoredItems = {
  select: (db, page) => selectProducts(db, page),
  // For the import: whether orders name each presentación, and the shop's SKUs.
  selectForImport: async (db) => {
    const [items, skuOwners] = await Promise.all([selectProducts(db, undefined, true), selectSkuOwners(db)]);
    return { items, skuOwners };
  },
};

export const storedServices: StoredItems = {
  select: (db, page) => selectServices(db, page),
  selectForImport: async (db) => ({ items: await selectServices(db) }),
};
