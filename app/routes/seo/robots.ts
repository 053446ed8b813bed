import { buildRobotsTxt } from "~/domain/content/seo";
import { getSiteOrigin } from "~/domain/content/site.server";

export function loader() {
  return new Response(buildRobotsTxt(getSiteOrigin()), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
