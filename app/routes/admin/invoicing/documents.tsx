// /admin/comprobantes?mes=&tipo=&estado=&pagina= (issue 46): every boleta, factura and nota de
// crédito of a Lima month, newest first, and the month's registro de ventas to download.
import { useLocation } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import {
  describeDocumentQuery,
  documentExportHref,
  formatMonth,
  getLimaMonth,
  monthOptions,
  parseDocumentListQuery,
} from "~/domain/invoicing/document-list";
import { listDocuments } from "~/domain/invoicing/document-list.server";
import { AdminPageHeader } from "~/ui/admin/admin-page";
import { DataTable } from "~/ui/admin/data-table";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { documentColumns, DocumentFilters } from "~/ui/admin/invoicing/document-list-parts";
import { Pagination } from "~/ui/catalog/pagination";
import { Button } from "~/ui/primitives/button";

import type { Route } from "./+types/documents";

export const meta: Route.MetaFunction = () => [{ title: "Comprobantes Electrónicos | Gestión" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const now = new Date();
  const query = parseDocumentListQuery(new URL(request.url), now);
  const { firstMonth, ...list } = await listDocuments(query);
  const currentMonth = getLimaMonth(now);
  // Named on the server, so the page hydrates the same words.
  const months = monthOptions(currentMonth, firstMonth, query.month).map((month) => {
    const label = formatMonth(month);
    return { value: month, label: label.charAt(0).toUpperCase() + label.slice(1) };
  });
  return { ...list, query, months, currentMonth, summary: describeDocumentQuery(list.total, query) };
}

export default function DocumentList({ loaderData }: Route.ComponentProps) {
  const { rows, page, pageCount, query, months, currentMonth, summary } = loaderData;
  const { search } = useLocation();
  return (
    <>
      <AdminPageHeader
        title="Comprobantes Electrónicos"
        description="Boletas, facturas y notas de crédito emitidas, de la más reciente a la más antigua."
        actions={
          <Button asChild variant="outline">
            {/* A download, not a page: the browser must not route it client-side. */}
            <a href={documentExportHref(query)} download>
              <AdminIcon name="file-down" /> Exportar registro de ventas
            </a>
          </Button>
        }
      />
      <DocumentFilters query={query} months={months} currentMonth={currentMonth} />
      <p className="mb-3 text-sm text-muted" aria-live="polite">
        {summary}
      </p>
      <DataTable
        caption="Comprobantes electrónicos"
        columns={documentColumns}
        rows={rows}
        rowKey={(row) => row.id}
        emptyMessage="No hay comprobantes en este mes."
      />
      <Pagination page={page} pageCount={pageCount} search={search} />
    </>
  );
}
