// /admin/servicios/exportar: the services as an .xlsx download (catalog-excel/export.server.ts).
import { loadCatalogExport } from "../catalog-excel/export.server";
import type { Route } from "./+types/export";

export function loader(args: Route.LoaderArgs) {
  return loadCatalogExport("services", args);
}
