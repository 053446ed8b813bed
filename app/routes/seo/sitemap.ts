import { z } from "zod";

import { getSiteOrigin } from "~/domain/content/site.server";
import { buildSitemap } from "~/domain/content/sitemap.server";
import { pageTags } from "~/lib/page-cache/page-tags";
import { cachePage } from "~/lib/page-cache/render-context.server";

import type { Route } from "./+types/sitemap";

const pageSchema = z.coerce.number().int().min(1).optional();

export async function loader({ request, context }: Route.LoaderArgs) {
  cachePage(context, [
    // Every level of both catalogues.
    pageTags.catalog("products"),
    pageTags.catalog("services"),
    // The live products and their dates: every product write emits this tag.
    pageTags.productListings,
  ]);
  const raw = new URL(request.url).searchParams.get("pagina");
  const page = pageSchema.safeParse(raw ?? undefined);
  const xml = page.success ? await buildSitemap(getSiteOrigin(), page.data) : null;
  if (xml === null) {
    return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
