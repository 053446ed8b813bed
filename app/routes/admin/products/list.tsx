import { Archive, ArchiveRestore, Pencil, Plus } from "lucide-react";
import { Form, href, Link, useLocation } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import { parseAdminListQuery } from "~/domain/catalog/catalog-admin";
import { PRODUCT_SORT_KEYS } from "~/domain/catalog/product-admin";
import {
  type AdminProductRow,
  listAdminProducts,
  removeProduct,
  restoreProduct,
} from "~/domain/catalog/product-admin.server";
import { parseOptionalId } from "~/lib/parse";
import { redirectWithToast, UNKNOWN_ACTION_TOAST } from "~/lib/toast.server";
import { AdminPageHeader } from "~/ui/admin/admin-page";
import { AdminPrice, ThumbnailName } from "~/ui/admin/catalog-fields";
import { ConfirmDeleteButton } from "~/ui/admin/confirm-dialog";
import { type Column, DataTable } from "~/ui/admin/data-table";
import { ExcelButtons } from "~/ui/admin/excel-buttons";
import { ListSearch } from "~/ui/admin/list-search";
import { Pagination } from "~/ui/catalog/pagination";
import { Button } from "~/ui/primitives/button";

import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = () => [{ title: "Productos | Gestión" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const query = parseAdminListQuery(url, PRODUCT_SORT_KEYS);
  const isArchivedShown = url.searchParams.get("archivados") === "1";
  const list = await listAdminProducts({ ...query, isArchivedShown });
  return { ...list, query, isArchivedShown };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const formData = await request.formData();
  const id = parseOptionalId(String(formData.get("id") ?? ""));
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  const notFound = { title: "Error", description: "Producto no encontrado.", variant: "destructive" } as const;
  if (typeof id !== "number") return redirectWithToast(back, notFound);

  if (formData.get("intent") === "restore") {
    const restored = await restoreProduct(admin, id);
    if (!restored) return redirectWithToast(back, notFound);
    return redirectWithToast(back, {
      title: "Producto Actualizado",
      description: `"${restored.title}" vuelve a estar a la venta.`,
    });
  }

  // Only the delete button's own form deletes: a post without its intent changes nothing.
  if (formData.get("intent") !== "delete") return redirectWithToast(back, UNKNOWN_ACTION_TOAST);
  const result = await removeProduct(admin, id);
  if (result.status === "not-found") return redirectWithToast(back, notFound);
  if (result.status === "archived") {
    return redirectWithToast(back, {
      title: "Producto Archivado",
      description:
        `"${result.title}" aparece en pedidos, así que se archivó en lugar de borrarse: ` +
        "ya no se vende, pero el historial de pedidos se conserva.",
      duration: 8000,
    });
  }
  return redirectWithToast(back, {
    title: "Producto Eliminado",
    description: `"${result.title}" se eliminó del catálogo.`,
  });
}

function ArchivedBadge() {
  return (
    <span className="inline-flex w-fit items-center gap-1 rounded-full bg-gray-200 px-2 py-0.5 text-xs font-semibold text-gray-800">
      <Archive className="size-3" aria-hidden /> Archivado
    </span>
  );
}

const columns: Column<AdminProductRow>[] = [
  {
    key: "nombre",
    header: "Nombre",
    isSortable: true,
    className: "min-w-56",
    cell: (row) => (
      <ThumbnailName image={row.image} name={row.title} badge={row.isArchived ? <ArchivedBadge /> : null} />
    ),
  },
  { key: "familia", header: "Familia", isSortable: true, cell: (row) => row.familyName ?? "Desconocida" },
  { key: "categoria", header: "Categoría", cell: (row) => row.categoryName ?? "Desconocida" },
  { key: "precio", header: "Precio", isSortable: true, cell: (row) => <AdminPrice item={row} /> },
  {
    key: "stock",
    header: "Stock",
    isSortable: true,
    className: "text-right",
    cell: (row) => <span className={row.stock === 0 ? "font-semibold text-red-700" : undefined}>{row.stock}</span>,
  },
  { key: "oferta", header: "Oferta", cell: (row) => (row.isOfferActive ? "Sí" : "No") },
  {
    key: "acciones",
    header: <span className="sr-only">Acciones</span>,
    className: "text-right",
    cell: (row) => (
      <span className="flex justify-end gap-1">
        <Button asChild variant="ghost" size="sm">
          <Link
            to={href("/admin/productos/editar/:productId", { productId: String(row.id) })}
            aria-label={`Editar ${row.title}`}
          >
            <Pencil aria-hidden />
          </Link>
        </Button>
        {row.isArchived ? (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="restore" />
            <input type="hidden" name="id" value={row.id} />
            <Button type="submit" variant="ghost" size="sm" aria-label={`Restaurar ${row.title}`}>
              <ArchiveRestore aria-hidden />
            </Button>
          </Form>
        ) : (
          <ConfirmDeleteButton itemName={row.title} fields={{ intent: "delete", id: String(row.id) }} />
        )}
      </span>
    ),
  },
];

export default function ProductList({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, query, isArchivedShown } = loaderData;
  const { search } = useLocation();
  return (
    <>
      <AdminPageHeader
        title={isArchivedShown ? "Productos archivados" : "Productos"}
        description={
          isArchivedShown
            ? "Productos retirados de la venta que siguen en el historial de pedidos."
            : "Gestiona el catálogo de la tienda."
        }
        actions={
          <>
            <ExcelButtons kind="products" />
            <Button asChild>
              <Link to={href("/admin/productos/nuevo")}>
                <Plus aria-hidden /> Nuevo producto
              </Link>
            </Button>
          </>
        }
      />
      <ListSearch label="Buscar productos por nombre" placeholder="Buscar productos..." query={query.q} />
      <p className="mb-3 flex flex-wrap items-center justify-between gap-2 text-sm text-muted">
        <span>
          {total === 1 ? "1 producto" : `${total} productos`}
          {query.q ? ` para "${query.q}"` : ""}
        </span>
        <Link
          to={isArchivedShown ? href("/admin/productos") : `${href("/admin/productos")}?archivados=1`}
          className="font-semibold text-primary-strong hover:underline"
        >
          {isArchivedShown ? "Ver productos a la venta" : "Ver archivados"}
        </Link>
      </p>
      <DataTable
        caption="Productos"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        emptyMessage="No hay productos para mostrar."
        sort={{ key: query.sort, direction: query.direction }}
      />
      <Pagination page={page} pageCount={pageCount} search={search} />
    </>
  );
}
