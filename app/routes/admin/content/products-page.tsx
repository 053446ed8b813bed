// The heading of the storefront's products page, for the owner to edit.
import { loadCatalogPageEditor, saveCatalogPageEditor } from "~/routes/admin/content/catalog-page.server";
import { CatalogPageForm } from "~/ui/admin/catalog/catalog-page-form";

import type { Route } from "./+types/products-page";

export const meta: Route.MetaFunction = () => [{ title: "Página de Productos | Gestión" }];
export const loader = (args: Route.LoaderArgs) => loadCatalogPageEditor("products", args);
export const action = (args: Route.ActionArgs) => saveCatalogPageEditor("products", args);

export default function ProductsPageEditor({ loaderData, actionData }: Route.ComponentProps) {
  return <CatalogPageForm kind="products" values={loaderData.values} actionData={actionData} />;
}
