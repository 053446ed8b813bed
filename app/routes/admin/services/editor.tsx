// /admin/servicios/nuevo and /admin/servicios/editar/:serviceId: the catalogue editor, for services.
import { loadCatalogEditor, saveCatalogEditor } from "~/routes/admin/catalog/editor.server";
import { CatalogEditor } from "~/ui/admin/catalog/catalog-editor";

import type { Route } from "./+types/editor";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.isNew === false ? "Editar servicio" : "Nuevo servicio"} | Gestión` },
];
export const loader = (args: Route.LoaderArgs) => loadCatalogEditor("services", args);
export const action = (args: Route.ActionArgs) => saveCatalogEditor("services", args);

export default function ServiceEditor({ loaderData, actionData }: Route.ComponentProps) {
  return <CatalogEditor data={loaderData} actionData={actionData} />;
}
