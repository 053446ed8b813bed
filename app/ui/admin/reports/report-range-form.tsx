import { Form, href } from "react-router";

import { type RangePreset, rangePresetLabels, type ReportRange } from "~/domain/reports/report-range";
import { cn } from "~/lib/cn";
import { DateField } from "~/ui/form/date-field";
import { Button, buttonVariants } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";

const quickPresets = ["hoy", "7dias", "mes", "mes-anterior"] as const satisfies readonly RangePreset[];

/**
 * The report's range: four links ('Hoy', 'Últimos 7 días', 'Este mes', 'Mes anterior') and a
 * GET form for a custom range, so it works before the scripts arrive. What was typed stays in
 * the boxes, with the error beside them.
 */
export function ReportRangeForm({
  range,
  typed,
  error,
}: {
  range: ReportRange;
  typed: { from: string; to: string };
  error: string | null;
}) {
  const isCustom = range.preset === "personalizado" || error !== null;
  return (
    <div className="mb-6 rounded-xl border bg-white p-4 shadow-sm">
      <nav aria-label="Rango del reporte" className="flex flex-wrap gap-2">
        {quickPresets.map((preset) => (
          <Link
            key={preset}
            to={`${href("/admin/reportes")}?rango=${preset}`}
            aria-current={range.preset === preset && !error ? "page" : undefined}
            className={buttonVariants({
              variant: range.preset === preset && !error ? "default" : "outline",
              size: "sm",
            })}
          >
            {rangePresetLabels[preset]}
          </Link>
        ))}
      </nav>
      <Form
        method="get"
        aria-label="Rango personalizado"
        key={`${range.preset}|${range.from}|${range.to}|${typed.from}|${typed.to}`}
        className="mt-4 grid grid-cols-2 items-end gap-3 sm:grid-cols-[repeat(2,minmax(0,12rem))_auto] sm:justify-start"
      >
        <input type="hidden" name="rango" value="personalizado" />
        <DateField
          label="Desde"
          field={{
            id: "report-from",
            name: "desde",
            defaultValue: isCustom ? typed.from : range.from,
            error: error ?? undefined,
          }}
        />
        <DateField
          label="Hasta"
          field={{ id: "report-to", name: "hasta", defaultValue: isCustom ? typed.to : range.to }}
        />
        <Button
          type="submit"
          variant={range.preset === "personalizado" && !error ? "default" : "outline"}
          className={cn("col-span-2 sm:col-span-1")}
        >
          Ver rango
        </Button>
      </Form>
    </div>
  );
}
