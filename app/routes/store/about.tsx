import { href } from "react-router";

import { getPageContent } from "~/domain/content/page-content.server";
import { buildPageMeta, readShopName } from "~/domain/content/seo";
import { pageTitle } from "~/domain/content/seo";
import { getSiteOrigin } from "~/domain/content/site.server";
import { summarise } from "~/domain/content/text-blocks";
import { pageTags } from "~/lib/page-cache/page-tags";
import { cachePage } from "~/lib/page-cache/render-context.server";
import { AboutPage } from "~/ui/content/about-page";

import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const about = loaderData?.about;
  const title = pageTitle(about?.title || "Nosotros", matches);
  if (!loaderData) return [{ title }];
  return buildPageMeta({
    title,
    description: about ? summarise(about.content) : "Conoce nuestra historia, nuestros valores y a nuestro equipo.",
    origin: loaderData.origin,
    path: href("/nosotros"),
    siteName: readShopName(matches),
  });
};

export async function loader({ context }: Route.LoaderArgs) {
  cachePage(context, [pageTags.pageContent("about")]);
  return { about: await getPageContent("about"), origin: getSiteOrigin() };
}

export default function About({ loaderData }: Route.ComponentProps) {
  return <AboutPage content={loaderData.about} />;
}
