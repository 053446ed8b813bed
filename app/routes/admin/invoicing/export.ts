// /admin/comprobantes/exportar?mes=&tipo=&estado=: the month's registro de ventas as an .xlsx download.
import { requireAdmin } from "~/auth/guards.server";
import { parseDocumentListQuery } from "~/domain/invoicing/document-list";
import { exportSalesRegister } from "~/domain/invoicing/document-list.server";
import { excelDownload } from "~/lib/excel";

import type { Route } from "./+types/export";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { month, kind, status } = parseDocumentListQuery(new URL(request.url));
  const { bytes, fileName } = await exportSalesRegister({ month, kind, status });
  return excelDownload(bytes, fileName);
}
