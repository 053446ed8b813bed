/**
 * A storefront catalogue URL as React Router hands it to a loader: the request, and the
 * slugs of /productos/{family}/{category}/{subcategory} (or /servicios/…), decoded.
 */
export function catalogLoaderArgs(url: string) {
  const request = new Request(new URL(url, "http://localhost:3000"));
  const [familySlug, categorySlug, subcategorySlug] = new URL(request.url).pathname
    .split("/")
    .slice(2)
    .map(decodeURIComponent);
  return { request, params: { familySlug, categorySlug, subcategorySlug }, context: {} };
}
