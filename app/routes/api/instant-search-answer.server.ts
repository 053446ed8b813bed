// The instant results' answer (`/api/buscar?q=…`, issue 27) as the panel reads it: its route's
// loader and the page cache's answer without React Router (ADR 074) both send this.
import { buildCatalogPath, buildProductPath } from "~/domain/catalog/catalog-paths";
import { getUnitPriceCents, hasActiveOffer } from "~/domain/catalog/pricing";
import { responsiveImage } from "~/domain/media/image";
import { type InstantResult, instantResults } from "~/domain/search/instant-results.server";
import { formatMoney } from "~/lib/money";
import { pageTags } from "~/lib/page-cache/page-tags";
import { cachePage } from "~/lib/page-cache/render-context.server";
import {
  INSTANT_IMAGE_SIZES,
  type InstantSearchItem,
  type InstantSearchResponse,
} from "~/ui/search/instant-search-item";

/**
 * Browsers keep an answer half a minute (a shopper deleting and retyping a letter asks
 * nothing); the page cache keeps it until a write drops it (ADR 024).
 */
const INSTANT_SEARCH_CACHE_CONTROL = "public, max-age=30";

/** A service has no page of its own: the services catalogue searched for its title lists it. */
function buildServiceHref(title: string): string {
  return `${buildCatalogPath("services")}?${new URLSearchParams({ q: title })}`;
}

/** The price as the catalogue's cards show it: offer beside the struck price, 'Desde', or 'Consultar'. */
function describePrice(result: InstantResult) {
  if (!result.showPrice) return { priceText: "Consultar", regularPriceText: null, isFromPrice: false };
  const isOffer = hasActiveOffer(result);
  return {
    priceText: formatMoney(getUnitPriceCents(result)),
    regularPriceText: isOffer ? formatMoney(result.priceCents) : null,
    isFromPrice: result.priceVaries,
  };
}

function toInstantSearchItem(result: InstantResult): InstantSearchItem {
  return {
    kind: result.kind,
    id: result.id,
    title: result.title,
    href: result.kind === "product" ? buildProductPath(result.id) : buildServiceHref(result.title),
    image: responsiveImage(result.image, INSTANT_IMAGE_SIZES),
    imageAlt: result.imageAlt || result.title,
    ...describePrice(result),
    isSoldOut: result.isSoldOut,
  };
}

const INSTANT_SEARCH_TAGS = [pageTags.productListings, pageTags.catalog("products"), pageTags.catalog("services")];

/**
 * The answer to `/api/buscar?q=…` for these search parameters, as a JSON text. Shared by every
 * visitor, so the page cache stores it: products listed and their prices (product writes, sold
 * out/back, synonyms) and the services' catalogue drop it.
 */
export async function instantSearchAnswer(
  searchParams: URLSearchParams,
  context: Parameters<typeof cachePage>[0],
): Promise<string> {
  cachePage(context, INSTANT_SEARCH_TAGS);
  const { query, items } = await instantResults(searchParams.get("q") ?? "");
  const body: InstantSearchResponse = { query, items: items.map(toInstantSearchItem) };
  return JSON.stringify(body);
}

/** The headers of every answer of `/api/buscar`. */
export function instantSearchHeaders(): Headers {
  return new Headers({ "Content-Type": "application/json", "Cache-Control": INSTANT_SEARCH_CACHE_CONTROL });
}
