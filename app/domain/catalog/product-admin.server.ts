import { and, asc, desc, eq, like, type SQL, sql } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { brands, cartLines, orderLines, productCategories, productFamilies, products } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit.server";
import type { FieldErrors } from "~/lib/form-data";
import { normalizeForSearch } from "~/lib/text";

import { toContainsPattern } from "./catalog";
import { ADMIN_PAGE_SIZE, type AdminListQuery, type TaxonomyOption, type TaxonomyOptions } from "./catalog-admin";
import { auditCatalogSave, checkTaxonomyChoice, countListPage, listTaxonomyOptions } from "./catalog-admin.server";
import { productColumns } from "./catalog-columns.server";
import { type ProductForm, type ProductSortKey, stockChangedMessage } from "./product-admin";
import { productTree } from "./taxonomy.server";

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
export async function listAdminProducts(query: AdminListQuery<ProductSortKey> & { isArchivedShown: boolean }) {
  const conditions: SQL[] = [eq(products.isArchived, query.isArchivedShown)];
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
  return { rows, total, page, pageCount };
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
  const [row] = await getDb()
    .select({ ...productColumns(), isArchived: products.isArchived })
    .from(products)
    .where(eq(products.id, id));
  return row ?? null;
}

export type SaveProductResult =
  | { status: "saved"; id: number; title: string }
  | { status: "invalid"; errors: FieldErrors; stockNow?: number }
  | { status: "not-found" };

/**
 * Creates the product (no `id`) or updates it, after checking that the category belongs
 * to the family and the subcategory to the category. The search text (title and brand,
 * accent-free) is recomputed on every save, and the change is audited with it.
 *
 * Orders take units while the editor is open. So an update compares the stock the editor
 * showed (`stockShown`) with the row's, locked: if orders changed it and the owner left the
 * field as shown, the orders' stock stays (saving a new price must not bring back sold
 * units); if both changed it, nothing is saved and the owner is told the current stock
 * (`stockNow`), since only they know whether their figure is a count or a delivery.
 */
export async function saveProduct(
  admin: Admin,
  { stockShown, ...input }: ProductForm,
  id?: number,
): Promise<SaveProductResult> {
  return getDb().transaction(async (tx) => {
    let stock = input.stock;
    if (id !== undefined) {
      const [existing] = await tx
        .select({ id: products.id, stock: products.stock })
        .from(products)
        .where(eq(products.id, id))
        .for("update");
      if (!existing) return { status: "not-found" } as const;
      if (stockShown != null && existing.stock !== stockShown) {
        if (input.stock !== stockShown) {
          return {
            status: "invalid",
            errors: { stock: stockChangedMessage(existing.stock) },
            stockNow: existing.stock,
          } as const;
        }
        stock = existing.stock;
      }
    }
    const errors = await checkTaxonomyChoice(tx, productTree, input);
    let brandName = "";
    if (input.brandId !== null) {
      const [brand] = await tx.select({ name: brands.name }).from(brands).where(eq(brands.id, input.brandId));
      if (brand) brandName = brand.name;
      else errors.brandId = "La marca elegida ya no existe.";
    }
    if (Object.keys(errors).length > 0) return { status: "invalid", errors } as const;

    const values = {
      ...input,
      stock,
      offerPriceCents: input.isOfferActive ? input.offerPriceCents : null,
      searchText: normalizeForSearch(`${input.title} ${brandName}`),
    };
    const [saved] =
      id === undefined
        ? await tx.insert(products).values(values).returning({ id: products.id })
        : await tx.update(products).set(values).where(eq(products.id, id)).returning({ id: products.id });
    const savedId = saved!.id;
    await auditCatalogSave(tx, {
      userId: admin.id,
      kind: "products",
      isNew: id === undefined,
      id: savedId,
      summary: {
        title: input.title,
        priceCents: input.priceCents,
        offerPriceCents: values.offerPriceCents,
        stock,
      },
    });
    return { status: "saved", id: savedId, title: input.title } as const;
  });
}

export type RemoveProductResult =
  { status: "deleted"; title: string } | { status: "archived"; title: string } | { status: "not-found" };

/**
 * Deletes a product, or archives it when an order line names it: deleting would break
 * the orders' history (order_lines restricts it). Either way it leaves every cart: a
 * deleted product's lines go by cascade, an archived one's are removed here, since it
 * can no longer be bought. The row is locked first, so an order placed meanwhile waits.
 */
export async function removeProduct(admin: Admin, id: number): Promise<RemoveProductResult> {
  return getDb().transaction(async (tx) => {
    const [product] = await tx
      .select({ title: products.title })
      .from(products)
      .where(eq(products.id, id))
      .for("update");
    if (!product) return { status: "not-found" } as const;
    const [ordered] = await tx
      .select({ id: orderLines.id })
      .from(orderLines)
      .where(eq(orderLines.productId, id))
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
}

/** Puts an archived product back on sale. */
export async function restoreProduct(admin: Admin, id: number): Promise<{ title: string } | null> {
  return getDb().transaction(async (tx) => {
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
}
