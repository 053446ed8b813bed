// /buscar?q=…: one search over the shop's products and services (issue 27, ADR 025), the
// results of the header's box on every storefront page. A GET page: shareable, and it works
// without JavaScript.
import { href, redirect } from "react-router";

import { parseCatalogQuery } from "~/domain/catalog/catalog";
import { buildCatalogPath } from "~/domain/catalog/catalog-paths";
import { pageTitle } from "~/domain/content/seo";
import { searchCatalog } from "~/domain/search/catalog-search.server";
import { MAX_QUERY_LENGTH } from "~/domain/search/query-length";
import { noteSearchOutcome } from "~/domain/search/search-misses.server";
import { getShopSettings } from "~/domain/settings/settings.server";
import { pageTags } from "~/lib/page-cache/page-tags";
import { answerUnstored, cachePage, isSharedRender } from "~/lib/page-cache/render-context.server";
import { CatalogSearch } from "~/ui/catalog/catalog-search";
import { Pagination } from "~/ui/catalog/pagination";
import { ProductGrid } from "~/ui/catalog/product-grid";
import { ServiceCard } from "~/ui/catalog/service-card";
import { Link } from "~/ui/primitives/link";
import { HEADER_SEARCH_PLACEHOLDER } from "~/ui/search/header-search";

import type { Route } from "./+types/search";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(loaderData?.query ? `Resultados para "${loaderData.query}"` : "Buscar", matches) },
  // Results pages are endless variations of the catalogue: not for search engines' indexes.
  { name: "robots", content: "noindex, follow" },
];

/** q (cut to its first characters rather than refused), marca and pagina, as the catalogue reads them. */
function readSearchQuery(url: URL) {
  const params = new URLSearchParams(url.search);
  const q = params.get("q");
  if (q !== null) params.set("q", q.slice(0, MAX_QUERY_LENGTH));
  return parseCatalogQuery(new URL(`${url.pathname}?${params.toString()}`, url));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { q = "", marca, pagina } = readSearchQuery(url);
  const [result, settings] = await Promise.all([
    searchCatalog({ q, brandSlug: marca, page: pagina }),
    getShopSettings(),
  ]);
  const { products, services } = result;
  // A page past the last one (an old link, a search that now finds less) goes to the last page.
  if (products.total > 0 && pagina > products.pageCount) {
    url.searchParams.delete("pagina");
    if (products.pageCount > 1) url.searchParams.set("pagina", String(products.pageCount));
    throw redirect(`${url.pathname}${url.search}`);
  }
  const found = products.total + services.total;
  // The owner's 'Búsquedas sin resultados': whole-shop searches only, counted each time, so an
  // empty answer is never stored; the page cache's anonymous render of it is the visitor's
  // answer (not rendered again), and counted here once. A search that found something, rendered
  // to be stored, is counted by the page cache each time it is sent (served-searches.server.ts).
  if (!marca && result.query) noteSearchOutcome(result, new Date(), { isCountedWhenServed: isSharedRender(context) });
  if (found === 0) answerUnstored(context);
  if (found > 0 || !result.query) {
    cachePage(context, [
      pageTags.productListings,
      pageTags.catalog("products"),
      pageTags.catalog("services"),
      pageTags.settings,
      ...products.items.map((product) => pageTags.product(product.id)),
    ]);
  }
  const brands = products.brands.map(({ slug, name }) => ({ slug, name }));
  if (marca && !brands.some((brand) => brand.slug === marca)) brands.push({ slug: marca, name: marca });
  return {
    query: q,
    brandSlug: marca,
    brands,
    products: products.items,
    productTotal: products.total,
    page: pagina,
    pageCount: products.pageCount,
    // Services are few and not paginated: they show with the first page of products.
    services: pagina === 1 ? services.items : [],
    serviceTotal: services.total,
    suggestion: result.suggestion,
    search: url.search,
    whatsappPhone: settings.contactPhone,
  };
}

function countText(total: number, one: string, many: string) {
  return total === 1 ? `1 ${one}` : `${total} ${many}`;
}

function Suggestion({ suggestion }: { suggestion: string }) {
  return (
    <p className="mt-4 text-lg">
      ¿Quisiste decir{" "}
      <Link
        to={`${href("/buscar")}?${new URLSearchParams({ q: suggestion }).toString()}`}
        className="font-semibold text-primary-strong underline"
      >
        {suggestion}
      </Link>
      ?
    </p>
  );
}

function NothingFound({ query }: { query: string }) {
  return (
    <div className="mt-10 rounded-2xl border bg-white p-8 text-center">
      <p className="text-lg">No encontramos resultados para &quot;{query}&quot;.</p>
      <p className="mt-2 text-muted">Revisa cómo lo escribiste o prueba con otra palabra, o mira todo el catálogo:</p>
      <p className="mt-4 flex flex-wrap justify-center gap-3">
        <Link to={buildCatalogPath("products")} className="font-semibold text-primary-strong underline">
          Ver productos
        </Link>
        <Link to={buildCatalogPath("services")} className="font-semibold text-primary-strong underline">
          Ver servicios
        </Link>
      </p>
    </div>
  );
}

export default function SearchPage({ loaderData: d }: Route.ComponentProps) {
  const hasProducts = d.products.length > 0;
  const hasServices = d.services.length > 0;
  const parts = [
    d.productTotal > 0 ? countText(d.productTotal, "producto", "productos") : null,
    d.serviceTotal > 0 ? countText(d.serviceTotal, "servicio", "servicios") : null,
  ].filter(Boolean);
  return (
    <section className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-bold">{d.query ? `Resultados para "${d.query}"` : "Buscar"}</h1>
      <div className="mt-6">
        <CatalogSearch
          placeholder={HEADER_SEARCH_PLACEHOLDER}
          query={d.query}
          brands={d.brands.length > 0 ? d.brands : undefined}
          brandSlug={d.brandSlug}
        />
      </div>
      {d.query && parts.length > 0 ? (
        <p className="mt-6 text-sm text-muted" role="status">
          {parts.join(" y ")}
        </p>
      ) : null}
      {d.suggestion ? <Suggestion suggestion={d.suggestion} /> : null}
      {!d.query ? (
        <p className="mt-8 text-lg text-muted">Escribe qué buscas: un producto, una marca o un servicio.</p>
      ) : null}
      {d.query && d.productTotal + d.serviceTotal === 0 ? <NothingFound query={d.query} /> : null}
      {hasProducts ? (
        <>
          <h2 className="mt-10 text-2xl font-bold">Productos</h2>
          <ProductGrid products={d.products} />
          <Pagination page={d.page} pageCount={d.pageCount} search={d.search} />
        </>
      ) : null}
      {hasServices ? (
        <>
          <h2 className="mt-12 text-2xl font-bold">Servicios</h2>
          <ul className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {d.services.map((service) => (
              <li key={service.id}>
                <ServiceCard service={service} whatsappPhone={d.whatsappPhone} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
