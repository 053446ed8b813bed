import { Form, href, useLocation } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import { formatAuditSummary, getActionLabel, getAuthorLabel, getEntityLabel } from "~/domain/audit/audit-log";
import { type AuditEntryRow, listAuditEntries, listAuditFilterOptions } from "~/domain/audit/audit-log.server";
import { formatLimaDateTime } from "~/domain/calendar/lima-time";
import { parsePage } from "~/lib/parse";
import { AdminPageHeader } from "~/ui/admin/admin-page";
import { type Column, DataTable } from "~/ui/admin/data-table";
import { Pagination } from "~/ui/catalog/pagination";
import { SelectField } from "~/ui/form/field";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";

import type { Route } from "./+types/audit-log";

export const meta: Route.MetaFunction = () => [{ title: "Auditoría | Gestión" }];

function readFilter(params: URLSearchParams, name: string): string | null {
  const value = params.get(name)?.trim() ?? "";
  return value === "" || value.length > 100 ? null : value;
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const query = {
    entity: readFilter(params, "entidad"),
    userId: readFilter(params, "usuario"),
    page: parsePage(params.get("pagina")),
  };
  const [list, options] = await Promise.all([listAuditEntries(query), listAuditFilterOptions()]);
  return {
    ...list,
    rows: list.rows.map((row) => ({
      ...row,
      when: formatLimaDateTime(row.createdAt),
      summary: formatAuditSummary(row.summary),
    })),
    query,
    entityOptions: options.entities.map((entity) => ({ value: entity, label: getEntityLabel(entity) })),
    userOptions: options.users,
  };
}

type Row = Omit<AuditEntryRow, "summary"> & { when: string; summary: { key: string; value: string }[] };

const columns: Column<Row>[] = [
  {
    key: "fecha",
    header: "Fecha",
    className: "whitespace-nowrap",
    cell: (row) => <time dateTime={new Date(row.createdAt).toISOString()}>{row.when}</time>,
  },
  {
    key: "usuario",
    header: "Usuario",
    cell: (row) => (row.username ? row.username : <span className="text-muted">{getAuthorLabel(row)}</span>),
  },
  { key: "accion", header: "Acción", cell: (row) => getActionLabel(row.action) },
  {
    key: "entidad",
    header: "Entidad",
    cell: (row) => (
      <span className="flex flex-col">
        <span>{getEntityLabel(row.entity)}</span>
        {row.entityId ? (
          <code className="text-xs text-muted" title={row.entityId}>
            {shortId(row.entityId)}
          </code>
        ) : null}
      </span>
    ),
  },
  {
    key: "resumen",
    header: "Resumen",
    className: "min-w-64",
    cell: (row) => <SummaryList pairs={row.summary} />,
  },
];

function SummaryList({ pairs }: { pairs: Row["summary"] }) {
  if (pairs.length === 0) return <span className="text-muted">—</span>;
  return (
    <ul className="flex flex-col gap-0.5 text-xs">
      {pairs.map((pair, index) => (
        <li key={index} className="break-words">
          {pair.key ? <span className="font-semibold">{pair.key}: </span> : null}
          {pair.value}
        </li>
      ))}
    </ul>
  );
}

/** On a phone the five columns do not fit: each entry becomes a small card. */
function EntryCards({ rows }: { rows: Row[] }) {
  if (rows.length === 0) return null;
  return (
    <ul className="flex flex-col gap-3 md:hidden">
      {rows.map((row) => (
        <li key={row.id} className="rounded-xl border bg-white p-4 text-sm shadow-sm">
          <p className="font-semibold">
            {getActionLabel(row.action)} · {getEntityLabel(row.entity)}
            {row.entityId ? <span className="font-normal text-muted"> #{shortId(row.entityId)}</span> : null}
          </p>
          <p className="mb-2 text-xs text-muted">
            {row.when} · {getAuthorLabel(row)}
          </p>
          <SummaryList pairs={row.summary} />
        </li>
      ))}
    </ul>
  );
}

function shortId(id: string): string {
  return id.length > 12 ? `${id.slice(0, 8)}…` : id;
}

type FilterOption = { value: string; label: string };

/** One filter of the list: 'all' first, then the options; remounted when the URL's value changes. */
function FilterSelect(props: {
  id: string;
  name: string;
  label: string;
  value: string | null;
  all: string;
  options: FilterOption[];
}) {
  const value = props.value ?? "";
  return (
    <SelectField
      key={value}
      label={props.label}
      field={{ id: props.id, name: props.name }}
      selectProps={{
        defaultValue: value,
        className: "h-10 min-w-48 rounded-lg border border-gray-300 bg-white px-3 text-base",
      }}
    >
      <option value="">{props.all}</option>
      {props.options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </SelectField>
  );
}

type Loaded = Route.ComponentProps["loaderData"];

function AuditFilters({ query, entityOptions, userOptions }: Pick<Loaded, "query" | "entityOptions" | "userOptions">) {
  const isFiltered = query.entity !== null || query.userId !== null;
  const users = userOptions.map((option) => ({ value: option.id, label: option.username }));
  return (
    <Form method="get" className="mb-4 flex flex-wrap items-end gap-3">
      <FilterSelect
        id="audit-entity"
        name="entidad"
        label="Entidad"
        value={query.entity}
        all="Todas"
        options={entityOptions}
      />
      <FilterSelect id="audit-user" name="usuario" label="Usuario" value={query.userId} all="Todos" options={users} />
      <Button type="submit" variant="outline">
        Filtrar
      </Button>
      {isFiltered ? (
        <Button asChild variant="ghost">
          <Link to={href("/admin/auditoria")}>Quitar filtros</Link>
        </Button>
      ) : null}
    </Form>
  );
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, query, entityOptions, userOptions } = loaderData;
  const { search } = useLocation();
  return (
    <>
      <AdminPageHeader
        title="Auditoría"
        description="Cada cambio hecho en el panel: quién, cuándo (hora de Lima) y qué cambió. Solo lectura."
      />
      <AuditFilters query={query} entityOptions={entityOptions} userOptions={userOptions} />
      <p className="mb-3 text-sm text-muted">{total === 1 ? "1 registro" : `${total} registros`}</p>
      <EntryCards rows={rows} />
      <div className={rows.length > 0 ? "hidden md:block" : undefined}>
        <DataTable
          caption="Registro de auditoría"
          columns={columns}
          rows={rows}
          rowKey={(row) => row.id}
          emptyMessage="No hay registros de auditoría para mostrar."
        />
      </div>
      <Pagination page={page} pageCount={pageCount} search={search} />
    </>
  );
}
