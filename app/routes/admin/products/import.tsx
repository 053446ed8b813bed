// /admin/productos/importar: the catalogue import of the products (catalog-excel/import.server.ts).
import { pageTitle } from "~/domain/content/seo";
import { CatalogImportPage, catalogImportTitle } from "~/ui/admin/catalog-import/catalog-import-page";

import { loadCatalogImport, runCatalogImport } from "../catalog-excel/import.server";
import type { Route } from "./+types/import";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(catalogImportTitle(loaderData?.kind), matches) },
];

export function loader(args: Route.LoaderArgs) {
  return loadCatalogImport("products", args);
}

export function action(args: Route.ActionArgs) {
  return runCatalogImport("products", args);
}

export default function ProductImport({ actionData }: Route.ComponentProps) {
  return <CatalogImportPage kind="products" actionData={actionData} />;
}
