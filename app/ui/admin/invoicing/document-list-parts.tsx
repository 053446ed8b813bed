import { Form, href } from "react-router";

import { documentKindLabels, type DocumentListQuery, documentStatusLabels } from "~/domain/invoicing/document-list";
import type { DocumentListRow } from "~/domain/invoicing/document-list.server";
import { cn } from "~/lib/cn";
import { formatMoney } from "~/lib/money";
import type { Column } from "~/ui/admin/data-table";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { FilterActions, OptionsOf } from "~/ui/admin/list-filter-parts";
import { SelectField } from "~/ui/form/field";
import { Link } from "~/ui/primitives/link";

// /admin/comprobantes' columns and filters (issue 46). The filters are a GET form: they live
// in the URL, so the browser's back, a bookmark and a page without JavaScript all work.

type DocumentStatus = DocumentListRow["status"];

const statusBadgeClasses: Record<DocumentStatus, string> = {
  pending: "bg-amber-100 text-amber-900",
  sent: "bg-sky-100 text-sky-900",
  accepted: "bg-green-100 text-green-900",
  rejected: "bg-red-100 text-red-900",
  error: "bg-red-100 text-red-900",
};

function DocumentStatusBadge({ status }: { status: DocumentStatus }) {
  return (
    <span
      className={cn(
        "inline-flex w-fit items-center rounded-full px-2.5 py-0.5 text-xs font-semibold",
        statusBadgeClasses[status],
      )}
    >
      {documentStatusLabels[status]}
    </span>
  );
}

function StatusCell({ row }: { row: DocumentListRow }) {
  return (
    <span className="flex max-w-64 flex-col gap-1">
      <DocumentStatusBadge status={row.status} />
      {row.problem ? <span className="text-xs font-medium text-red-800">{row.problem}</span> : null}
    </span>
  );
}

function FileLinks({ row }: { row: DocumentListRow }) {
  const files = [
    ["PDF", row.pdfUrl],
    ["XML", row.xmlUrl],
    ["CDR", row.cdrUrl],
  ].filter(([, url]) => url);
  if (files.length === 0) return <span className="text-muted">—</span>;
  return (
    <span className="flex flex-wrap gap-3 text-xs">
      {files.map(([label, url]) => (
        <a
          key={label}
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`${label} de ${row.number}`}
          className="inline-flex items-center gap-1 font-semibold text-primary-strong hover:underline"
        >
          <AdminIcon name="external-link" className="size-3.5" /> {label}
        </a>
      ))}
    </span>
  );
}

const amountClass = "text-right whitespace-nowrap";

export const documentColumns: Column<DocumentListRow>[] = [
  {
    key: "tipo",
    header: "Tipo",
    cell: (row) => (
      <span className="flex flex-col">
        <span className="whitespace-nowrap">{row.kindLabel}</span>
        {row.modifies ? <span className="text-xs text-muted whitespace-nowrap">Modifica {row.modifies}</span> : null}
      </span>
    ),
  },
  {
    key: "numero",
    header: "Serie-número",
    cell: (row) => (
      <span className="flex flex-col gap-1">
        <span className="font-semibold whitespace-nowrap">{row.number}</span>
        {/* On a phone the status and the total are off to the right: repeated here. */}
        <span className="flex items-center gap-2 text-xs whitespace-nowrap sm:hidden">
          <DocumentStatusBadge status={row.status} /> {formatMoney(row.totalCents)}
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
        <span className="text-xs text-muted">{row.customerDocument}</span>
      </span>
    ),
  },
  {
    key: "pedido",
    header: "Pedido",
    cell: (row) => (
      <Link
        to={href("/admin/pedidos/:orderId", { orderId: String(row.orderId) })}
        className="font-semibold whitespace-nowrap text-primary-strong hover:underline"
      >
        {row.orderCode}
      </Link>
    ),
  },
  { key: "total", header: "Total", className: amountClass, cell: (row) => formatMoney(row.totalCents) },
  { key: "igv", header: "IGV", className: amountClass, cell: (row) => formatMoney(row.igvCents) },
  { key: "estado", header: "Estado", cell: (row) => <StatusCell row={row} /> },
  { key: "archivos", header: "Archivos", cell: (row) => <FileLinks row={row} /> },
];

export type MonthOption = { value: string; label: string };

export function DocumentFilters({
  query,
  months,
  currentMonth,
}: {
  query: DocumentListQuery;
  months: MonthOption[];
  currentMonth: string;
}) {
  const hasFilters = Boolean(query.kind || query.status || query.month !== currentMonth);
  return (
    <Form
      method="get"
      role="search"
      aria-label="Filtrar comprobantes"
      // Remounted when the URL changes, so 'Limpiar' and the back button reset the fields.
      key={[query.month, query.kind, query.status].join("|")}
      className="mb-4 grid grid-cols-2 gap-3 rounded-xl border bg-white p-4 shadow-sm md:grid-cols-[repeat(3,minmax(0,1fr))_auto]"
    >
      <SelectField
        className="col-span-2 md:col-span-1"
        label="Mes"
        field={{ id: "document-month", name: "mes", defaultValue: query.month }}
      >
        {months.map((month) => (
          <option key={month.value} value={month.value}>
            {month.label}
          </option>
        ))}
      </SelectField>
      <SelectField label="Tipo" field={{ id: "document-kind", name: "tipo", defaultValue: query.kind ?? "" }}>
        <OptionsOf labels={documentKindLabels} />
      </SelectField>
      <SelectField label="Estado" field={{ id: "document-status", name: "estado", defaultValue: query.status ?? "" }}>
        <OptionsOf labels={documentStatusLabels} />
      </SelectField>
      <FilterActions clearTo={href("/admin/comprobantes")} hasFilters={hasFilters} className="md:col-span-1" />
    </Form>
  );
}
