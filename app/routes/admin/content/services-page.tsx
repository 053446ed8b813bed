// The heading of the storefront's services page, for the owner to edit.
import { loadCatalogPageEditor, saveCatalogPageEditor } from "~/routes/admin/content/catalog-page.server";
import { CatalogPageForm } from "~/ui/admin/catalog/catalog-page-form";

import type { Route } from "./+types/services-page";

export const meta: Route.MetaFunction = () => [{ title: "Página de Servicios | Gestión" }];
export const loader = (args: Route.LoaderArgs) => loadCatalogPageEditor("services", args);
export const action = (args: Route.ActionArgs) => saveCatalogPageEditor("services", args);

export default function ServicesPageEditor({ loaderData, actionData }: Route.ComponentProps) {
  return <CatalogPageForm kind="services" values={loaderData.values} actionData={actionData} />;
}
