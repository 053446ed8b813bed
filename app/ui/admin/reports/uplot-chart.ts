// The report charts' drawing (issue 49, ADR 040): uPlot, the lightest maintained charting
// library measured (bench figures in the ADR), imported only from here, and this module only
// by a dynamic import in ReportChart, so no storefront page ever loads it.
import "uplot/dist/uPlot.min.css";

import uPlot from "uplot";

import { formatMoney } from "~/lib/money";

import type { ChartSpec } from "./chart-spec";

const integerFormat = new Intl.NumberFormat("es-PE", { maximumFractionDigits: 0 });
const compactMoney = new Intl.NumberFormat("es-PE", { notation: "compact", maximumFractionDigits: 1 });

function formatValue(kind: ChartSpec["valueKind"], value: number | null | undefined, isAxis: boolean): string {
  if (value === null || value === undefined) return "—";
  if (kind === "integer") return integerFormat.format(value);
  return isAxis ? `S/ ${compactMoney.format(value / 100)}` : formatMoney(value);
}

/** Draws `spec` into `target`, `width` pixels wide; answers what resizes and removes it. */
export function drawChart(target: HTMLElement, spec: ChartSpec, width: number) {
  const x = spec.labels.map((_, index) => index);
  const bars = uPlot.paths.bars?.({ size: [0.7, 48], gap: 2 });
  // Short labels on a narrow chart: every nth label only, so they never overlap.
  const every = Math.max(1, Math.ceil(spec.labels.length / Math.max(2, Math.floor(width / 85))));
  const options: uPlot.Options = {
    width,
    height: spec.height,
    legend: { show: spec.series.length > 1, live: true },
    cursor: { drag: { x: false, y: false }, points: { show: false } },
    // Fixed, half a step beyond each end: a single bar stands in the middle, not at an edge.
    scales: { x: { time: false, auto: false, range: [-0.5, spec.labels.length - 0.5] } },
    axes: [
      {
        values: (_u, splits) =>
          splits.map((split) => (Number.isInteger(split) && split % every === 0 ? (spec.labels[split] ?? "") : "")),
        splits: () => x,
        gap: 4,
        size: 34,
        grid: { show: false },
        font: "11px system-ui, sans-serif",
      },
      {
        values: (_u, splits) => splits.map((split) => formatValue(spec.valueKind, split, true)),
        size: spec.valueKind === "money" ? 64 : 40,
        font: "11px system-ui, sans-serif",
      },
    ],
    series: [
      { label: "Día", value: (_u, index) => spec.labels[index] ?? "" },
      ...spec.series.map((series) => ({
        label: series.label,
        stroke: series.color,
        fill: series.kind === "bars" ? series.color : undefined,
        width: series.kind === "bars" ? 0 : 2,
        paths: series.kind === "bars" ? bars : undefined,
        points: { show: false },
        value: (_u: uPlot, value: number | null) => formatValue(spec.valueKind, value, false),
      })),
    ],
  };
  const chart = new uPlot(options, [x, ...spec.series.map((series) => series.values)], target);
  return {
    resize: (nextWidth: number) => chart.setSize({ width: nextWidth, height: spec.height }),
    destroy: () => chart.destroy(),
  };
}
