// /admin/servicios/importar: the catalogue import of the services (catalog-excel/import.server.ts).
import { pageTitle } from "~/domain/content/seo";
import { CatalogImportPage, catalogImportTitle } from "~/ui/admin/catalog-import/catalog-import-page";

import { loadCatalogImport, runCatalogImport } from "../catalog-excel/import.server";
import type { Route } from "./+types/import";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(catalogImportTitle(loaderData?.kind), matches) },
];

export function loader(args: Route.LoaderArgs) {
  return loadCatalogImport("services", args);
}

export function action(args: Route.ActionArgs) {
  return runCatalogImport("services", args);
}

export default function ServiceImport({ actionData }: Route.ComponentProps) {
  return <CatalogImportPage kind="services" actionData={actionData} />;
}
