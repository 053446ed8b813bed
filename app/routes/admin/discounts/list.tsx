import { href } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import { describeDiscountValue, DISCOUNT_NOT_FOUND_MESSAGE } from "~/domain/discounts/discount-admin";
import { deleteDiscount, type DiscountListRow, listDiscounts } from "~/domain/discounts/discount-admin.server";
import { formatMoney } from "~/lib/money";
import { parseRecordId } from "~/lib/parse";
import { redirectWithToast } from "~/lib/toast.server";
import { AdminPageHeader } from "~/ui/admin/admin-page";
import { ConfirmDeleteButton } from "~/ui/admin/confirm-dialog";
import { type Column, DataTable } from "~/ui/admin/data-table";
import { DiscountStateBadge } from "~/ui/admin/discounts/discount-state-badge";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";

import type { Route } from "./+types/list";

// /admin/descuentos (issue 44): the shop's coupons and automatic discounts, with what each one
// has done (orders that carry it and were not cancelled, what it took off, their revenue).

export const meta: Route.MetaFunction = () => [{ title: "Descuentos | Gestión" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { rows: await listDiscounts(), now: Date.now() };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const formData = await request.formData();
  const back = href("/admin/descuentos");
  const error = (description: string) =>
    redirectWithToast(back, { title: "Error", description, variant: "destructive" });
  const id = parseRecordId(formData.get("id"));
  if (formData.get("intent") !== "delete" || id === null) return error(DISCOUNT_NOT_FOUND_MESSAGE);
  const result = await deleteDiscount(admin, id);
  if (result.status === "not-found") return error(DISCOUNT_NOT_FOUND_MESSAGE);
  if (result.status === "used") {
    return error(
      "Este descuento ya se usó en pedidos: desactívalo en lugar de eliminarlo, así se conservan sus cifras.",
    );
  }
  return redirectWithToast(back, { title: "Descuento eliminado", description: `${result.name} se eliminó.` });
}

function columnsFor(now: number): Column<DiscountListRow>[] {
  return [
    {
      key: "nombre",
      header: "Descuento",
      cell: (row) => (
        <span className="flex flex-col">
          <Link
            to={href("/admin/descuentos/:discountId", { discountId: String(row.id) })}
            className="font-semibold text-primary-strong hover:underline"
          >
            {row.name}
          </Link>
          <span className="text-xs text-muted">{row.code ? `Cupón ${row.code}` : "Automático"}</span>
        </span>
      ),
    },
    { key: "valor", header: "Valor", cell: describeDiscountValue },
    { key: "estado", header: "Estado", cell: (row) => <DiscountStateBadge discount={row} now={now} /> },
    {
      key: "usos",
      header: "Usos",
      cell: (row) => (row.maxUses === null ? String(row.usesCount) : `${row.usesCount} de ${row.maxUses}`),
    },
    {
      key: "resultado",
      header: "Descontado / ventas",
      cell: (row) => (
        <span className="flex flex-col">
          <span>{formatMoney(row.discountedCents)}</span>
          <span className="text-xs text-muted">
            {row.orders} pedido(s): {formatMoney(row.revenueCents)}
          </span>
        </span>
      ),
    },
    {
      key: "acciones",
      header: <span className="sr-only">Acciones</span>,
      className: "text-right",
      cell: (row) => (
        <span className="flex justify-end gap-1">
          <Button asChild variant="ghost" size="sm">
            <Link
              to={href("/admin/descuentos/editar/:discountId", { discountId: String(row.id) })}
              aria-label={`Editar ${row.name}`}
            >
              <AdminIcon name="pencil" />
            </Link>
          </Button>
          <ConfirmDeleteButton
            itemName={row.name}
            fields={{ intent: "delete", id: String(row.id) }}
            description={
              <>
                Se eliminará el descuento <strong className="text-ink">{row.name}</strong>. Un descuento que ya se usó
                en pedidos no se elimina: desactívalo.
              </>
            }
          />
        </span>
      ),
    },
  ];
}

export default function DiscountList({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeader
        title="Descuentos"
        description="Cupones que el cliente escribe al hacer su pedido y descuentos que se aplican solos."
        actions={
          <Button asChild>
            <Link to={href("/admin/descuentos/nuevo")}>
              <AdminIcon name="plus" /> Nuevo descuento
            </Link>
          </Button>
        }
      />
      <DataTable
        caption="Descuentos"
        columns={columnsFor(loaderData.now)}
        rows={loaderData.rows}
        rowKey={(row) => row.id}
        emptyMessage="Todavía no hay descuentos."
      />
    </>
  );
}
