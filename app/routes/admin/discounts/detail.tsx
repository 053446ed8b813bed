import { href, useLocation } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import { describeDiscountValue, DISCOUNT_NOT_FOUND_MESSAGE } from "~/domain/discounts/discount-admin";
import { type DiscountUsage, getDiscountUsage } from "~/domain/discounts/discount-admin.server";
import { formatAmountOff } from "~/domain/discounts/discount-rules";
import { formatMoney } from "~/lib/money";
import { parsePage, parseRecordId } from "~/lib/parse";
import { redirectWithToast } from "~/lib/toast.server";
import { AdminCard, AdminPageHeader } from "~/ui/admin/admin-page";
import { type Column, DataTable } from "~/ui/admin/data-table";
import { DiscountStateBadge } from "~/ui/admin/discounts/discount-state-badge";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { OrderStatusBadge } from "~/ui/admin/order-status-badge";
import { CustomerCell, OrderCodeCell } from "~/ui/admin/orders/order-list-parts";
import { Pagination } from "~/ui/catalog/pagination";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";

import type { Route } from "./+types/detail";

// /admin/descuentos/:discountId (issue 44): what one discount has done: the orders that carry
// it (newest first, each linked to its detail) and, for those not cancelled, how many, what it
// took off and their revenue, counted as the list counts them.

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? loaderData.usage.discount.name : "Descuento"} | Gestión` },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = parseRecordId(params.discountId);
  const page = parsePage(new URL(request.url).searchParams.get("pagina"));
  const usage = id === null ? null : await getDiscountUsage(id, page);
  if (!usage) {
    throw await redirectWithToast(href("/admin/descuentos"), {
      title: "Error",
      description: DISCOUNT_NOT_FOUND_MESSAGE,
      variant: "destructive",
    });
  }
  return { usage, now: Date.now() };
}

const orderColumns: Column<DiscountUsage["orders"][number]>[] = [
  {
    key: "codigo",
    header: "Pedido",
    cell: (row) => (
      <OrderCodeCell order={row}>
        <OrderStatusBadge status={row.status} /> {formatAmountOff(row.amountCents)}
      </OrderCodeCell>
    ),
  },
  { key: "fecha", header: "Fecha", className: "whitespace-nowrap", cell: (row) => row.date },
  {
    key: "cliente",
    header: "Cliente",
    className: "min-w-40",
    cell: (row) => <CustomerCell order={row} />,
  },
  {
    key: "descontado",
    header: "Descontado",
    className: "text-right whitespace-nowrap",
    cell: (row) => formatMoney(row.amountCents),
  },
  {
    key: "total",
    header: "Total del pedido",
    className: "text-right whitespace-nowrap",
    cell: (row) => formatMoney(row.totalCents),
  },
  { key: "estado", header: "Estado", cell: (row) => <OrderStatusBadge status={row.status} /> },
];

function Totals({ totals }: { totals: DiscountUsage["totals"] }) {
  const cancelled = totals.orders - totals.liveOrders;
  const figures = [
    { label: "Pedidos que lo usaron", value: String(totals.liveOrders) },
    { label: "Total descontado", value: formatMoney(totals.discountedCents) },
    { label: "Ventas de esos pedidos", value: formatMoney(totals.revenueCents) },
  ];
  return (
    <AdminCard title="Resultados">
      <dl className="grid gap-4 sm:grid-cols-3">
        {figures.map((figure) => (
          <div key={figure.label} className="rounded-lg bg-primary-soft/50 p-4">
            <dt className="text-sm text-muted">{figure.label}</dt>
            <dd className="mt-1 text-2xl font-bold">{figure.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-muted">
        {cancelled === 0
          ? "Los pedidos cancelados no se cuentan: devuelven su uso."
          : cancelled === 1
            ? "Sin contar 1 pedido cancelado, que devolvió su uso."
            : `Sin contar ${cancelled} pedidos cancelados, que devolvieron su uso.`}
      </p>
    </AdminCard>
  );
}

export default function DiscountDetail({ loaderData }: Route.ComponentProps) {
  const { usage, now } = loaderData;
  const { discount } = usage;
  const { search } = useLocation();
  const uses = discount.maxUses === null ? `${discount.usesCount}` : `${discount.usesCount} de ${discount.maxUses}`;
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader
        title={discount.name}
        description={`${discount.code ? `Cupón ${discount.code}` : "Automático"} · ${describeDiscountValue(discount)} · Usos: ${uses}`}
        actions={
          <>
            <Button asChild variant="outline">
              <Link to={href("/admin/descuentos")}>
                <AdminIcon name="arrow-left" /> Volver a descuentos
              </Link>
            </Button>
            <Button asChild>
              <Link to={href("/admin/descuentos/editar/:discountId", { discountId: String(discount.id) })}>
                <AdminIcon name="pencil" /> Editar
              </Link>
            </Button>
          </>
        }
      />
      <p className="-mt-4 flex items-center gap-2 text-sm">
        Estado: <DiscountStateBadge discount={discount} now={now} />
      </p>
      <Totals totals={usage.totals} />
      <section aria-labelledby="descuento-pedidos">
        <h2 id="descuento-pedidos" className="mb-3 text-lg font-bold">
          Pedidos con este descuento ({usage.totals.orders})
        </h2>
        <DataTable
          caption="Pedidos con este descuento, del más reciente al más antiguo"
          columns={orderColumns}
          rows={usage.orders}
          rowKey={(row) => row.id}
          emptyMessage="Ningún pedido ha usado este descuento todavía."
        />
        <Pagination page={usage.page} pageCount={usage.pageCount} search={search} />
      </section>
    </div>
  );
}
