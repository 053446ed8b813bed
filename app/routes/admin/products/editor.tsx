// /admin/productos/nuevo and /admin/productos/editar/:productId: the catalogue editor, for products.
import { loadCatalogEditor, saveCatalogEditor } from "~/routes/admin/catalog/editor.server";
import { CatalogEditor } from "~/ui/admin/catalog/catalog-editor";

import type { Route } from "./+types/editor";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.isNew === false ? "Editar producto" : "Nuevo producto"} | Gestión` },
];
export const loader = (args: Route.LoaderArgs) => loadCatalogEditor("products", args);
export const action = (args: Route.ActionArgs) => saveCatalogEditor("products", args);

export default function ProductEditor({ loaderData, actionData }: Route.ComponentProps) {
  return <CatalogEditor data={loaderData} actionData={actionData} />;
}
