import { buildRobotsTxt } from "~/domain/content/seo";
import { getSiteOrigin } from "~/domain/content/site.server";
import { cachePage } from "~/lib/page-cache/render-context.server";

import type { Route } from "./+types/robots";

export function loader({ context }: Route.LoaderArgs) {
  // Fixed text and the shop's address (its configuration): no write changes it.
  cachePage(context, []);
  return new Response(buildRobotsTxt(getSiteOrigin()), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
