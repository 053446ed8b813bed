import type { ReactNode } from "react";

import { formatInteger } from "~/domain/reports/report-format";
import { describeChange } from "~/domain/reports/report-range";
import type { ReportTable } from "~/domain/reports/report-tables";
import type { SalesTotals } from "~/domain/reports/sales-report.server";
import { cn } from "~/lib/cn";
import { formatMoney } from "~/lib/money";

import { ReportTableView } from "./report-table";

/** A section of the report: its heading, what comes first (figures, a chart), then its tables. */
export function ReportSectionView({
  id,
  title,
  intro,
  tables,
  downloadUrl,
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  tables: ReportTable[];
  downloadUrl: (key: string) => string;
  children?: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-titulo`}
      className="mt-8 scroll-mt-4 rounded-xl border bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={`${id}-titulo`} className="text-lg font-bold">
        {title}
      </h2>
      {intro ? <p className="mt-1 text-sm text-muted">{intro}</p> : null}
      {children ? <div className="mt-4">{children}</div> : null}
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        {tables.map((table) => (
          <ReportTableView key={table.key} table={table} downloadUrl={downloadUrl(table.key)} />
        ))}
      </div>
    </section>
  );
}

function ChangeBadge({ current, previous }: { current: number; previous: number }) {
  const change = describeChange(current, previous);
  if (!change) return <span className="text-sm text-muted">Sin datos del periodo anterior</span>;
  const isUp = current >= previous;
  return (
    <span className={cn("text-sm font-semibold", isUp ? "text-green-800" : "text-red-700")}>
      {change} <span className="font-normal text-muted">vs. periodo anterior</span>
    </span>
  );
}

/** 'Ingresos pagados', 'Pedidos', 'Ticket promedio', 'Unidades', each against the period before. */
export function SalesFigures({ current, previous }: { current: SalesTotals; previous: SalesTotals }) {
  const figures = [
    {
      label: "Ingresos pagados",
      value: formatMoney(current.revenueCents),
      now: current.revenueCents,
      before: previous.revenueCents,
    },
    {
      label: "Pedidos pagados",
      value: formatInteger(current.orderCount),
      now: current.orderCount,
      before: previous.orderCount,
    },
    {
      label: "Ticket promedio",
      value: formatMoney(current.averageTicketCents),
      now: current.averageTicketCents,
      before: previous.averageTicketCents,
    },
    { label: "Unidades vendidas", value: formatInteger(current.units), now: current.units, before: previous.units },
  ];
  return (
    <>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {figures.map((figure) => (
          <li key={figure.label} className="rounded-lg border p-3">
            <span className="block text-sm text-muted">{figure.label}</span>
            <span className="block text-xl font-bold text-ink sm:text-2xl">{figure.value}</span>
            <ChangeBadge current={figure.now} previous={figure.before} />
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-muted">
        Descuentos aplicados: {formatMoney(current.discountCents)} (ya restados de los ingresos). Los ingresos son lo
        pagado menos lo devuelto.
      </p>
    </>
  );
}
