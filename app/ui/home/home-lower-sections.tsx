import { href } from "react-router";

import type { FeaturedProduct } from "~/domain/catalog/featured.server";
import type { SocialLink } from "~/domain/content/shop-profile";
import { ProductCard } from "~/ui/catalog/product-card";
import { ImageBand } from "~/ui/content/image-band";
import { SocialLinks } from "~/ui/content/social-links";
import { Icon } from "~/ui/icons/icon";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";

import type { HomeContent } from "./home-sections";

// Home's sections under the first screen, a chunk of their own (home-sections.tsx loads them).

export function FeaturedOffers({ content, products }: { content: HomeContent; products: FeaturedProduct[] }) {
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="destacados-titulo" className="mx-auto max-w-7xl px-4">
      <div className="mb-6 text-center">
        <h2 id="destacados-titulo" className="text-3xl font-bold text-primary-strong">
          {content.featuredSectionTitle}
        </h2>
        {content.featuredSectionSubtitle ? (
          <p className="mt-2 text-lg text-muted">{content.featuredSectionSubtitle}</p>
        ) : null}
      </div>
      {/* Centred rows: two or three offers do not leave a hole on the right. */}
      <ul className="flex flex-wrap justify-center gap-4 md:gap-6">
        {products.map((product) => (
          <li
            key={product.id}
            className="w-full min-[480px]:w-[calc(50%-0.5rem)] md:w-[calc(50%-0.75rem)] lg:w-[calc(25%-1.125rem)]"
          >
            <ProductCard product={product} isDescriptionShown />
          </li>
        ))}
      </ul>
    </section>
  );
}

export function VisitUs({ content }: { content: HomeContent }) {
  if (!content.visitUsTitle) return null;
  return (
    <ImageBand headingId="visitanos-titulo" image={content.visitUsImage} sizes="(min-width: 1024px) 640px, 100vw">
      <div className="flex flex-col items-start gap-4 p-6 sm:p-10">
        <h2 id="visitanos-titulo" className="text-3xl font-bold text-primary-strong">
          {content.visitUsTitle}
        </h2>
        {content.visitUsText ? <p className="text-lg text-ink">{content.visitUsText}</p> : null}
        <Button asChild size="lgWrap">
          <Link to={href("/contacto")}>
            {content.visitUsLinkText}
            <Icon name="arrow-right" aria-hidden />
          </Link>
        </Button>
      </div>
    </ImageBand>
  );
}

export function FollowUs({
  content,
  links,
  shopName,
}: {
  content: HomeContent;
  links: SocialLink[];
  shopName: string;
}) {
  if (links.length === 0) return null;
  return (
    <section
      aria-labelledby="redes-titulo"
      className="mx-auto flex max-w-7xl flex-col items-center gap-4 px-4 text-center"
    >
      <h2 id="redes-titulo" className="text-xl font-semibold text-ink">
        {content.socialLinksTitle}
      </h2>
      <SocialLinks links={links} shopName={shopName} className="justify-center" />
    </section>
  );
}
