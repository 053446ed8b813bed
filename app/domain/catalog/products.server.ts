import { and, asc, count, eq, isNull, like, type SQL, sql } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import {
  brands,
  productCategories,
  productFamilies,
  products,
  productSubcategories,
  productVariants,
} from "~/db/schema";
import { normalizeForSearch } from "~/lib/text";

import { type ProductCardData, PRODUCTS_PER_PAGE, type TaxonomyPath, toContainsPattern } from "./catalog";
import { variantColumns } from "./catalog-columns.server";

const cardColumns = {
  id: products.id,
  title: products.title,
  description: products.description,
  image: products.image,
  imageAlt: products.imageAlt,
  priceCents: products.priceCents,
  isOfferActive: products.isOfferActive,
  offerPriceCents: products.offerPriceCents,
  stock: products.stock,
  priceVaries: products.priceVaries,
  hasAnyOffer: products.hasAnyOffer,
};

/**
 * One page of the live products under a catalogue level, filtered in the database by
 * text (accent- and case-insensitive, anywhere in the title or brand) and brand.
 * A page past the last one lists nothing but still gives the total and page count.
 */
export async function listProducts(options: {
  path: TaxonomyPath;
  query?: string | undefined;
  brandId?: number | undefined;
  /**
   * Only the category's products saved without a subcategory (it is optional), which a
   * category with subcategories lists under their cards.
   */
  hasNoSubcategory?: boolean | undefined;
  page: number;
}): Promise<{ items: ProductCardData[]; total: number; pageCount: number }> {
  const conditions: SQL[] = [eq(products.isArchived, false)];
  const { path } = options;
  if (path.subcategory) conditions.push(eq(products.subcategoryId, path.subcategory.id));
  else if (path.category) {
    conditions.push(eq(products.categoryId, path.category.id));
    if (options.hasNoSubcategory) conditions.push(isNull(products.subcategoryId));
  } else if (path.family) conditions.push(eq(products.familyId, path.family.id));
  const needle = options.query ? normalizeForSearch(options.query) : "";
  if (needle) conditions.push(like(products.searchText, toContainsPattern(needle)));
  if (options.brandId !== undefined) conditions.push(eq(products.brandId, options.brandId));
  const where = and(...conditions);

  const db = getDb();
  const offset = (options.page - 1) * PRODUCTS_PER_PAGE;
  const order = [asc(products.title), asc(products.id)] as const;
  if (needle) {
    // A text search has to sort every match anyway: one scan gives both the page and the
    // total (count over the whole result), instead of a second scan of the trigram index
    // (bench/README.md, the scale curve).
    const rows = await db
      .select({ ...cardColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(products)
      .where(where)
      .orderBy(...order)
      .limit(PRODUCTS_PER_PAGE)
      .offset(offset);
    const total = rows[0]?.total ?? (offset > 0 ? await countProducts(where) : 0);
    const items = rows.map(({ total: _total, ...item }) => item);
    return { items, total, pageCount: Math.max(1, Math.ceil(total / PRODUCTS_PER_PAGE)) };
  }
  // Browsing a level walks its listing index and stops after one page; the count is an
  // index-only scan. A category's products without a subcategory have an index of their
  // own (products_category_loose_listing_idx): walking the category's would read all of it
  // to find the usual none, slow in a large category (bench/README.md, 'Scale curve').
  const [items, total] = await Promise.all([
    db
      .select(cardColumns)
      .from(products)
      .where(where)
      .orderBy(...order)
      .limit(PRODUCTS_PER_PAGE)
      .offset(offset),
    countProducts(where),
  ]);
  return { items, total, pageCount: Math.max(1, Math.ceil(total / PRODUCTS_PER_PAGE)) };
}

async function countProducts(where: SQL | undefined): Promise<number> {
  const [totals] = await getDb().select({ total: count() }).from(products).where(where);
  return totals?.total ?? 0;
}

export async function listBrands(): Promise<{ id: number; name: string; slug: string }[]> {
  return getDb().select({ id: brands.id, name: brands.name, slug: brands.slug }).from(brands).orderBy(asc(brands.name));
}

/** A live product with the names and slugs of its levels and brand, or null. */
export async function getProductDetail(id: number) {
  const [row] = await getDb()
    .select({
      ...cardColumns,
      updatedAt: products.updatedAt,
      family: {
        id: productFamilies.id,
        name: productFamilies.name,
        slug: productFamilies.slug,
        icon: productFamilies.icon,
      },
      category: {
        id: productCategories.id,
        name: productCategories.name,
        slug: productCategories.slug,
        icon: productCategories.icon,
      },
      subcategoryName: productSubcategories.name,
      brandName: brands.name,
    })
    .from(products)
    .innerJoin(productFamilies, eq(productFamilies.id, products.familyId))
    .innerJoin(productCategories, eq(productCategories.id, products.categoryId))
    .leftJoin(productSubcategories, eq(productSubcategories.id, products.subcategoryId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(and(eq(products.id, id), eq(products.isArchived, false)));
  if (!row) return null;
  const variants = await getDb()
    .select(variantColumns())
    .from(productVariants)
    .where(and(eq(productVariants.productId, id), eq(productVariants.isArchived, false)))
    .orderBy(asc(productVariants.sortOrder), asc(productVariants.id));
  return { ...row, variants };
}

type ProductDetail = NonNullable<Awaited<ReturnType<typeof getProductDetail>>>;
export type ProductVariant = ProductDetail["variants"][number];

/**
 * The presentación a product page opens with: the one its link names (`?presentacion=`),
 * else the first with stock, else the first.
 */
export function chooseVariant(list: ProductVariant[], raw: string | null): ProductVariant | undefined {
  const named = raw && /^\d{1,10}$/.test(raw) ? list.find((item) => item.id === Number(raw)) : undefined;
  return named ?? list.find((item) => item.stock > 0) ?? list[0];
}
