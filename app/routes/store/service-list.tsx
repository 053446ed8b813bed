import { data } from "react-router";

import { parseCatalogQuery } from "~/domain/catalog/catalog";
import { describeLevel, levelIds, resolveLevel } from "~/domain/catalog/catalog-level.server";
import { buildCatalogPath } from "~/domain/catalog/catalog-paths";
import { countServicesByChild, listServices } from "~/domain/catalog/services.server";
import { listChildLevels, serviceTree } from "~/domain/catalog/taxonomy.server";
import { getPageContent } from "~/domain/content/page-content.server";
import { searchCatalog } from "~/domain/search/catalog-search.server";
import { getShopSettings } from "~/domain/settings/settings.server";
import { pageTags } from "~/lib/page-cache/page-tags";
import { cachePage } from "~/lib/page-cache/render-context.server";
import { normalizeForSearch } from "~/lib/text";
import { catalogLevelMeta, CatalogLevelPage } from "~/ui/catalog/catalog-level-page";
import { CatalogSearch } from "~/ui/catalog/catalog-search";
import { ServiceCard } from "~/ui/catalog/service-card";

import type { Route } from "./+types/service-list";

export const meta: Route.MetaFunction = ({ data, matches }) => catalogLevelMeta("services", data, matches);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { q } = parseCatalogQuery(url);
  const path = await resolveLevel(serviceTree, params);
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
  // A text search ranks with the shop's search (typos, synonyms), within this level.
  const items = q
    ? (await searchCatalog({ q, kind: "services", level: levelIds(path) })).services.items
    : await listServices({ path, isDirectOnly });
  cachePage(context, [
    // The levels, their counts and the services listed: every service write emits this tag.
    pageTags.catalog("services"),
    pageTags.pageContent("services"),
    // The WhatsApp number of the cards' buttons.
    pageTags.settings,
  ]);

  const head = describeLevel("services", path, page);
  return {
    ...head.page,
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

export default function ServiceList({ loaderData: d }: Route.ComponentProps) {
  const isEmpty = d.children.length === 0 && d.services.length === 0;
  return (
    <CatalogLevelPage
      head={d}
      search={<CatalogSearch placeholder="Buscar servicios o categorías..." query={d.query} />}
      cards={d.children}
      cardOptions={{ countLabel: (n) => (n === 1 ? "1 servicio" : `${n} servicios`), columns: 3 }}
      // Under the cards of the next level, a visible heading says these are the level's other services.
      itemsHeading={
        d.services.length > 0
          ? { text: d.hasOtherServicesHeading ? "Otros servicios" : "Servicios", isVisible: d.hasOtherServicesHeading }
          : null
      }
      items={
        d.services.length > 0 ? (
          <ul className="mt-8 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {d.services.map((service) => (
              <li key={service.id}>
                <ServiceCard service={service} whatsappPhone={d.whatsappPhone} />
              </li>
            ))}
          </ul>
        ) : null
      }
      emptyText={isEmpty ? "No se encontraron elementos que coincidan con tu búsqueda." : null}
    />
  );
}
