import { data, redirect } from "react-router";

import { readConfig } from "~/config.server";
import { parseCatalogQuery } from "~/domain/catalog/catalog";
import { buildCatalogPath, buildCrumbs, buildProductPath, listPathLevels } from "~/domain/catalog/catalog-paths";
import { listBrands, listProducts } from "~/domain/catalog/products.server";
import {
  findProductCategoryPath,
  listChildLevels,
  productTree,
  resolveTaxonomyPath,
} from "~/domain/catalog/taxonomy.server";
import { getPageContent } from "~/domain/content/page-content.server";
import { pageTitle } from "~/domain/content/seo";
import { Breadcrumbs } from "~/ui/catalog/breadcrumbs";
import { CatalogSearch } from "~/ui/catalog/catalog-search";
import { LevelCards } from "~/ui/catalog/level-cards";
import { Pagination } from "~/ui/catalog/pagination";
import { ProductCard } from "~/ui/catalog/product-card";

import type { Route } from "./+types/product-list";

export const meta: Route.MetaFunction = ({ data, matches }) => {
  if (!data) return [{ title: pageTitle("Página no encontrada", matches) }];
  return [
    { title: pageTitle(data.title, matches) },
    { name: "description", content: data.description || `${data.title}: productos para perros y gatos.` },
    { tagName: "link", rel: "canonical", href: data.canonicalUrl },
  ];
};

const childTypeNames = ["familias", "categorías", "subcategorías"] as const;

export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = parseCatalogQuery(url);

  // The product page of the original shop linked categories as /productos/categoria/{id}.
  if (params.familySlug === "categoria" && params.categorySlug && !params.subcategorySlug) {
    const isRealFamily = (await resolveTaxonomyPath(productTree, { familySlug: "categoria" })) !== null;
    const legacy = isRealFamily ? null : await findProductCategoryPath(params.categorySlug);
    if (legacy) throw redirect(`${buildCatalogPath("products", legacy)}${url.search}`, 301);
  }

  const path = await resolveTaxonomyPath(productTree, params);
  // Its featured offers linked a product as /productos/{id} (the spec's notes); no family
  // is named by digits alone, so such a link goes to the product's page.
  if (!path && params.familySlug && /^\d{1,9}$/.test(params.familySlug) && !params.categorySlug) {
    throw redirect(buildProductPath(Number(params.familySlug)), 301);
  }
  if (!path) throw data(null, { status: 404 });

  const [page, children, brands] = await Promise.all([
    getPageContent("products"),
    listChildLevels(productTree, path),
    listBrands(),
  ]);
  const brand = query.marca ? brands.find((candidate) => candidate.slug === query.marca) : undefined;
  const isFiltering = Boolean(query.q || query.marca);
  const isProductLevel = path.subcategory !== undefined || (path.category !== undefined && children.length === 0);
  const isCategoryWithSubcategories = path.category !== undefined && !isProductLevel;
  const results =
    isFiltering || isProductLevel || isCategoryWithSubcategories
      ? await listProducts({
          path,
          query: query.q,
          // An unknown brand in a shared link matches nothing rather than everything.
          brandId: query.marca ? (brand?.id ?? -1) : undefined,
          // The subcategory is optional: a category that has some also lists, under their
          // cards, its products saved without one, which no subcategory page shows.
          hasNoSubcategory: isCategoryWithSubcategories && !isFiltering,
          page: query.pagina,
        })
      : null;
  // A page past the last one (an old link, a search that now finds less) goes to the last
  // page, keeping the search and the brand.
  if (results && query.pagina > results.pageCount) {
    const params = new URLSearchParams(url.search);
    if (results.pageCount === 1) params.delete("pagina");
    else params.set("pagina", String(results.pageCount));
    const search = params.toString();
    throw redirect(search ? `${url.pathname}?${search}` : url.pathname);
  }

  const levels = listPathLevels(path);
  const basePath = buildCatalogPath("products", path);
  const title = levels.length === 0 ? (page?.mainTitle ?? "Nuestros Productos") : levels.map((l) => l.name).join(" - ");
  // A search or a brand filter lists its matches across the whole level, without cards.
  const cards = isFiltering ? [] : children;
  let emptyText: string | null = null;
  if (results && results.items.length === 0 && cards.length === 0) {
    emptyText = isFiltering
      ? "No hay productos que coincidan con tu búsqueda o filtro"
      : "No hay productos para mostrar";
  } else if (!results && children.length === 0) {
    emptyText = `No hay ${childTypeNames[levels.length] ?? "productos"} para mostrar`;
  }

  return {
    title,
    description: levels.length === 0 ? (page?.mainDescription ?? "") : "",
    canonicalUrl: `${readConfig().appUrl}${basePath}`,
    crumbs: buildCrumbs("products", "Productos", path),
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

export default function ProductList({ loaderData }: Route.ComponentProps) {
  const d = loaderData;
  return (
    <section className="mx-auto max-w-7xl px-4 py-8">
      <Breadcrumbs crumbs={d.crumbs} />
      <h1 className="mt-3 text-3xl font-bold">{d.title}</h1>
      {d.description ? <p className="mt-2 max-w-3xl text-muted">{d.description}</p> : null}

      <div className="mt-6">
        <CatalogSearch placeholder="Buscar productos..." query={d.query} brands={d.brands} brandSlug={d.brandSlug} />
      </div>

      {d.isFiltering && d.total > 0 ? (
        <p className="mt-6 text-sm text-muted" role="status">
          {d.total === 1 ? "1 producto encontrado" : `${d.total} productos encontrados`}
        </p>
      ) : null}

      {d.children.length > 0 ? <LevelCards cards={d.children} className="mt-8" /> : null}

      {d.products.length > 0 ? (
        // Under subcategory cards, a visible heading says these are the category's other products.
        <h2 className={d.children.length > 0 ? "mt-10 text-2xl font-bold" : "sr-only"}>
          {d.children.length > 0 ? "Otros productos" : "Productos"}
        </h2>
      ) : null}
      {d.products.length > 0 ? (
        <ul className="mt-6 grid grid-cols-1 gap-6 min-[420px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
          {d.products.map((product, index) => (
            <li key={product.id}>
              <ProductCard product={product} isImageEager={index < 4} />
            </li>
          ))}
        </ul>
      ) : null}

      {d.emptyText ? <p className="mt-12 text-center text-lg text-muted">{d.emptyText}</p> : null}

      <Pagination page={d.page} pageCount={d.pageCount} search={d.search} />
    </section>
  );
}
