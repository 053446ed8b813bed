import { href } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import { getReport } from "~/domain/reports/report.server";
import { formatLongDay } from "~/domain/reports/report-format";
import { pageTables, type ReportSection } from "~/domain/reports/report-tables";
import { AdminPageHeader } from "~/ui/admin/admin-page";
import { BookingHoursChart, FunnelBars, SalesChart } from "~/ui/admin/reports/report-charts";
import { ReportRangeForm } from "~/ui/admin/reports/report-range-form";
import { ReportSectionView, SalesFigures } from "~/ui/admin/reports/report-sections";

import type { Route } from "./+types/report";

export const meta: Route.MetaFunction = () => [{ title: "Reportes | Panel de Gestión" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const query = {
    preset: url.searchParams.get("rango"),
    from: url.searchParams.get("desde"),
    to: url.searchParams.get("hasta"),
  };
  const { data, tables, ...report } = await getReport(query);
  return {
    ...report,
    // What the page draws beside its tables; the tables carry the rest.
    data: { ventas: data.ventas, embudo: data.embudo, reservas: data.reservas },
    tables: pageTables(tables),
    typed: { from: query.from ?? "", to: query.to ?? "" },
  };
}

const sectionTitles: Record<ReportSection, string> = {
  ventas: "Ventas",
  embudo: "Embudo de pedidos",
  productos: "Productos",
  clientes: "Clientes",
  reservas: "Servicios y reservas",
  busquedas: "Búsquedas",
};

function describePeriod({ from, to }: { from: string; to: string }): string {
  return from === to ? formatLongDay(from) : `del ${formatLongDay(from)} al ${formatLongDay(to)}`;
}

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { range, rangeError, typed, data, tables } = loaderData;
  const rangeParams = new URLSearchParams({ rango: range.preset, desde: range.from, hasta: range.to });
  const downloadUrl = (key: string) => `${href("/admin/reportes/exportar")}?${rangeParams}&tabla=${key}`;
  const section = (id: ReportSection, intro?: string, children?: React.ReactNode) => (
    <ReportSectionView id={id} title={sectionTitles[id]} intro={intro} tables={tables[id]} downloadUrl={downloadUrl}>
      {children}
    </ReportSectionView>
  );
  return (
    <section>
      <AdminPageHeader
        title="Reportes"
        description={`${range.label}: ${describePeriod(range)}, comparado con ${describePeriod(range.previous)}. Horas de Lima, montos en soles.`}
      />
      <ReportRangeForm range={range} typed={typed} error={rangeError} />
      <nav aria-label="Secciones del reporte" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {(Object.keys(sectionTitles) as ReportSection[]).map((id) => (
          <a key={id} href={`#${id}`} className="font-semibold text-primary-strong hover:underline">
            {sectionTitles[id]}
          </a>
        ))}
      </nav>
      {section(
        "ventas",
        "Pedidos con pago registrado en el rango y no cancelados.",
        <>
          <SalesFigures current={data.ventas.current} previous={data.ventas.previous} />
          <div className="mt-4">
            <SalesChart series={data.ventas.series} unit={range.unit} />
          </div>
        </>,
      )}
      {section(
        "embudo",
        "Pedidos enviados en el rango (por WhatsApp o pagados en línea) y en qué quedaron.",
        <FunnelBars funnel={data.embudo} />,
      )}
      {section(
        "productos",
        "Ingresos por producto antes de descuentos. La duración del stock usa los pedidos de los últimos 30 días.",
      )}
      {section("clientes", "Un cliente es una cuenta o, sin cuenta, un número de celular.")}
      {section("reservas", "Reservas con cita en el rango.", <BookingHoursChart byHour={data.reservas.byHour} />)}
      {section("busquedas", "Búsquedas en toda la tienda, sin datos de quién buscó.")}
    </section>
  );
}
