import { asc, count, eq } from "drizzle-orm";
import { href } from "react-router";

import { getDb } from "~/db/client.server";
import {
  productCategories,
  productFamilies,
  products,
  productSubcategories,
  serviceCategories,
  serviceFamilies,
  serviceSubcategories,
} from "~/db/schema";
import {
  buildCatalogPath,
  buildCatalogPathFromSlugs,
  buildProductPath,
  type CatalogSection,
} from "~/domain/catalog/catalog-paths";

import { buildSitemapIndexXml, buildSitemapXml, type SitemapEntry } from "./seo";

/** The sitemap protocol's limit per file; beyond it /sitemap.xml becomes an index. */
const MAX_SITEMAP_URLS = 50_000;

const PUBLIC_PAGES = [
  href("/"),
  href("/nosotros"),
  buildCatalogPath("products"),
  buildCatalogPath("services"),
  href("/contacto"),
  href("/faq"),
  href("/libro-reclamaciones"),
  href("/privacidad"),
];

/**
 * /sitemap.xml: every public page, catalogue level and live product. When they do not fit
 * in one file, an index of '?pagina=1' (pages and levels) and one file per block of
 * products. `page` is that parameter; null means the URL names no sitemap (a 404).
 */
export async function buildSitemap(
  origin: string,
  page: number | undefined,
  maxUrls = MAX_SITEMAP_URLS,
): Promise<string | null> {
  const [levels, productCount] = await Promise.all([listLevelEntries(), countLiveProducts()]);
  const fixedEntries = [...PUBLIC_PAGES.map((path) => ({ path })), ...levels];
  const productFiles = Math.ceil(productCount / maxUrls);

  if (page === undefined) {
    if (fixedEntries.length + productCount <= maxUrls) {
      return buildSitemapXml(origin, [...fixedEntries, ...(await listProductEntries(0, productCount))]);
    }
    const files = Array.from({ length: 1 + productFiles }, (_, index) => `${href("/sitemap.xml")}?pagina=${index + 1}`);
    return buildSitemapIndexXml(origin, files);
  }
  if (page === 1) return buildSitemapXml(origin, fixedEntries);
  if (page >= 2 && page <= productFiles + 1) {
    return buildSitemapXml(origin, await listProductEntries((page - 2) * maxUrls, maxUrls));
  }
  return null;
}

async function countLiveProducts(): Promise<number> {
  const [row] = await getDb().select({ total: count() }).from(products).where(eq(products.isArchived, false));
  return row?.total ?? 0;
}

async function listProductEntries(offset: number, limit: number): Promise<SitemapEntry[]> {
  if (limit === 0) return [];
  const rows = await getDb()
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.isArchived, false))
    .orderBy(asc(products.id))
    .offset(offset)
    .limit(limit);
  return rows.map((row) => ({ path: buildProductPath(row.id), lastModified: row.updatedAt }));
}

/** /productos/… and /servicios/… for every family, category and subcategory. */
async function listLevelEntries(): Promise<SitemapEntry[]> {
  const db = getDb();
  const [pFamilies, pCategories, pSubcategories, sFamilies, sCategories, sSubcategories] = await Promise.all([
    db.select({ family: productFamilies.slug }).from(productFamilies).orderBy(asc(productFamilies.id)),
    db
      .select({ family: productFamilies.slug, category: productCategories.slug })
      .from(productCategories)
      .innerJoin(productFamilies, eq(productCategories.familyId, productFamilies.id))
      .orderBy(asc(productCategories.id)),
    db
      .select({
        family: productFamilies.slug,
        category: productCategories.slug,
        subcategory: productSubcategories.slug,
      })
      .from(productSubcategories)
      .innerJoin(productCategories, eq(productSubcategories.categoryId, productCategories.id))
      .innerJoin(productFamilies, eq(productCategories.familyId, productFamilies.id))
      .orderBy(asc(productSubcategories.id)),
    db.select({ family: serviceFamilies.slug }).from(serviceFamilies).orderBy(asc(serviceFamilies.id)),
    db
      .select({ family: serviceFamilies.slug, category: serviceCategories.slug })
      .from(serviceCategories)
      .innerJoin(serviceFamilies, eq(serviceCategories.familyId, serviceFamilies.id))
      .orderBy(asc(serviceCategories.id)),
    db
      .select({
        family: serviceFamilies.slug,
        category: serviceCategories.slug,
        subcategory: serviceSubcategories.slug,
      })
      .from(serviceSubcategories)
      .innerJoin(serviceCategories, eq(serviceSubcategories.categoryId, serviceCategories.id))
      .innerJoin(serviceFamilies, eq(serviceCategories.familyId, serviceFamilies.id))
      .orderBy(asc(serviceSubcategories.id)),
  ]);
  // Slugs keep accents ('baño-y-corte'); a sitemap wants them percent-encoded.
  const toEntries = (section: CatalogSection, rows: { family: string; category?: string; subcategory?: string }[]) =>
    rows.map((row) => ({
      path: buildCatalogPathFromSlugs(
        section,
        [row.family, row.category, row.subcategory].filter((slug): slug is string => Boolean(slug)),
      ),
    }));
  return [
    ...toEntries("products", pFamilies),
    ...toEntries("products", pCategories),
    ...toEntries("products", pSubcategories),
    ...toEntries("services", sFamilies),
    ...toEntries("services", sCategories),
    ...toEntries("services", sSubcategories),
  ];
}
