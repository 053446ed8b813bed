import { href, useLocation } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import { parseAdminListQuery } from "~/domain/catalog/catalog-admin";
import {
  isPlausibleUserId,
  parseRoleFilter,
  type RoleFilter,
  roleLabels,
  USER_NOT_FOUND_MESSAGE,
  USER_SORT_KEYS,
} from "~/domain/users/user-admin";
import { listUsers, removeUser, type UserListRow } from "~/domain/users/user-admin.server";
import { cn } from "~/lib/cn";
import { redirectWithToast } from "~/lib/toast.server";
import { AdminPageHeader } from "~/ui/admin/admin-page";
import { ConfirmDeleteButton } from "~/ui/admin/confirm-dialog";
import { type Column, DataTable } from "~/ui/admin/data-table";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { ListSearch } from "~/ui/admin/list-search";
import { Pagination } from "~/ui/catalog/pagination";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";

import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = () => [{ title: "Usuarios | Gestión" }];

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const url = new URL(request.url);
  const query = parseAdminListQuery(url, USER_SORT_KEYS);
  const role = parseRoleFilter(url.searchParams.get("rol"));
  const list = await listUsers({ ...query, role });
  return { ...list, query, role, currentAdminId: admin.id };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const formData = await request.formData();
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  const id = String(formData.get("id") ?? "");
  const error = (description: string) =>
    redirectWithToast(back, { title: "Error", description, variant: "destructive" });
  if (formData.get("intent") !== "delete" || !isPlausibleUserId(id)) return error(USER_NOT_FOUND_MESSAGE);

  const result = await removeUser(admin, id);
  if (result.status === "not-found") return error(USER_NOT_FOUND_MESSAGE);
  if (result.status === "refused") return error(result.message);
  return redirectWithToast(back, {
    title: "Usuario Eliminado",
    description: `El usuario ${result.username} ha sido eliminado.`,
  });
}

const roleFilters: { value: RoleFilter; label: string }[] = [
  { value: "all", label: "Todos" },
  { value: "admin", label: "Administradores" },
  { value: "user", label: "Usuarios" },
];

function RoleBadge({ role }: { role: UserListRow["role"] }) {
  return (
    <span
      className={cn(
        "inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold",
        role === "admin" ? "bg-primary-soft text-primary-strong" : "bg-gray-100 text-gray-700",
      )}
    >
      {roleLabels[role]}
    </span>
  );
}

function columnsFor(currentAdminId: string): Column<UserListRow>[] {
  return [
    {
      key: "id",
      header: "ID",
      cell: (row) => (
        <code className="text-xs text-muted" title={row.id}>
          {row.id.slice(0, 8)}
        </code>
      ),
    },
    {
      key: "usuario",
      header: "Usuario",
      isSortable: true,
      cell: (row) => (
        <span className="flex flex-col">
          <span className="font-semibold">
            {row.username ?? <span className="font-normal text-muted">Sin nombre de usuario</span>}
          </span>
          {row.isMainAdmin ? <span className="text-xs text-muted">Administrador principal</span> : null}
          {!row.username && row.name ? <span className="text-xs text-muted">{row.name}</span> : null}
        </span>
      ),
    },
    { key: "email", header: "Email", isSortable: true, cell: (row) => row.email },
    { key: "rol", header: "Rol", isSortable: true, cell: (row) => <RoleBadge role={row.role} /> },
    {
      key: "acciones",
      header: <span className="sr-only">Acciones</span>,
      className: "text-right",
      cell: (row) => {
        const name = row.username ?? row.email;
        return (
          <span className="flex justify-end gap-1">
            <Button asChild variant="ghost" size="sm">
              <Link to={href("/admin/usuarios/editar/:userId", { userId: row.id })} aria-label={`Editar ${name}`}>
                <AdminIcon name="pencil" />
              </Link>
            </Button>
            {row.isMainAdmin || row.id === currentAdminId ? null : (
              <ConfirmDeleteButton
                itemName={name}
                fields={{ intent: "delete", id: row.id }}
                description={
                  <>
                    Esta acción no se puede deshacer. Se eliminará permanentemente la cuenta de{" "}
                    <strong className="text-ink">{name}</strong> y se cerrarán sus sesiones. Sus pedidos y reclamaciones
                    se conservan.
                  </>
                }
              />
            )}
          </span>
        );
      },
    },
  ];
}

export default function UserList({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, query, role, currentAdminId } = loaderData;
  const { search } = useLocation();
  const kept = [...new URLSearchParams(search).entries()].filter(([name]) => name !== "rol" && name !== "pagina");
  return (
    <>
      <AdminPageHeader
        title="Usuarios"
        description="Administradores del panel y clientes registrados en la tienda."
        actions={
          <Button asChild>
            <Link to={href("/admin/usuarios/nuevo")}>
              <AdminIcon name="plus" /> Nuevo usuario
            </Link>
          </Button>
        }
      />
      <div className="flex flex-wrap items-start gap-x-4">
        <div className="min-w-64 flex-1">
          <ListSearch label="Buscar por usuario o email" placeholder="Buscar por usuario o email..." query={query.q} />
        </div>
        <nav aria-label="Filtrar por rol" className="mb-4 flex rounded-lg border bg-white p-1 text-sm">
          {roleFilters.map((filter) => {
            const params = new URLSearchParams(kept);
            if (filter.value !== "all") params.set("rol", filter.value);
            const isCurrent = filter.value === role;
            return (
              <Link
                key={filter.value}
                to={`?${params.toString()}`}
                aria-current={isCurrent ? "page" : undefined}
                className={cn(
                  "rounded-md px-3 py-1.5 font-semibold",
                  isCurrent ? "bg-primary-soft text-primary-strong" : "text-muted hover:text-ink",
                )}
              >
                {filter.label}
              </Link>
            );
          })}
        </nav>
      </div>
      <p className="mb-3 text-sm text-muted">
        {total === 1 ? "1 usuario" : `${total} usuarios`}
        {query.q ? ` para "${query.q}"` : ""}
      </p>
      <DataTable
        caption="Usuarios"
        columns={columnsFor(currentAdminId)}
        rows={rows}
        rowKey={(row) => row.id}
        emptyMessage="No hay usuarios para mostrar."
        sort={{ key: query.sort, direction: query.direction }}
      />
      <Pagination page={page} pageCount={pageCount} search={search} />
    </>
  );
}
