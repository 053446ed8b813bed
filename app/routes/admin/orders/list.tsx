import { href, useLocation } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import { orderExportHref, parseOrderListQuery } from "~/domain/orders/order-admin";
import { listAdminOrders } from "~/domain/orders/order-admin.server";
import { AdminPageHeader } from "~/ui/admin/admin-page";
import { DataTable } from "~/ui/admin/data-table";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { describeOrderQuery, orderColumns, OrderFilters } from "~/ui/admin/orders/order-list-parts";
import { Pagination } from "~/ui/catalog/pagination";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";

import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = () => [{ title: "Pedidos | Gestión" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = parseOrderListQuery(new URL(request.url));
  const list = await listAdminOrders(query);
  return { ...list, query };
}

export default function OrderList({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, query } = loaderData;
  const { search } = useLocation();
  return (
    <>
      <AdminPageHeader
        title="Pedidos"
        description="Pedidos de la tienda, del más reciente al más antiguo."
        actions={
          <>
            <Button asChild variant="outline">
              <Link to={href("/admin/pedidos/reparto")}>
                <AdminIcon name="truck" /> Hoja de reparto
              </Link>
            </Button>
            <Button asChild variant="outline">
              {/* A download, not a page: the browser must not route it client-side. */}
              <a href={orderExportHref(query)} download>
                <AdminIcon name="file-down" /> Exportar (Excel)
              </a>
            </Button>
          </>
        }
      />
      <OrderFilters query={query} />
      <p className="mb-3 text-sm text-muted" aria-live="polite">
        {describeOrderQuery(total, query)}
      </p>
      <DataTable
        caption="Pedidos"
        columns={orderColumns}
        rows={rows}
        rowKey={(row) => row.id}
        emptyMessage="No hay pedidos para mostrar."
      />
      <Pagination page={page} pageCount={pageCount} search={search} />
    </>
  );
}
