// /admin/servicios: the catalogue list, for services.
import { loadCatalogList, runCatalogListAction } from "~/routes/admin/catalog/list.server";
import { CatalogList } from "~/ui/admin/catalog/catalog-list";

import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = () => [{ title: "Servicios | Gestión" }];
export const loader = (args: Route.LoaderArgs) => loadCatalogList("services", args);
export const action = (args: Route.ActionArgs) => runCatalogListAction("services", args);

export default function ServiceList({ loaderData }: Route.ComponentProps) {
  return <CatalogList data={loaderData} />;
}
