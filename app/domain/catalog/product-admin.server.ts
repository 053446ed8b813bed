import { and, asc, desc, eq, inArray, like, or, type SQL, sql } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import {
  brands,
  cartLines,
  orderLines,
  productCategories,
  productFamilies,
  products,
  productVariants,
  stockAlerts,
} from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit.server";
import type { FieldErrors } from "~/lib/form-data";
import { normalizeForSearch } from "~/lib/text";

import { toContainsPattern } from "./catalog";
import { ADMIN_PAGE_SIZE, type AdminListQuery, type TaxonomyOption, type TaxonomyOptions } from "./catalog-admin";
import { auditCatalogSave, checkTaxonomyChoice, countListPage, listTaxonomyOptions } from "./catalog-admin.server";
import { productColumns, variantColumns } from "./catalog-columns.server";
import { invalidateProductPages } from "./page-invalidation.server";
import { LOW_STOCK_THRESHOLD } from "./pricing";
import { type ProductForm, type ProductInput, type ProductSortKey } from "./product-admin";
import { productTree } from "./taxonomy.server";
import type { Transaction } from "./taxonomy-storage.server";
import { checkVariants, lockVariants, writeVariants } from "./variants-save.server";

type Admin = { id: string };

/** The price the shopper pays, so that sorting by price matches what the list shows. */
const unitPrice = sql<number>`case when ${products.isOfferActive} and ${products.offerPriceCents} > 0
  then ${products.offerPriceCents} else ${products.priceCents} end`;

const sortColumns: Record<ProductSortKey, SQL> = {
  nombre: sql`lower(${products.title})`,
  familia: sql`lower(${productFamilies.name})`,
  precio: unitPrice,
  stock: sql`${products.stock}`,
};

/**
 * One page of the back-office list. The count needs no join; the page joins the names
 * of its own 25 rows only. Archived products are listed only when asked for.
 */
export async function listAdminProducts(
  query: AdminListQuery<ProductSortKey> & { isArchivedShown: boolean; isLowStockOnly?: boolean },
) {
  const conditions: SQL[] = [eq(products.isArchived, query.isArchivedShown)];
  if (query.isLowStockOnly) {
    // "products"."id" by hand: the count's one-table query would leave it unqualified.
    conditions.push(sql`exists (select 1 from ${productVariants} v where v.product_id = "products"."id"
      and not v.is_archived and v.stock <= ${LOW_STOCK_THRESHOLD})`);
  }
  const needle = normalizeForSearch(query.q);
  if (needle) conditions.push(like(products.searchText, toContainsPattern(needle)));
  const where = and(...conditions);
  const db = getDb();
  const { total, pageCount, page, offset } = await countListPage(db, products, where, query.page);
  const direction = query.direction === "desc" ? desc : asc;
  const rows = await db
    .select({
      id: products.id,
      title: products.title,
      image: products.image,
      imageAlt: products.imageAlt,
      familyName: productFamilies.name,
      categoryName: productCategories.name,
      priceCents: products.priceCents,
      isOfferActive: products.isOfferActive,
      offerPriceCents: products.offerPriceCents,
      hasAnyOffer: products.hasAnyOffer,
      stock: products.stock,
      isArchived: products.isArchived,
    })
    .from(products)
    .leftJoin(productFamilies, eq(productFamilies.id, products.familyId))
    .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
    .where(where)
    .orderBy(direction(sortColumns[query.sort]), direction(products.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset(offset);
  const variants = await listRowVariants(rows.map((row) => row.id));
  return {
    rows: rows.map((row) => ({ ...row, variants: variants.filter((item) => item.productId === row.id) })),
    total,
    page,
    pageCount,
  };
}

/** The live presentaciones of a page's products, with the shoppers waiting for their stock. */
async function listRowVariants(productIds: number[]) {
  if (productIds.length === 0) return [];
  return getDb()
    .select({
      productId: productVariants.productId,
      id: productVariants.id,
      name: productVariants.name,
      priceCents: productVariants.priceCents,
      isOfferActive: productVariants.isOfferActive,
      offerPriceCents: productVariants.offerPriceCents,
      stock: productVariants.stock,
      // Qualified by hand: drizzle leaves a one-table query's columns unqualified, and "id"
      // inside the subquery would be the alert's. Only confirmed alerts wait: the others may
      // be a stranger's typing (stock-alerts.server.ts).
      waiting: sql<number>`(select count(*)::int from ${stockAlerts} a where a.variant_id = "product_variants"."id" and a.confirmed_at is not null)`,
    })
    .from(productVariants)
    .where(and(inArray(productVariants.productId, productIds), eq(productVariants.isArchived, false)))
    .orderBy(asc(productVariants.sortOrder), asc(productVariants.id));
}

export type AdminProductRow = Awaited<ReturnType<typeof listAdminProducts>>["rows"][number];

/** The editor's choices: the product tree plus the brands. */
export async function listProductFormOptions(): Promise<TaxonomyOptions & { brands: TaxonomyOption[] }> {
  const db = getDb();
  const [tree, brandRows] = await Promise.all([
    listTaxonomyOptions(db, productTree),
    db.select({ id: brands.id, name: brands.name }).from(brands).orderBy(asc(brands.name)),
  ]);
  return { ...tree, brands: brandRows };
}

/** A product as the editor loads it (archived ones too: they can still be corrected), or null. */
export async function getProductForEditor(id: number) {
  const db = getDb();
  const [row] = await db
    .select({ ...productColumns(), isArchived: products.isArchived })
    .from(products)
    .where(eq(products.id, id));
  if (!row) return null;
  const variants = await db
    .select(variantColumns())
    .from(productVariants)
    .where(and(eq(productVariants.productId, id), eq(productVariants.isArchived, false)))
    .orderBy(asc(productVariants.sortOrder), asc(productVariants.id));
  return { ...row, variants };
}

export type SaveProductResult =
  | { status: "saved"; id: number; title: string; restocked: number[] }
  | { status: "invalid"; errors: FieldErrors; stockNow?: Record<string, number> }
  | { status: "not-found" };

/** The product's own columns (the editor's fields), with its search text. */
function productValues(input: ProductInput, brandName: string) {
  const { title, description, familyId, categoryId, subcategoryId, brandId, image, imageAlt, igvTreatment } = input;
  const searchText = normalizeForSearch(`${title} ${brandName}`);
  return {
    title,
    description,
    familyId,
    categoryId,
    subcategoryId,
    brandId,
    image,
    imageAlt,
    igvTreatment,
    searchText,
  };
}

/** The brand's name for the search text; an error when the brand is gone. */
async function readBrandName(tx: Transaction, brandId: number | null, errors: FieldErrors): Promise<string> {
  if (brandId === null) return "";
  const [brand] = await tx.select({ name: brands.name }).from(brands).where(eq(brands.id, brandId));
  if (!brand) errors.brandId = "La marca elegida ya no existe.";
  return brand?.name ?? "";
}

/**
 * Creates the product (no `id`) or updates it and its presentaciones, after checking that the
 * category belongs to the family and the subcategory to the category. The search text (title
 * and brand, accent-free) is recomputed on every save, and the change is audited.
 *
 * Orders take units while the editor is open. So each presentación's stock the editor showed
 * (`stockShown`) is compared with its stock, locked: if orders changed it and the owner left
 * the field as shown, the orders' stock stays (saving a new price must not bring back sold
 * units); if both changed it, nothing is saved and the owner is told the current stock
 * (`stockNow`, by row), since only they know whether their figure is a count or a delivery.
 */
export async function saveProduct(
  admin: Admin,
  { variants, ...input }: ProductForm,
  id?: number,
): Promise<SaveProductResult> {
  const result = await getDb().transaction(async (tx) => {
    let stored: Awaited<ReturnType<typeof lockVariants>> = [];
    if (id !== undefined) {
      const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.id, id)).for("update");
      if (!product) return { status: "not-found" } as const;
      stored = await lockVariants(tx, id);
    }
    const check = await checkVariants(tx, id, stored, variants);
    const errors = { ...(await checkTaxonomyChoice(tx, productTree, input)), ...check.errors };
    const brandName = await readBrandName(tx, input.brandId, errors);
    if (Object.keys(errors).length > 0) return { status: "invalid", errors, stockNow: check.stockNow } as const;

    let rows = check.rows;
    let productId = id;
    if (productId === undefined) {
      // The insert gives the product its first presentación (a trigger), which the first row becomes.
      const [created] = await tx
        .insert(products)
        .values(productValues(input, brandName))
        .returning({ id: products.id });
      productId = created!.id;
      stored = await lockVariants(tx, productId);
      rows = rows.map((row, index) => (index === 0 ? { ...row, id: stored[0]!.id } : row));
    } else {
      await tx.update(products).set(productValues(input, brandName)).where(eq(products.id, productId));
    }
    const restocked = await writeVariants(tx, productId, stored, rows);
    await auditCatalogSave(tx, {
      userId: admin.id,
      kind: "products",
      isNew: id === undefined,
      id: productId,
      summary: {
        title: input.title,
        igvTreatment: input.igvTreatment,
        variants: rows.map(({ name, priceCents, isOfferActive, offerPriceCents, stock }) => ({
          name,
          priceCents,
          offerPriceCents: isOfferActive ? offerPriceCents : null,
          stock,
        })),
      },
    });
    return { status: "saved", id: productId, title: input.title, restocked } as const;
  });
  if (result.status === "saved") invalidateProductPages(result.id);
  return result;
}

export type RemoveProductResult =
  { status: "deleted"; title: string } | { status: "archived"; title: string } | { status: "not-found" };

/**
 * Deletes a product, or archives it when an order line names it or one of its presentaciones:
 * deleting would break the orders' history (order_lines restricts both). A deleted product's
 * presentaciones go with it (cascade). Either way it leaves every cart: a deleted product's
 * lines go by cascade, an archived one's are removed here, since it can no longer be bought.
 * The row is locked first, so an order placed meanwhile waits.
 */
export async function removeProduct(admin: Admin, id: number): Promise<RemoveProductResult> {
  const result = await getDb().transaction(async (tx) => {
    const [product] = await tx
      .select({ title: products.title })
      .from(products)
      .where(eq(products.id, id))
      .for("update");
    if (!product) return { status: "not-found" } as const;
    const variants = tx
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.productId, id));
    const [ordered] = await tx
      .select({ id: orderLines.id })
      .from(orderLines)
      .where(or(eq(orderLines.productId, id), inArray(orderLines.variantId, variants)))
      .limit(1);
    if (ordered) {
      await tx.update(products).set({ isArchived: true }).where(eq(products.id, id));
      await tx.delete(cartLines).where(eq(cartLines.productId, id));
      await recordAudit(
        { userId: admin.id, action: "archive", entity: "product", entityId: id, summary: { title: product.title } },
        tx,
      );
      return { status: "archived", title: product.title } as const;
    }
    await tx.delete(products).where(eq(products.id, id));
    await recordAudit(
      { userId: admin.id, action: "delete", entity: "product", entityId: id, summary: { title: product.title } },
      tx,
    );
    return { status: "deleted", title: product.title } as const;
  });
  if (result.status !== "not-found") invalidateProductPages(id);
  return result;
}

/** Puts an archived product back on sale. */
export async function restoreProduct(admin: Admin, id: number): Promise<{ title: string } | null> {
  const result = await getDb().transaction(async (tx) => {
    const [restored] = await tx
      .update(products)
      .set({ isArchived: false })
      .where(and(eq(products.id, id), eq(products.isArchived, true)))
      .returning({ title: products.title });
    if (!restored) return null;
    await recordAudit(
      {
        userId: admin.id,
        action: "update",
        entity: "product",
        entityId: id,
        summary: { title: restored.title, isArchived: false },
      },
      tx,
    );
    return restored;
  });
  if (result) invalidateProductPages(id);
  return result;
}
