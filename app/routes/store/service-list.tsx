import { data } from "react-router";

import { readConfig } from "~/config.server";
import { parseCatalogQuery } from "~/domain/catalog/catalog";
import { buildCatalogPath, buildCrumbs, listPathLevels } from "~/domain/catalog/catalog-paths";
import { countServicesByChild, listServices } from "~/domain/catalog/services.server";
import { listChildLevels, resolveTaxonomyPath, serviceTree } from "~/domain/catalog/taxonomy.server";
import { getPageContent } from "~/domain/content/page-content.server";
import { pageTitle } from "~/domain/content/seo";
import { getShopSettings } from "~/domain/settings/settings.server";
import { normalizeForSearch } from "~/lib/text";
import { Breadcrumbs } from "~/ui/catalog/breadcrumbs";
import { CatalogSearch } from "~/ui/catalog/catalog-search";
import { LevelCards } from "~/ui/catalog/level-cards";
import { ServiceCard } from "~/ui/catalog/service-card";

import type { Route } from "./+types/service-list";

export const meta: Route.MetaFunction = ({ data, matches }) => {
  if (!data) return [{ title: pageTitle("Página no encontrada", matches) }];
  return [
    { title: pageTitle(data.title, matches) },
    { name: "description", content: data.description || `${data.title}: servicios para perros y gatos.` },
    { tagName: "link", rel: "canonical", href: data.canonicalUrl },
  ];
};

export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { q } = parseCatalogQuery(url);
  const path = await resolveTaxonomyPath(serviceTree, params);
  if (!path) throw data(null, { status: 404 });

  const [page, settings, children, counts] = await Promise.all([
    getPageContent("services"),
    getShopSettings(),
    listChildLevels(serviceTree, path),
    countServicesByChild(path),
  ]);
  const needle = q ? normalizeForSearch(q) : "";
  // 'Buscar servicios o categorías...': the search matches the levels' names too.
  const matchingChildren = needle
    ? children.filter((child) => normalizeForSearch(child.name).includes(needle))
    : children;
  const isServiceLevel = path.subcategory !== undefined || (path.category !== undefined && children.length === 0);
  // A service's family, category and subcategory are optional: a level with children also
  // lists, under their cards, the services saved without the next level: no card leads to
  // them, though the card one level up counts them.
  const isDirectOnly = !needle && !isServiceLevel;
  const items = await listServices({ path, query: q, isDirectOnly });

  const levels = listPathLevels(path);
  const basePath = buildCatalogPath("services", path);
  return {
    title: levels.length === 0 ? (page?.mainTitle ?? "Nuestros Servicios") : levels.map((l) => l.name).join(" - "),
    description: levels.length === 0 ? (page?.mainDescription ?? "") : "",
    canonicalUrl: `${readConfig().appUrl}${basePath}`,
    crumbs: buildCrumbs("services", "Servicios", path),
    children: matchingChildren.map((child) => ({
      id: child.id,
      name: child.name,
      icon: child.icon,
      count: counts.get(child.id) ?? 0,
      to: buildCatalogPath("services", path, child),
    })),
    services: items,
    hasOtherServicesHeading: isDirectOnly && matchingChildren.length > 0,
    query: q,
    whatsappPhone: settings.contactPhone,
  };
}

export default function ServiceList({ loaderData }: Route.ComponentProps) {
  const d = loaderData;
  const isEmpty = d.children.length === 0 && d.services.length === 0;
  return (
    <section className="mx-auto max-w-7xl px-4 py-8">
      <Breadcrumbs crumbs={d.crumbs} />
      <h1 className="mt-3 text-3xl font-bold">{d.title}</h1>
      {d.description ? <p className="mt-2 max-w-3xl text-muted">{d.description}</p> : null}
      <div className="mt-6">
        <CatalogSearch placeholder="Buscar servicios o categorías..." query={d.query} />
      </div>
      {d.children.length > 0 ? (
        <LevelCards
          cards={d.children}
          countLabel={(n) => (n === 1 ? "1 servicio" : `${n} servicios`)}
          columns={3}
          className="mt-8"
        />
      ) : null}
      {d.services.length > 0 ? (
        // Under the cards of the next level, a visible heading says these are the level's other services.
        <h2 className={d.hasOtherServicesHeading ? "mt-10 text-2xl font-bold" : "sr-only"}>
          {d.hasOtherServicesHeading ? "Otros servicios" : "Servicios"}
        </h2>
      ) : null}
      {d.services.length > 0 ? (
        <ul className="mt-8 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {d.services.map((service) => (
            <li key={service.id}>
              <ServiceCard service={service} whatsappPhone={d.whatsappPhone} />
            </li>
          ))}
        </ul>
      ) : null}
      {isEmpty ? (
        <p className="mt-12 text-center text-lg text-muted">
          No se encontraron elementos que coincidan con tu búsqueda.
        </p>
      ) : null}
    </section>
  );
}
