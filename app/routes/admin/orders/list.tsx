import { Eye, FileDown, Search, X } from "lucide-react";
import { Form, href, Link, useLocation } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import { orderStatusLabels } from "~/domain/account/order-status";
import { orderExportHref, type OrderListQuery, parseOrderListQuery } from "~/domain/orders/order-admin";
import { type AdminOrderRow, listAdminOrders } from "~/domain/orders/order-admin.server";
import { formatMoney } from "~/lib/money";
import { AdminPageHeader } from "~/ui/admin/admin-page";
import { type Column, DataTable } from "~/ui/admin/data-table";
import { OrderStatusBadge } from "~/ui/admin/order-status-badge";
import { Pagination } from "~/ui/catalog/pagination";
import { Field, SelectField } from "~/ui/form/field";
import { Button } from "~/ui/primitives/button";

import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = () => [{ title: "Pedidos | Gestión" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = parseOrderListQuery(new URL(request.url));
  const list = await listAdminOrders(query);
  return { ...list, query };
}

const columns: Column<AdminOrderRow>[] = [
  {
    key: "codigo",
    header: "Código",
    cell: (row) => (
      <span className="flex flex-col gap-1">
        <Link
          to={href("/admin/pedidos/:orderId", { orderId: String(row.id) })}
          className="font-semibold whitespace-nowrap text-primary-strong hover:underline"
        >
          {row.code}
        </Link>
        {/* On a phone the status and total columns are off to the right: repeated here. */}
        <span className="flex items-center gap-2 text-xs whitespace-nowrap sm:hidden">
          <OrderStatusBadge status={row.status} /> {formatMoney(row.totalCents)}
        </span>
      </span>
    ),
  },
  { key: "fecha", header: "Fecha", className: "whitespace-nowrap", cell: (row) => row.date },
  {
    key: "cliente",
    header: "Cliente",
    className: "min-w-48",
    cell: (row) => (
      <span className="flex flex-col">
        <span className="font-medium">{row.customerName || "Sin nombre"}</span>
        <span className="text-xs text-muted">{[row.customerPhone, row.customerEmail].filter(Boolean).join(" · ")}</span>
      </span>
    ),
  },
  {
    key: "total",
    header: "Total",
    className: "text-right whitespace-nowrap",
    cell: (row) => formatMoney(row.totalCents),
  },
  { key: "pago", header: "Método de pago", cell: (row) => row.paymentMethodName },
  { key: "estado", header: "Estado", cell: (row) => <OrderStatusBadge status={row.status} /> },
  {
    key: "acciones",
    header: <span className="sr-only">Acciones</span>,
    className: "text-right",
    cell: (row) => (
      <Button asChild variant="ghost" size="sm">
        <Link to={href("/admin/pedidos/:orderId", { orderId: String(row.id) })} aria-label={`Ver pedido ${row.code}`}>
          <Eye aria-hidden />
        </Link>
      </Button>
    ),
  },
];

/** A GET form: the filters live in the URL, so the dashboard tile and the browser's back work. */
function OrderFilters({ query }: { query: OrderListQuery }) {
  const hasFilters = Boolean(query.status || query.from || query.to || query.q);
  return (
    <Form
      method="get"
      role="search"
      aria-label="Filtrar pedidos"
      // Remounted when the URL changes, so 'Limpiar' and the back button reset the fields.
      key={`${query.status}|${query.from}|${query.to}|${query.q}`}
      className="mb-4 grid grid-cols-2 gap-3 rounded-xl border bg-white p-4 shadow-sm lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto]"
    >
      {/* Filters outside any form state: each field's binding is written here. */}
      <Field
        className="col-span-2 lg:col-span-1"
        label="Buscar"
        field={{ id: "order-search", name: "q", defaultValue: query.q }}
        inputProps={{ type: "search", placeholder: "Código, nombre, correo o celular" }}
      />
      <SelectField
        className="col-span-2 lg:col-span-1"
        label="Estado"
        field={{ id: "order-status-filter", name: "estado", defaultValue: query.status ?? "" }}
      >
        <option value="">Todos</option>
        {Object.entries(orderStatusLabels).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <Field
        label="Desde"
        field={{ id: "order-from", name: "desde", defaultValue: query.from ?? "" }}
        inputProps={{ type: "date" }}
      />
      <Field
        label="Hasta"
        field={{ id: "order-to", name: "hasta", defaultValue: query.to ?? "" }}
        inputProps={{ type: "date" }}
      />
      <div className="col-span-2 flex items-end gap-2 lg:col-span-1">
        <Button type="submit" variant="outline">
          <Search aria-hidden /> Filtrar
        </Button>
        {hasFilters ? (
          <Button asChild variant="ghost">
            <Link to={href("/admin/pedidos")}>
              <X aria-hidden /> Limpiar
            </Link>
          </Button>
        ) : null}
      </div>
    </Form>
  );
}

function describeRange(query: OrderListQuery): string {
  if (query.from && query.to)
    return query.from === query.to ? ` del ${query.from}` : ` del ${query.from} al ${query.to}`;
  if (query.from) return ` desde el ${query.from}`;
  if (query.to) return ` hasta el ${query.to}`;
  return "";
}

export default function OrderList({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, query } = loaderData;
  const { search } = useLocation();
  return (
    <>
      <AdminPageHeader
        title="Pedidos"
        description="Pedidos enviados desde el carrito por WhatsApp, del más reciente al más antiguo."
        actions={
          <Button asChild variant="outline">
            {/* A download, not a page: the browser must not route it client-side. */}
            <a href={orderExportHref(query)} download>
              <FileDown aria-hidden /> Exportar (Excel)
            </a>
          </Button>
        }
      />
      <OrderFilters query={query} />
      <p className="mb-3 text-sm text-muted" aria-live="polite">
        {total === 1 ? "1 pedido" : `${total} pedidos`}
        {query.status ? ` en estado "${orderStatusLabels[query.status]}"` : ""}
        {describeRange(query)}
        {query.q ? ` para "${query.q}"` : ""}
      </p>
      <DataTable
        caption="Pedidos"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        emptyMessage="No hay pedidos para mostrar."
      />
      <Pagination page={page} pageCount={pageCount} search={search} />
    </>
  );
}
