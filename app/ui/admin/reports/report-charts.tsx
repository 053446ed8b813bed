import type { BookingReport } from "~/domain/reports/booking-report.server";
import type { OrderFunnel } from "~/domain/reports/order-funnel.server";
import { formatBucket, formatInteger, formatShare } from "~/domain/reports/report-format";
import type { SeriesUnit } from "~/domain/reports/report-range";
import type { SeriesPoint } from "~/domain/reports/sales-report.server";

import { ReportChart } from "./report-chart";

/** The shop's teal, as a colour a canvas understands. */
export const CHART_TEAL = "#2ea8a8";
export const CHART_CORAL = "#e07a5f";

export function SalesChart({ series, unit }: { series: SeriesPoint[]; unit: SeriesUnit }) {
  return (
    <ReportChart
      label="Ingresos pagados por periodo"
      spec={{
        labels: series.map((point) => formatBucket(point.bucket, unit)),
        series: [
          { label: "Ingresos", values: series.map((point) => point.revenueCents), color: CHART_TEAL, kind: "bars" },
        ],
        valueKind: "money",
        height: 220,
      }}
    />
  );
}

export function BookingHoursChart({ byHour }: { byHour: BookingReport["byHour"] }) {
  if (byHour.length === 0) return null;
  const first = byHour[0]!.hour;
  const last = byHour[byHour.length - 1]!.hour;
  const hours = Array.from({ length: last - first + 1 }, (_, index) => first + index);
  return (
    <ReportChart
      label="Reservas por hora del día"
      spec={{
        labels: hours.map((hour) => `${String(hour).padStart(2, "0")}:00`),
        series: [
          {
            label: "Reservas",
            values: hours.map((hour) => byHour.find((row) => row.hour === hour)?.bookingCount ?? 0),
            color: CHART_CORAL,
            kind: "bars",
          },
        ],
        valueKind: "integer",
        height: 180,
      }}
    />
  );
}

/** The funnel as bars of HTML (no library needed), each with its number and share written out. */
export function FunnelBars({ funnel }: { funnel: OrderFunnel }) {
  const stages = [
    { label: "Enviados", count: funnel.sentCount, color: "bg-primary" },
    { label: "Pagados", count: funnel.paidCount, color: "bg-primary" },
    { label: "Entregados", count: funnel.deliveredCount, color: "bg-primary" },
    { label: "Vencidos sin pago", count: funnel.expiredCount, color: "bg-secondary" },
    { label: "Cancelados", count: funnel.cancelledCount, color: "bg-secondary" },
  ];
  return (
    <ul className="grid gap-2" aria-label="Embudo de pedidos">
      {stages.map((stage) => (
        <li
          key={stage.label}
          className="grid grid-cols-[8.5rem_1fr] items-center gap-2 text-sm sm:grid-cols-[10rem_1fr]"
        >
          <span>{stage.label}</span>
          <span className="flex items-center gap-2">
            <span
              aria-hidden
              className={`h-4 rounded ${stage.color}`}
              style={{
                width: `${funnel.sentCount === 0 ? 0 : Math.max(1, (stage.count / funnel.sentCount) * 100) * 0.75}%`,
              }}
            />
            <span className="whitespace-nowrap tabular-nums">
              {formatInteger(stage.count)} ({formatShare(stage.count, funnel.sentCount)})
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
