import { href } from "react-router";

import { formatShortDay } from "~/domain/reports/report-format";
import { describeChange } from "~/domain/reports/report-range";
import type { SalesGlance } from "~/domain/reports/sales-glance.server";
import type { SeriesPoint } from "~/domain/reports/sales-report.server";
import { cn } from "~/lib/cn";
import { formatMoney } from "~/lib/money";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { Link } from "~/ui/primitives/link";

import { ReportChart } from "./report-chart";
import { CHART_CORAL, CHART_TEAL } from "./report-charts";

function Figure({
  label,
  current,
  previous,
  against,
}: {
  label: string;
  current: number;
  previous: number;
  against: string;
}) {
  const change = describeChange(current, previous);
  return (
    <div className="rounded-lg border p-3">
      <span className="block text-sm text-muted">{label}</span>
      <span className="block text-2xl font-bold text-ink">{formatMoney(current)}</span>
      <span className="block text-sm text-muted">
        {change ? (
          <span className={cn("font-semibold", current >= previous ? "text-green-800" : "text-red-700")}>
            {change}{" "}
          </span>
        ) : null}
        {against}: {formatMoney(previous)}
      </span>
    </div>
  );
}

/** The chart's figures, folded under it: what a screen reader or a curious owner reads. */
function GlanceTable({
  labels,
  current,
  previous,
}: {
  labels: string[];
  current: SeriesPoint[];
  previous: SeriesPoint[];
}) {
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer text-primary-strong">Ver las cifras por día</summary>
      <div className="mt-2 max-h-64 overflow-auto rounded-lg border">
        <table className="w-full">
          <thead className="bg-primary-soft/40 text-left">
            <tr>
              <th scope="col" className="px-3 py-1.5">
                Día
              </th>
              <th scope="col" className="px-3 py-1.5 text-right">
                Este mes
              </th>
              <th scope="col" className="px-3 py-1.5 text-right">
                Mes anterior
              </th>
            </tr>
          </thead>
          <tbody>
            {labels.map((day, index) => (
              <tr key={day} className="border-t">
                <th scope="row" className="px-3 py-1 text-left font-normal">
                  {day}
                </th>
                <td className="px-3 py-1 text-right tabular-nums">
                  {current[index] ? formatMoney(current[index].revenueCents) : "—"}
                </td>
                <td className="px-3 py-1 text-right tabular-nums">
                  {previous[index] ? formatMoney(previous[index].revenueCents) : "—"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/** 'Ventas': today's and this month's paid revenue against the same days of last month, with a small chart and its table. */
export function SalesGlanceCard({ glance }: { glance: SalesGlance }) {
  const { current, previous } = glance.series;
  const days = Math.max(current.length, previous.length);
  const labels = Array.from({ length: days }, (_, index) => String(index + 1));
  return (
    <section aria-labelledby="dashboard-ventas" className="mt-6 rounded-xl border bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="dashboard-ventas" className="flex items-center gap-2 text-lg font-bold">
          <AdminIcon name="chart-column" className="size-5 text-primary-strong" /> Ventas pagadas
        </h2>
        <Link
          to={`${href("/admin/reportes")}?rango=mes`}
          className="text-sm font-semibold text-primary-strong underline"
        >
          Ver reportes
        </Link>
      </div>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <Figure
          label={`Hoy, ${formatShortDay(glance.today)}`}
          current={glance.day.current.revenueCents}
          previous={glance.day.previous.revenueCents}
          against={`El ${formatShortDay(glance.day.previousDate)}`}
        />
        <Figure
          label="Este mes"
          current={glance.month.current.revenueCents}
          previous={glance.month.previous.revenueCents}
          against="Mismos días del mes anterior"
        />
      </div>
      <div className="mt-4">
        <ReportChart
          label="Ingresos por día de este mes y del anterior"
          spec={{
            labels,
            series: [
              {
                label: "Este mes",
                values: current.map((point) => point.revenueCents),
                color: CHART_TEAL,
                kind: "bars",
              },
              {
                label: "Mes anterior",
                values: previous.map((point) => point.revenueCents),
                color: CHART_CORAL,
                kind: "line",
              },
            ],
            valueKind: "money",
            height: 140,
          }}
        />
        <GlanceTable labels={labels} current={current} previous={previous} />
      </div>
    </section>
  );
}
