import { href } from "react-router";

import { buildCatalogPath } from "~/domain/catalog/catalog-paths";
import type { PageContents } from "~/domain/content/page-content";
import { responsiveImage } from "~/domain/media/image";
import { Icon, type IconName } from "~/ui/icons/icon";
import { lazySlot, renderNothing } from "~/ui/lazy-slot";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";

export type HomeContent = PageContents["home"];

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

// The offers (with their product cards and prices), the visit-us block and the networks are a
// chunk of their own, out of home's first load (the 120 KB budget, docs/decisions/013): they sit
// under the first screen, and without JavaScript they are only links. The server renders them in
// full: this module waits for the chunk before any page is rendered. If the chunk cannot be
// fetched, the page goes on without them.
const loadLower = () => import("./home-lower-sections").catch(() => null);
const featuredOffers = lazySlot(() => loadLower().then((module) => module?.FeaturedOffers ?? renderNothing));
const visitUs = lazySlot(() => loadLower().then((module) => module?.VisitUs ?? renderNothing));
const followUs = lazySlot(() => loadLower().then((module) => module?.FollowUs ?? renderNothing));
if (import.meta.env.SSR) await Promise.all([featuredOffers.preload(), visitUs.preload(), followUs.preload()]);

export const FeaturedOffers = featuredOffers.Slot;
export const VisitUs = visitUs.Slot;
export const FollowUs = followUs.Slot;
