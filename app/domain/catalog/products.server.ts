import { and, asc, count, eq, like, type SQL } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { brands, productCategories, productFamilies, products, productSubcategories } from "~/db/schema";
import { normalizeForSearch } from "~/lib/text";
import type { ProductCardData } from "~/ui/catalog/product-card";
import { PRODUCTS_PER_PAGE, type TaxonomyPath, toContainsPattern } from "./catalog";

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
};

/**
 * One page of the live products under a catalogue level, filtered in the database by
 * text (accent- and case-insensitive, anywhere in the title or brand) and brand.
 */
export async function listProducts(options: {
  path: TaxonomyPath;
  query?: string | undefined;
  brandId?: number | undefined;
  page: number;
}): Promise<{ items: ProductCardData[]; total: number; pageCount: number }> {
  const conditions: SQL[] = [eq(products.isArchived, false)];
  const { path } = options;
  if (path.subcategory) conditions.push(eq(products.subcategoryId, path.subcategory.id));
  else if (path.category) conditions.push(eq(products.categoryId, path.category.id));
  else if (path.family) conditions.push(eq(products.familyId, path.family.id));
  const needle = options.query ? normalizeForSearch(options.query) : "";
  if (needle) conditions.push(like(products.searchText, toContainsPattern(needle)));
  if (options.brandId !== undefined) conditions.push(eq(products.brandId, options.brandId));
  const where = and(...conditions);

  const db = getDb();
  const [items, [totals]] = await Promise.all([
    db
      .select(cardColumns)
      .from(products)
      .where(where)
      .orderBy(asc(products.title), asc(products.id))
      .limit(PRODUCTS_PER_PAGE)
      .offset((options.page - 1) * PRODUCTS_PER_PAGE),
    db.select({ total: count() }).from(products).where(where),
  ]);
  const total = totals?.total ?? 0;
  return { items, total, pageCount: Math.max(1, Math.ceil(total / PRODUCTS_PER_PAGE)) };
}

export async function listBrands(): Promise<{ id: number; name: string; slug: string }[]> {
  return getDb()
    .select({ id: brands.id, name: brands.name, slug: brands.slug })
    .from(brands)
    .orderBy(asc(brands.name));
}

/** A live product with the names and slugs of its levels and brand, or null. */
export async function getProductDetail(id: number) {
  const [row] = await getDb()
    .select({
      ...cardColumns,
      updatedAt: products.updatedAt,
      family: { id: productFamilies.id, name: productFamilies.name, slug: productFamilies.slug, icon: productFamilies.icon },
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
  return row ?? null;
}

export type ProductDetail = NonNullable<Awaited<ReturnType<typeof getProductDetail>>>;
