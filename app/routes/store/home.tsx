import { href } from "react-router";

import { listFeaturedOffers } from "~/domain/catalog/featured.server";
import { homePageSchema } from "~/domain/content/page-content";
import { getPageContent } from "~/domain/content/page-content.server";
import { listActivePromotions, msUntilCarouselChanges } from "~/domain/content/promotions.server";
import { buildPageMeta, buildPetStoreJsonLd } from "~/domain/content/seo";
import { pageTitle } from "~/domain/content/seo";
import { listActiveSocialLinks } from "~/domain/content/shop-profile";
import { getSiteOrigin } from "~/domain/content/site.server";
import { getShopSettings } from "~/domain/settings/settings.server";
import { pageTags } from "~/lib/page-cache/page-tags";
import { cachePage } from "~/lib/page-cache/render-context.server";
import { FeaturedOffers, FollowUs, HomeCards, HomeHero, VisitUs } from "~/ui/home/home-sections";
import { PromotionsCarousel } from "~/ui/home/promotions-carousel";

import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: pageTitle("Inicio", matches) }];
  const { home, shop, origin } = loaderData;
  return [
    ...buildPageMeta({
      title: pageTitle("Inicio", matches),
      description: home.heroSubtitle || home.heroTitle,
      origin,
      path: href("/"),
      siteName: shop.name,
    }),
    buildPetStoreJsonLd(origin, shop),
  ];
};

export async function loader({ context }: Route.LoaderArgs) {
  const now = new Date();
  const [content, promotions, featured, settings, carouselMaxAgeMs] = await Promise.all([
    getPageContent("home"),
    listActivePromotions(now),
    listFeaturedOffers(),
    getShopSettings(),
    msUntilCarouselChanges(now),
  ]);
  cachePage(
    context,
    [
      pageTags.pageContent("home"),
      pageTags.promotions,
      // Which products are offers, and in which order (in stock first).
      pageTags.productListings,
      ...featured.map((product) => pageTags.product(product.id)),
    ],
    // A slide's 'Usar cupón' shows while its coupon is valid: the page goes when that changes.
    { maxAgeMs: carouselMaxAgeMs },
  );
  // Without stored texts the page still works: the shop's name as the title, the
  // schema's defaults for the rest, and no visit-us block.
  const home =
    content ??
    homePageSchema.parse({
      heroTitle: settings.shopName,
      heroSubtitle: "",
      featuredSectionTitle: "Productos Destacados",
      visitUsTitle: "",
      visitUsText: "",
      visitUsImage: "",
    });
  return {
    home,
    promotions,
    featured,
    origin: getSiteOrigin(),
    shop: {
      name: settings.shopName,
      logo: settings.logo,
      email: settings.contactEmail,
      phone: settings.contactPhone,
      address: settings.contactAddress,
      socialLinks: listActiveSocialLinks(settings.socialMedia),
    },
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { home, promotions, featured, shop } = loaderData;
  return (
    <div className="flex flex-col gap-12 pb-4 sm:gap-16">
      <div>
        <PromotionsCarousel promotions={promotions} />
        <HomeHero content={home} logo={shop.logo} />
      </div>
      <HomeCards content={home} />
      <FeaturedOffers content={home} products={featured} />
      <VisitUs content={home} />
      <FollowUs content={home} links={shop.socialLinks} shopName={shop.name} />
    </div>
  );
}
