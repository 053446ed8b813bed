import type { ReactNode } from "react";
import { Form, href } from "react-router";

import { orderStatusLabels } from "~/domain/account/order-status";
import {
  fulfillmentFilterLabels,
  fulfillmentLabels,
  type OrderListQuery,
  paymentFilterLabels,
} from "~/domain/orders/order-admin";
import type { AdminOrderRow } from "~/domain/orders/order-admin.server";
import { showDateInput } from "~/lib/date-display";
import { formatMoney } from "~/lib/money";
import type { Column } from "~/ui/admin/data-table";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { FilterActions, OptionsOf } from "~/ui/admin/list-filter-parts";
import { OrderStatusBadge } from "~/ui/admin/order-status-badge";
import { DateField } from "~/ui/form/date-field";
import { Field, SelectField } from "~/ui/form/field";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";

import { OrderPaymentBadge } from "./order-payment-badge";

// The orders list's columns and its filters (a GET form: they live in the URL, so the
// dashboard tile, the browser's back and a page without JavaScript all work).

/** '30/11/2026 15:36' as the day, with the hour under it. */
function DayAndHour({ dateTime }: { dateTime: string }) {
  const at = dateTime.lastIndexOf(" ");
  if (at < 0) return <>{dateTime}</>;
  return (
    <span className="flex flex-col">
      <span>{dateTime.slice(0, at)}</span>
      <span className="text-xs text-muted">{dateTime.slice(at + 1)}</span>
    </span>
  );
}

function FulfillmentCell({ row }: { row: AdminOrderRow }) {
  if (!row.fulfillment) return <span className="text-muted">—</span>;
  return (
    <span className="flex flex-col">
      <span>{fulfillmentLabels[row.fulfillment]}</span>
      {row.fulfillment === "delivery" && row.deliveryDistrict ? (
        <span className="text-xs text-muted">{row.deliveryDistrict}</span>
      ) : null}
    </span>
  );
}

export const orderColumns: Column<AdminOrderRow>[] = [
  {
    key: "codigo",
    header: "Código",
    cell: (row) => (
      <OrderCodeCell order={row}>
        <OrderStatusBadge status={row.status} /> {formatMoney(row.totalCents)}
      </OrderCodeCell>
    ),
  },
  {
    key: "fecha",
    header: "Fecha",
    className: "whitespace-nowrap",
    // The day, and the hour under it (as the client's phone and the district): at 1366 px the
    // table then fits beside the menu, its last column (the row's link) included.
    cell: (row) => <DayAndHour dateTime={row.date} />,
  },
  {
    key: "cliente",
    header: "Cliente",
    className: "min-w-44",
    cell: (row) => <CustomerCell order={row} />,
  },
  {
    key: "total",
    header: "Total",
    className: "text-right whitespace-nowrap",
    cell: (row) => formatMoney(row.totalCents),
  },
  { key: "entrega", header: "Entrega", cell: (row) => <FulfillmentCell row={row} /> },
  {
    key: "pago",
    header: "Pago",
    cell: (row) => (
      <span className="flex flex-col gap-1">
        {row.paymentState ? <OrderPaymentBadge state={row.paymentState} /> : null}
        <span className="text-xs text-muted">{row.paymentMethodName}</span>
      </span>
    ),
  },
  { key: "estado", header: "Estado", cell: (row) => <OrderStatusBadge status={row.status} /> },
  {
    key: "acciones",
    header: <span className="sr-only">Acciones</span>,
    className: "text-right",
    cell: (row) => (
      <Button asChild variant="ghost" size="sm">
        <Link to={href("/admin/pedidos/:orderId", { orderId: String(row.id) })} aria-label={`Ver pedido ${row.code}`}>
          <AdminIcon name="eye" />
        </Link>
      </Button>
    ),
  },
];

export function OrderFilters({ query }: { query: OrderListQuery }) {
  const hasFilters = Boolean(query.status || query.payment || query.fulfillment || query.from || query.to || query.q);
  return (
    <Form
      method="get"
      role="search"
      aria-label="Filtrar pedidos"
      // Remounted when the URL changes, so 'Limpiar' and the back button reset the fields.
      key={[query.status, query.payment, query.fulfillment, query.from, query.to, query.q].join("|")}
      className="mb-4 grid grid-cols-2 gap-3 rounded-xl border bg-white p-4 shadow-sm lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))] xl:grid-cols-[minmax(0,1.5fr)_repeat(3,minmax(5.5rem,1fr))_repeat(2,minmax(9.5rem,1fr))_auto]"
    >
      {/* Filters outside any form state: each field's binding is written here. */}
      <Field
        className="col-span-2 lg:col-span-1"
        label="Buscar"
        field={{ id: "order-search", name: "q", defaultValue: query.q }}
        inputProps={{ type: "search", placeholder: "Código, nombre, correo o celular" }}
      />
      <SelectField
        label="Estado"
        field={{ id: "order-status-filter", name: "estado", defaultValue: query.status ?? "" }}
      >
        <OptionsOf labels={orderStatusLabels} />
      </SelectField>
      <SelectField label="Pago" field={{ id: "order-payment-filter", name: "pago", defaultValue: query.payment ?? "" }}>
        <OptionsOf labels={paymentFilterLabels} />
      </SelectField>
      <SelectField
        label="Entrega"
        field={{ id: "order-fulfillment-filter", name: "entrega", defaultValue: query.fulfillment ?? "" }}
      >
        <OptionsOf labels={fulfillmentFilterLabels} />
      </SelectField>
      <DateField label="Desde" field={{ id: "order-from", name: "desde", defaultValue: query.from ?? "" }} />
      <DateField label="Hasta" field={{ id: "order-to", name: "hasta", defaultValue: query.to ?? "" }} />
      <FilterActions clearTo={href("/admin/pedidos")} hasFilters={hasFilters} className="lg:col-span-1" />
    </Form>
  );
}

function describeRange(query: OrderListQuery): string {
  if (query.from && query.to)
    return query.from === query.to
      ? ` del ${showDateInput(query.from)}`
      : ` del ${showDateInput(query.from)} al ${showDateInput(query.to)}`;
  if (query.from) return ` desde el ${showDateInput(query.from)}`;
  if (query.to) return ` hasta el ${showDateInput(query.to)}`;
  return "";
}

/** '3 pedidos en estado "Pagado" · Sin pagar · Delivery del 01/11/2026 para "ana"'. */
export function describeOrderQuery(total: number, query: OrderListQuery): string {
  return [
    total === 1 ? "1 pedido" : `${total} pedidos`,
    query.status ? ` en estado "${orderStatusLabels[query.status]}"` : "",
    query.payment ? ` · ${paymentFilterLabels[query.payment]}` : "",
    query.fulfillment ? ` · ${fulfillmentFilterLabels[query.fulfillment]}` : "",
    describeRange(query),
    query.q ? ` para "${query.q}"` : "",
  ].join("");
}

/** An order's code linked to its detail; `children` (its status, an amount) repeat under it on a phone, where those columns are off to the right. */
export function OrderCodeCell({ order, children }: { order: { id: number; code: string }; children: ReactNode }) {
  return (
    <span className="flex flex-col gap-1">
      <Link
        to={href("/admin/pedidos/:orderId", { orderId: String(order.id) })}
        className="font-semibold whitespace-nowrap text-primary-strong hover:underline"
      >
        {order.code}
      </Link>
      <span className="flex items-center gap-2 text-xs whitespace-nowrap sm:hidden">{children}</span>
    </span>
  );
}

/** The customer's name, and their phone and e-mail below it. */
export function CustomerCell({
  order,
}: {
  order: { customerName: string; customerPhone: string; customerEmail: string };
}) {
  return (
    <span className="flex flex-col">
      <span className="font-medium">{order.customerName || "Sin nombre"}</span>
      <span className="text-xs text-muted">
        {[order.customerPhone, order.customerEmail].filter(Boolean).join(" · ")}
      </span>
    </span>
  );
}
