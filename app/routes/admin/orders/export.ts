// /admin/pedidos/exportar?desde=&hasta=&estado=: the orders of a date range as an .xlsx download.
import { requireAdmin } from "~/auth/guards.server";
import { EXCEL_CONTENT_TYPE, parseOrderListQuery } from "~/domain/orders/order-admin";
import { exportOrdersWorkbook } from "~/domain/orders/order-export.server";
import type { Route } from "./+types/export";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { bytes, fileName } = await exportOrdersWorkbook(parseOrderListQuery(new URL(request.url)));
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": EXCEL_CONTENT_TYPE,
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Content-Length": String(bytes.byteLength),
      // Customers' contact data: for this administrator only, never cached.
      "Cache-Control": "private, no-store",
    },
  });
}
