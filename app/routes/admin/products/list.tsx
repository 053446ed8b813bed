// /admin/productos: the catalogue list, for products.
import { loadCatalogList, runCatalogListAction } from "~/routes/admin/catalog/list.server";
import { CatalogList } from "~/ui/admin/catalog/catalog-list";

import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = () => [{ title: "Productos | Gestión" }];
export const loader = (args: Route.LoaderArgs) => loadCatalogList("products", args);
export const action = (args: Route.ActionArgs) => runCatalogListAction("products", args);

export default function ProductList({ loaderData }: Route.ComponentProps) {
  return <CatalogList data={loaderData} />;
}
