import { Form, href, useLocation } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import { complaintTypeLabels, complaintTypes } from "~/domain/complaints/complaint";
import {
  type ComplaintListQuery,
  complaintStatuses,
  complaintStatusLabels,
  parseComplaintListQuery,
  RETENTION_NOTICE,
} from "~/domain/complaints/complaint-admin";
import { type AdminComplaintRow, listAdminComplaints } from "~/domain/complaints/complaint-admin.server";
import { isMailServerConfigured } from "~/lib/mail.server";
import { AdminPageHeader } from "~/ui/admin/admin-page";
import { ComplaintStatusBadge, DeadlineBadge, NoMailServerNotice } from "~/ui/admin/complaints/complaint-badges";
import { type Column, DataTable } from "~/ui/admin/data-table";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { Pagination } from "~/ui/catalog/pagination";
import { SelectField } from "~/ui/form/field";
import { Button } from "~/ui/primitives/button";
import { Input } from "~/ui/primitives/input";
import { Link } from "~/ui/primitives/link";

import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = () => [{ title: "Libro de Reclamaciones | Gestión" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = parseComplaintListQuery(new URL(request.url));
  const list = await listAdminComplaints(query);
  return { ...list, query, isMailConfigured: isMailServerConfigured() };
}

const columns: Column<AdminComplaintRow>[] = [
  {
    key: "codigo",
    header: "Código",
    className: "whitespace-nowrap",
    cell: (row) => (
      <Link
        to={href("/admin/reclamaciones/:complaintId", { complaintId: String(row.id) })}
        className="font-semibold text-primary-strong hover:underline"
      >
        {row.code}
      </Link>
    ),
  },
  { key: "fecha", header: "Fecha", className: "whitespace-nowrap", cell: (row) => row.filedAt },
  { key: "tipo", header: "Tipo", cell: (row) => complaintTypeLabels[row.complaintType] },
  {
    key: "consumidor",
    header: "Consumidor",
    className: "min-w-48",
    cell: (row) => (
      <span className="flex flex-col">
        <span className="font-semibold">{row.fullName}</span>
        <span className="text-xs text-muted">{row.document}</span>
      </span>
    ),
  },
  { key: "estado", header: "Estado", cell: (row) => <ComplaintStatusBadge status={row.status} /> },
  {
    key: "plazo",
    header: "Plazo de respuesta",
    className: "min-w-44",
    cell: (row) =>
      row.deadline ? (
        <span className="flex flex-col gap-1">
          <DeadlineBadge deadline={row.deadline} />
          <span className="text-xs text-muted">Vence el {row.dueDate}</span>
        </span>
      ) : (
        <span className="flex flex-col gap-1">
          <span className="text-xs text-muted">Respondida el {row.answeredAt}</span>
          {/* Still owed to the consumer by hand: the answer never reached them by e-mail. */}
          {row.isAnswerEmailed === false ? (
            <span className="text-xs font-semibold text-amber-900">No enviada por correo</span>
          ) : null}
        </span>
      ),
  },
  {
    key: "acciones",
    header: <span className="sr-only">Acciones</span>,
    className: "text-right",
    cell: (row) => (
      <Button asChild variant="ghost" size="sm">
        <Link
          to={href("/admin/reclamaciones/:complaintId", { complaintId: String(row.id) })}
          aria-label={`Ver reclamación ${row.code}`}
        >
          <AdminIcon name="eye" /> Ver
        </Link>
      </Button>
    ),
  },
];

function summarize(total: number, pendingCount: number, overdueCount: number): string {
  const parts = [
    total === 1 ? "1 reclamación" : `${total} reclamaciones`,
    pendingCount === 1 ? "1 pendiente" : `${pendingCount} pendientes`,
  ];
  if (overdueCount > 0) parts.push(overdueCount === 1 ? "1 vencida" : `${overdueCount} vencidas`);
  return parts.join(" · ");
}

export default function ComplaintList({ loaderData }: Route.ComponentProps) {
  const { rows, total, pendingCount, overdueCount, page, pageCount, query, isMailConfigured } = loaderData;
  const { search } = useLocation();
  const isFiltered = query.q !== "" || query.status !== null || query.type !== null;
  return (
    <>
      <AdminPageHeader
        title="Libro de Reclamaciones"
        description="Reclamos y quejas de los consumidores, con el plazo legal de 15 días hábiles para responder."
      />
      <p className="mb-4 flex items-start gap-2 rounded-xl border border-primary/25 bg-primary-soft p-3 text-sm">
        <AdminIcon name="shield-check" className="mt-0.5 size-4 shrink-0 text-primary-strong" />
        {RETENTION_NOTICE}
      </p>
      {isMailConfigured ? null : (
        <div className="mb-4">
          <NoMailServerNotice />
        </div>
      )}
      <ComplaintFilters query={query} isFiltered={isFiltered} />
      <p className="mb-3 text-sm text-muted" data-testid="complaint-summary">
        {summarize(total, pendingCount, overdueCount)}
      </p>
      <DataTable
        caption="Reclamaciones"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        emptyMessage={isFiltered ? "No hay reclamaciones con estos filtros." : "Aún no hay reclamaciones."}
        rowClassName={(row) => (row.deadline?.isOverdue ? "bg-red-50" : undefined)}
      />
      <Pagination page={page} pageCount={pageCount} search={search} />
    </>
  );
}

/** A GET form: the filters live in the URL, so the browser's back and shared links keep them. */
function ComplaintFilters({ query, isFiltered }: { query: ComplaintListQuery; isFiltered: boolean }) {
  return (
    <Form method="get" role="search" className="mb-4 flex flex-wrap items-end gap-3">
      <div className="flex min-w-0 basis-full flex-col gap-1.5 sm:basis-auto sm:flex-1 sm:max-w-sm">
        <label htmlFor="complaint-search" className="text-sm font-semibold">
          Buscar
        </label>
        {/* Not a Field: the search box carries its magnifier icon inside. */}
        <div className="relative">
          <AdminIcon
            name="search"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
          />
          <Input
            id="complaint-search"
            key={query.q}
            type="search"
            name="q"
            defaultValue={query.q}
            placeholder="Código, consumidor o documento"
            className="pl-9"
          />
        </div>
      </div>
      <FilterSelect
        id="complaint-status"
        label="Estado"
        name="estado"
        value={query.status ?? ""}
        options={complaintStatuses.map((status) => [status, complaintStatusLabels[status]])}
      />
      <FilterSelect
        id="complaint-type"
        label="Tipo"
        name="tipo"
        value={query.type ?? ""}
        options={complaintTypes.map((type) => [type, complaintTypeLabels[type]])}
      />
      <Button type="submit" variant="outline">
        Filtrar
      </Button>
      {isFiltered ? (
        <Button asChild variant="ghost">
          <Link to={href("/admin/reclamaciones")}>
            <AdminIcon name="x" /> Limpiar
          </Link>
        </Button>
      ) : null}
    </Form>
  );
}

/** A filter's drop-down, 'Todos' first; keyed by its value so the back button resets it. */
function FilterSelect({
  id,
  label,
  name,
  value,
  options,
}: {
  id: string;
  label: string;
  name: string;
  value: string;
  options: [value: string, label: string][];
}) {
  return (
    <SelectField key={value} label={label} field={{ id, name, defaultValue: value }}>
      <option value="">Todos</option>
      {options.map(([optionValue, optionLabel]) => (
        <option key={optionValue} value={optionValue}>
          {optionLabel}
        </option>
      ))}
    </SelectField>
  );
}
