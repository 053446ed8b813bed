// /admin/productos/exportar and /admin/servicios/exportar: the catalogue as an .xlsx download.
import { requireAdmin } from "~/auth/guards.server";
import { kindFromPath } from "~/domain/catalog/catalog-excel";
import { exportCatalogWorkbook } from "~/domain/catalog/catalog-excel.server";
import { excelDownload } from "~/lib/excel";

import type { Route } from "./+types/export";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { bytes, fileName } = await exportCatalogWorkbook(kindFromPath(new URL(request.url).pathname));
  return excelDownload(bytes, fileName);
}
