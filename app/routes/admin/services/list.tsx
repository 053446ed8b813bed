import { Pencil, Plus } from "lucide-react";
import { Form, href, Link, useLocation } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import { parseAdminListQuery } from "~/domain/catalog/catalog-admin";
import { SERVICE_PRICE_MESSAGE, SERVICE_SORT_KEYS } from "~/domain/catalog/service-admin";
import {
  type AdminServiceRow,
  listAdminServices,
  removeService,
  setServicePriceVisibility,
} from "~/domain/catalog/service-admin.server";
import { parseOptionalId } from "~/lib/parse";
import { redirectWithToast, UNKNOWN_ACTION_TOAST } from "~/lib/toast.server";
import { AdminPageHeader } from "~/ui/admin/admin-page";
import { AdminPrice, ThumbnailName, YesNoIcon } from "~/ui/admin/catalog-fields";
import { ConfirmDeleteButton } from "~/ui/admin/confirm-dialog";
import { type Column, DataTable } from "~/ui/admin/data-table";
import { ExcelButtons } from "~/ui/admin/excel-buttons";
import { ListSearch } from "~/ui/admin/list-search";
import { Pagination } from "~/ui/catalog/pagination";
import { Button } from "~/ui/primitives/button";

import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = () => [{ title: "Servicios | Gestión" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = parseAdminListQuery(new URL(request.url), SERVICE_SORT_KEYS);
  const list = await listAdminServices(query);
  return { ...list, query };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const formData = await request.formData();
  const id = parseOptionalId(String(formData.get("id") ?? ""));
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  const notFound = () =>
    redirectWithToast(back, { title: "Error", description: "Servicio no encontrado.", variant: "destructive" });
  if (formData.get("intent") === "price-visibility") {
    // The state asked for, not a flip: a double click or a resent form changes nothing more.
    const showPrice = formData.get("showPrice") === "on";
    const outcome = typeof id === "number" ? await setServicePriceVisibility(admin, id, showPrice) : null;
    if (!outcome || outcome.status === "not-found") return notFound();
    if (outcome.status === "needs-price") {
      return redirectWithToast(back, {
        title: "Error de Validación",
        description: `${SERVICE_PRICE_MESSAGE} Edita "${outcome.title}" para ponerle precio.`,
        variant: "destructive",
      });
    }
    return redirectWithToast(back, {
      title: "Visibilidad de Precio Actualizada",
      description: showPrice
        ? `El precio de "${outcome.title}" se muestra en la web.`
        : `El precio de "${outcome.title}" se oculta en la web: se muestra "Consultar".`,
    });
  }
  // Only the delete button's own form deletes: a post without its intent changes nothing.
  if (formData.get("intent") !== "delete") return redirectWithToast(back, UNKNOWN_ACTION_TOAST);
  const deleted = typeof id === "number" ? await removeService(admin, id) : null;
  if (!deleted) return notFound();
  return redirectWithToast(back, {
    title: "Servicio Eliminado",
    description: `"${deleted.title}" se eliminó de los servicios.`,
  });
}

const columns: Column<AdminServiceRow>[] = [
  {
    key: "nombre",
    header: "Nombre",
    isSortable: true,
    className: "min-w-56",
    cell: (row) => <ThumbnailName image={row.image} name={row.title} />,
  },
  { key: "categoria", header: "Categoría", isSortable: true, cell: (row) => row.categoryName ?? "Desconocida" },
  {
    key: "precio",
    header: "Precio",
    isSortable: true,
    cell: (row) => <AdminPrice item={row} isPriceHidden={!row.showPrice} />,
  },
  { key: "oferta", header: "Oferta", cell: (row) => (row.isOfferActive ? "Sí" : "No") },
  {
    key: "visible",
    header: "Visible",
    cell: (row) => (
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="price-visibility" />
        <input type="hidden" name="id" value={row.id} />
        <input type="hidden" name="showPrice" value={row.showPrice ? "off" : "on"} />
        <Button
          type="submit"
          variant="ghost"
          size="sm"
          aria-label={row.showPrice ? `Ocultar el precio de ${row.title}` : `Mostrar el precio de ${row.title}`}
          title={row.showPrice ? "Precio visible: clic para ocultarlo" : "Precio oculto: clic para mostrarlo"}
        >
          <YesNoIcon value={row.showPrice} />
        </Button>
      </Form>
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
            to={href("/admin/servicios/editar/:serviceId", { serviceId: String(row.id) })}
            aria-label={`Editar ${row.title}`}
          >
            <Pencil aria-hidden />
          </Link>
        </Button>
        <ConfirmDeleteButton itemName={row.title} fields={{ intent: "delete", id: String(row.id) }} />
      </span>
    ),
  },
];

export default function ServiceList({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, query } = loaderData;
  const { search } = useLocation();
  return (
    <>
      <AdminPageHeader
        title="Servicios"
        description="Gestiona los servicios que ofrece la tienda."
        actions={
          <>
            <ExcelButtons kind="services" />
            <Button asChild>
              <Link to={href("/admin/servicios/nuevo")}>
                <Plus aria-hidden /> Nuevo servicio
              </Link>
            </Button>
          </>
        }
      />
      <ListSearch label="Buscar servicios por nombre" placeholder="Buscar servicios..." query={query.q} />
      <p className="mb-3 text-sm text-muted">
        {total === 1 ? "1 servicio" : `${total} servicios`}
        {query.q ? ` para "${query.q}"` : ""}
      </p>
      <DataTable
        caption="Servicios"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        emptyMessage="No hay servicios para mostrar."
        sort={{ key: query.sort, direction: query.direction }}
      />
      <Pagination page={page} pageCount={pageCount} search={search} />
    </>
  );
}
