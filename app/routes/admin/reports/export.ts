// /admin/reportes/exportar?tabla=&rango=&desde=&hasta=: one of the report's tables as an .xlsx download.
import { requireAdmin } from "~/auth/guards.server";
import { exportReportTable } from "~/domain/reports/report.server";
import { excelDownload } from "~/lib/excel";

import type { Route } from "./+types/export";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const file = await exportReportTable(
    { preset: url.searchParams.get("rango"), from: url.searchParams.get("desde"), to: url.searchParams.get("hasta") },
    url.searchParams.get("tabla") ?? "",
  );
  if (!file) throw new Response("Esa tabla no existe.", { status: 404 });
  return excelDownload(file.bytes, file.fileName);
}
