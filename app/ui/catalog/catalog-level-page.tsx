import type { ReactNode } from "react";

import type { CatalogKind } from "~/domain/catalog/kinds";
import { pageTitle } from "~/domain/content/seo";
import { Breadcrumbs } from "~/ui/catalog/breadcrumbs";
import { type LevelCard, LevelCards } from "~/ui/catalog/level-cards";

// One level of a storefront catalogue (/productos/... or /servicios/...): breadcrumbs, title,
// the search, the next level's cards, the level's items and what to say when there are none.
// The two route files fill it with their kind's search, cards and item grid.

export type CatalogLevelHead = { title: string; description: string; crumbs: { label: string; to: string }[] };

export function CatalogLevelPage({
  head,
  search,
  status,
  cards,
  cardOptions,
  itemsHeading,
  items,
  emptyText,
  footer,
}: {
  head: CatalogLevelHead;
  search: ReactNode;
  /** e.g. '3 productos encontrados', announced to screen readers. */
  status?: string | null;
  cards: LevelCard[];
  cardOptions?: { countLabel?: (count: number) => string; columns?: 3 | 4 };
  /** The heading over the items: visible under cards ('Otros productos'), else for screen readers. */
  itemsHeading: { text: string; isVisible: boolean } | null;
  items: ReactNode;
  emptyText: string | null;
  footer?: ReactNode;
}) {
  return (
    <section className="mx-auto max-w-7xl px-4 py-8">
      <Breadcrumbs crumbs={head.crumbs} />
      <h1 className="mt-3 text-3xl font-bold">{head.title}</h1>
      {head.description ? <p className="mt-2 max-w-3xl text-muted">{head.description}</p> : null}
      <div className="mt-6">{search}</div>
      {status ? (
        <p className="mt-6 text-sm text-muted" role="status">
          {status}
        </p>
      ) : null}
      {cards.length > 0 ? <LevelCards cards={cards} {...cardOptions} className="mt-8" /> : null}
      {itemsHeading ? (
        <h2 className={itemsHeading.isVisible ? "mt-10 text-2xl font-bold" : "sr-only"}>{itemsHeading.text}</h2>
      ) : null}
      {items}
      {emptyText ? <p className="mt-12 text-center text-lg text-muted">{emptyText}</p> : null}
      {footer}
    </section>
  );
}

type Matches = Parameters<typeof pageTitle>[1];

/**
 * What a level without a description offers, by kind: catalogKinds[kind].plural, written here
 * because kinds.ts (the back office's addresses and texts) would add to the store's first load.
 */
const itemsWords: Record<CatalogKind, string> = { products: "productos", services: "servicios" };

/** The head of a level: its title, a description ('Perros: productos para perros y gatos.'), its canonical URL. */
export function catalogLevelMeta(
  kind: CatalogKind,
  data: { title: string; description: string; canonicalUrl: string } | undefined,
  matches: Matches,
) {
  if (!data) return [{ title: pageTitle("Página no encontrada", matches) }];
  return [
    { title: pageTitle(data.title, matches) },
    { name: "description", content: data.description || `${data.title}: ${itemsWords[kind]} para perros y gatos.` },
    { tagName: "link", rel: "canonical", href: data.canonicalUrl },
  ];
}
