import { data, redirect } from "react-router";

import { type CatalogQuery, parseCatalogQuery, type TaxonomyPath } from "~/domain/catalog/catalog";
import { describeLevel, levelIds, resolveLevel } from "~/domain/catalog/catalog-level.server";
import { buildCatalogPath, buildProductPath } from "~/domain/catalog/catalog-paths";
import { listBrands, listProducts } from "~/domain/catalog/products.server";
import {
  findProductCategoryPath,
  listChildLevels,
  productTree,
  resolveTaxonomyPath,
} from "~/domain/catalog/taxonomy.server";
import { getPageContent } from "~/domain/content/page-content.server";
import { searchCatalog } from "~/domain/search/catalog-search.server";
import { pageTags } from "~/lib/page-cache/page-tags";
import { cachePage } from "~/lib/page-cache/render-context.server";
import { catalogLevelMeta, CatalogLevelPage } from "~/ui/catalog/catalog-level-page";
import { CatalogSearch } from "~/ui/catalog/catalog-search";
import { Pagination } from "~/ui/catalog/pagination";
import { ProductGrid } from "~/ui/catalog/product-grid";

import type { Route } from "./+types/product-list";

export const meta: Route.MetaFunction = ({ data, matches }) => catalogLevelMeta("products", data, matches);

const childTypeNames = ["familias", "categorías", "subcategorías"] as const;

/** Addresses of the original shop, sent to where they lead now (301). */
async function redirectOldAddresses(url: URL, params: Route.LoaderArgs["params"]) {
  // The product page of the original shop linked categories as /productos/categoria/{id}.
  if (params.familySlug === "categoria" && params.categorySlug && !params.subcategorySlug) {
    const isRealFamily = (await resolveTaxonomyPath(productTree, { familySlug: "categoria" })) !== null;
    const legacy = isRealFamily ? null : await findProductCategoryPath(params.categorySlug);
    if (legacy) throw redirect(`${buildCatalogPath("products", legacy)}${url.search}`, 301);
  }
  // Its featured offers linked a product as /productos/{id} (the spec's notes); no family
  // is named by digits alone, so such a link goes to the product's page.
  const oldProductId = !params.categorySlug && /^\d{1,9}$/.test(params.familySlug ?? "") ? params.familySlug : null;
  if (oldProductId && !(await resolveTaxonomyPath(productTree, params))) {
    throw redirect(buildProductPath(Number(oldProductId)), 301);
  }
}

/**
 * The products a level lists: a text search's matches ranked by the shop's search (typos,
 * synonyms), a brand's products, or the level's own; none for a level that shows only cards.
 */
async function findLevelProducts(
  path: TaxonomyPath,
  query: CatalogQuery,
  { brandId, hasChildren }: { brandId: number | undefined; hasChildren: boolean },
) {
  if (query.q) {
    const found = await searchCatalog({
      q: query.q,
      kind: "products",
      level: levelIds(path),
      brandId,
      page: query.pagina,
    });
    return found.products;
  }
  const isProductLevel = path.subcategory !== undefined || (path.category !== undefined && !hasChildren);
  const isCategoryWithSubcategories = path.category !== undefined && !isProductLevel;
  if (!query.marca && !isProductLevel && !isCategoryWithSubcategories) return null;
  return listProducts({
    path,
    brandId,
    // The subcategory is optional: a category that has some also lists, under their cards,
    // its products saved without one, which no subcategory page shows.
    hasNoSubcategory: isCategoryWithSubcategories && !query.marca,
    page: query.pagina,
  });
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = parseCatalogQuery(url);

  await redirectOldAddresses(url, params);
  const path = await resolveLevel(productTree, params);
  if (!path) throw data(null, { status: 404 });

  const [page, children, brands] = await Promise.all([
    getPageContent("products"),
    listChildLevels(productTree, path),
    listBrands(),
  ]);
  const isFiltering = Boolean(query.q || query.marca);
  const results = await findLevelProducts(path, query, {
    // An unknown brand in a shared link matches nothing rather than everything.
    brandId: query.marca ? (brands.find((candidate) => candidate.slug === query.marca)?.id ?? -1) : undefined,
    hasChildren: children.length > 0,
  });
  // A page past the last one (an old link, a search that now finds less) goes to the last
  // page, keeping the search and the brand.
  if (results && query.pagina > results.pageCount) {
    const params = new URLSearchParams(url.search);
    if (results.pageCount === 1) params.delete("pagina");
    else params.set("pagina", String(results.pageCount));
    const search = params.toString();
    throw redirect(search ? `${url.pathname}?${search}` : url.pathname);
  }

  cachePage(context, [
    // The level's name, its cards, the breadcrumbs and the brands' filter.
    pageTags.catalog("products"),
    pageTags.pageContent("products"),
    // Which products this page lists, and each card shown.
    ...(results ? [pageTags.productListings, ...results.items.map((product) => pageTags.product(product.id))] : []),
  ]);
  const head = describeLevel("products", path, page);
  // A search or a brand filter lists its matches across the whole level, without cards.
  const cards = isFiltering ? [] : children;
  let emptyText: string | null = null;
  if (results && results.items.length === 0 && cards.length === 0) {
    emptyText = isFiltering
      ? "No hay productos que coincidan con tu búsqueda o filtro"
      : "No hay productos para mostrar";
  } else if (!results && children.length === 0) {
    emptyText = `No hay ${childTypeNames[head.levels.length] ?? "productos"} para mostrar`;
  }

  return {
    ...head.page,
    children: cards.map((child) => ({
      id: child.id,
      name: child.name,
      icon: child.icon,
      to: buildCatalogPath("products", path, child),
    })),
    products: results?.items ?? [],
    total: results?.total ?? 0,
    page: query.pagina,
    pageCount: results?.pageCount ?? 1,
    search: url.search,
    query: query.q,
    brandSlug: query.marca,
    brands: brands.map(({ slug, name }) => ({ slug, name })),
    isFiltering,
    emptyText,
  };
}

export default function ProductList({ loaderData: d }: Route.ComponentProps) {
  const status =
    d.isFiltering && d.total > 0
      ? d.total === 1
        ? "1 producto encontrado"
        : `${d.total} productos encontrados`
      : null;
  return (
    <CatalogLevelPage
      head={d}
      search={
        <CatalogSearch placeholder="Buscar productos..." query={d.query} brands={d.brands} brandSlug={d.brandSlug} />
      }
      status={status}
      cards={d.children}
      // Under subcategory cards, a visible heading says these are the category's other products.
      itemsHeading={
        d.products.length > 0
          ? { text: d.children.length > 0 ? "Otros productos" : "Productos", isVisible: d.children.length > 0 }
          : null
      }
      items={d.products.length > 0 ? <ProductGrid products={d.products} /> : null}
      emptyText={d.emptyText}
      footer={<Pagination page={d.page} pageCount={d.pageCount} search={d.search} />}
    />
  );
}
