// The loader of /admin/productos/exportar and /admin/servicios/exportar: the catalogue as an
// .xlsx download. The route files only name their kind.
import { requireAdmin } from "~/auth/guards.server";
import { exportCatalogWorkbook } from "~/domain/catalog/excel/export.server";
import type { CatalogKind } from "~/domain/catalog/kinds";
import { excelDownload } from "~/lib/excel";

export async function loadCatalogExport(kind: CatalogKind, { request }: { request: Request }) {
  await requireAdmin(request);
  const { bytes, fileName } = await exportCatalogWorkbook(kind);
  return excelDownload(bytes, fileName);
}
