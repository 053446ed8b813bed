// What a report chart draws, as plain data: the page passes it to the chart module, which is
// loaded only when a chart is on screen (ADR 040).

type ChartSeries = {
  label: string;
  values: (number | null)[];
  /** A CSS colour. */
  color: string;
  kind: "bars" | "line";
};

export type ChartSpec = {
  /** One label per point ('lun 3 nov'), drawn under the axis. */
  labels: string[];
  series: ChartSeries[];
  /** How the values read: céntimos as soles ('S/ 1,234') or plain counts. */
  valueKind: "money" | "integer";
  height: number;
};
