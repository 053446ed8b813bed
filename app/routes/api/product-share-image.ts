import { getProductDetail } from "~/domain/catalog/products.server";
import { renderShareImage } from "~/domain/catalog/share-image.server";
import { pageTags } from "~/lib/page-cache/page-tags";
import { cachePage } from "~/lib/page-cache/render-context.server";

import type { Route } from "./+types/product-share-image";

/** GET /producto/{id}/imagen.jpg: the product's link-preview image. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = /^\d{1,9}$/.test(params.productId) ? Number(params.productId) : null;
  // The image, or its 404 for a while (the product may be created a moment later).
  if (id !== null) cachePage(context, [pageTags.product(id)], { isNotFoundCacheable: true });
  const product = id === null ? null : await getProductDetail(id);
  if (!product) return new Response("No encontrado", { status: 404 });
  const headers = {
    "Content-Type": "image/jpeg",
    "Cache-Control": "public, max-age=86400",
    "Last-Modified": product.updatedAt.toUTCString(),
  };
  // A preview service asking again with the date it has gets a 304, without a render.
  const since = Date.parse(request.headers.get("If-Modified-Since") ?? "");
  if (!Number.isNaN(since) && Math.floor(product.updatedAt.getTime() / 1000) * 1000 <= since) {
    return new Response(null, { status: 304, headers });
  }
  const jpeg = await renderShareImage(product.image);
  return new Response(new Uint8Array(jpeg), { headers });
}
