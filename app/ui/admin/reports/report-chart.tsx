import { useEffect, useRef } from "react";

import type { ChartSpec } from "./chart-spec";

/**
 * A chart of the report, drawn once the page runs its scripts: the charting library is a
 * separate file fetched here, never part of a page's first load. The figures it draws are
 * always in the table that follows it, which is what screen readers and the page without
 * scripts read; the drawing itself is hidden from them.
 */
export function ReportChart({ spec, label }: { spec: ChartSpec; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const key = JSON.stringify(spec);
  useEffect(() => {
    const target = box.current;
    if (!target) return;
    let drawn: { resize: (width: number) => void; destroy: () => void } | null = null;
    let isGone = false;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) drawn?.resize(Math.floor(entry.contentRect.width));
    });
    void import("./uplot-chart").then(({ drawChart }) => {
      if (isGone) return;
      drawn = drawChart(target, JSON.parse(key) as ChartSpec, Math.floor(target.clientWidth));
      observer.observe(target);
    });
    return () => {
      isGone = true;
      observer.disconnect();
      drawn?.destroy();
    };
  }, [key]);
  return (
    <figure className="min-w-0">
      <div ref={box} aria-hidden className="w-full overflow-hidden" style={{ minHeight: spec.height + 30 }} />
      <figcaption className="sr-only">{label}: las cifras están en la tabla siguiente.</figcaption>
    </figure>
  );
}
