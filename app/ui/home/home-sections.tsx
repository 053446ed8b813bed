import { href, Link } from "react-router";

import { buildCatalogPath } from "~/domain/catalog/catalog-paths";
import type { FeaturedProduct } from "~/domain/catalog/featured.server";
import type { PageContents } from "~/domain/content/page-content";
import type { SocialLink } from "~/domain/content/shop-profile";
import { responsiveImage } from "~/domain/media/image";
import { ProductCard } from "~/ui/catalog/product-card";
import { SocialLinks } from "~/ui/content/social-links";
import { Icon, type IconName } from "~/ui/icons/icon";
import { Button } from "~/ui/primitives/button";

type HomeContent = PageContents["home"];

export function HomeHero({ content, logo }: { content: HomeContent; logo: string | null }) {
  return (
    <section className="bg-gradient-to-b from-primary-soft to-surface">
      <div className="mx-auto flex max-w-5xl flex-col items-center px-4 py-12 text-center sm:py-16">
        <img
          {...responsiveImage(logo, "(min-width: 640px) 112px, 96px")}
          alt=""
          width={112}
          height={112}
          className="size-24 object-contain sm:size-28"
        />
        <h1 className="mt-6 text-3xl font-bold text-balance text-primary-strong sm:text-5xl">{content.heroTitle}</h1>
        {content.heroSubtitle ? (
          <p className="mt-4 max-w-2xl text-lg text-pretty text-muted">{content.heroSubtitle}</p>
        ) : null}
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link to={buildCatalogPath("products")}>Explorar Productos</Link>
          </Button>
          <Button asChild size="lg" variant="secondary">
            <Link to={href("/contacto")}>Encuéntranos</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}

export function HomeCards({ content }: { content: HomeContent }) {
  const cards: { to: string; title: string; text: string; icon: IconName; tone: string }[] = [
    {
      to: href("/nosotros"),
      title: content.aboutCardTitle,
      text: content.aboutCardText,
      icon: "heart-handshake",
      tone: "bg-secondary-soft text-ink",
    },
    {
      to: buildCatalogPath("products"),
      title: content.productsCardTitle,
      text: content.productsCardText,
      icon: "shopping-bag",
      tone: "bg-primary-soft text-primary-strong",
    },
    {
      to: buildCatalogPath("services"),
      title: content.servicesCardTitle,
      text: content.servicesCardText,
      icon: "stethoscope",
      tone: "bg-secondary-soft text-ink",
    },
  ];
  return (
    <section aria-label="Conócenos" className="mx-auto max-w-7xl px-4">
      <ul className="grid gap-4 md:grid-cols-3 md:gap-6">
        {cards.map(({ to, title, text, icon, tone }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex h-full flex-col items-start gap-3 rounded-2xl border bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md"
            >
              <span className={`flex size-12 items-center justify-center rounded-2xl ${tone}`}>
                <Icon name={icon} className="size-6" />
              </span>
              <h2 className="text-xl font-bold text-ink group-hover:text-primary-strong">{title}</h2>
              <p className="text-muted">{text}</p>
              <span
                className="mt-auto inline-flex items-center gap-1 pt-1 text-sm font-semibold text-primary-strong"
                aria-hidden
              >
                Ver más <Icon name="arrow-right" className="size-4 transition group-hover:translate-x-0.5" />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

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
    <section aria-labelledby="visitanos-titulo" className="mx-auto max-w-7xl px-4">
      {/* One shrinkable column on phones: at 320 px the button's label would widen the page. */}
      <div className="grid grid-cols-1 items-center overflow-hidden rounded-3xl bg-primary-soft md:grid-cols-2">
        {content.visitUsImage ? (
          <img
            {...responsiveImage(content.visitUsImage, "(min-width: 1024px) 640px, 100vw")}
            alt=""
            width={1200}
            height={800}
            loading="lazy"
            decoding="async"
            className="aspect-[3/2] size-full object-cover"
          />
        ) : null}
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
      </div>
    </section>
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
