// /admin/pedidos/exportar?desde=&hasta=&estado=: the orders of a date range as an .xlsx download.
import { requireAdmin } from "~/auth/guards.server";
import { parseOrderListQuery } from "~/domain/orders/order-admin";
import { exportOrdersWorkbook } from "~/domain/orders/order-export.server";
import { excelDownload } from "~/lib/excel";

import type { Route } from "./+types/export";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { bytes, fileName } = await exportOrdersWorkbook(parseOrderListQuery(new URL(request.url)));
  return excelDownload(bytes, fileName);
}
