// /admin/productos/exportar and /admin/servicios/exportar: the catalogue as an .xlsx download.
import { requireAdmin } from "~/auth/guards.server";
import { EXCEL_CONTENT_TYPE, kindFromPath } from "~/domain/catalog/catalog-excel";
import { exportCatalogWorkbook } from "~/domain/catalog/catalog-excel.server";
import type { Route } from "./+types/export";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const kind = kindFromPath(new URL(request.url).pathname);
  const { bytes, fileName } = await exportCatalogWorkbook(kind);
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": EXCEL_CONTENT_TYPE,
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Content-Length": String(bytes.byteLength),
      // The catalogue of this instant, for an administrator only.
      "Cache-Control": "private, no-store",
    },
  });
}
