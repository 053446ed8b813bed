// /admin/reportes (issue 49, ADRs 040 and 044): the whole report of a range, and one of its
// tables as an .xlsx download. Every figure comes summed from SQL (the *-report.server.ts modules).
import { getLimaDate } from "~/domain/calendar/lima-time";
import { streamedTableWorkbook } from "~/lib/excel-writer.server";

import { getBookingReport } from "./booking-report.server";
import { getCustomerReport } from "./customer-report.server";
import { getOrderFunnel } from "./order-funnel.server";
import { getProductReport } from "./product-report.server";
import { type RangeQuery, readReportRange, type ReportRange } from "./report-range";
import {
  buildSectionTables,
  type ReportSection,
  reportSections,
  type ReportTable,
  type SectionData,
  sectionOfTable,
} from "./report-tables";
import { getSalesReport } from "./sales-report.server";
import { getSearchReport } from "./search-report.server";

export type Report = {
  range: ReportRange;
  /** What is wrong with the custom range typed, shown beside the form. */
  rangeError: string | null;
  today: string;
  data: SectionData;
  tables: Record<ReportSection, ReportTable[]>;
};

function loadSection<S extends ReportSection>(section: S, range: ReportRange, today: string): Promise<SectionData[S]> {
  const loaders: { [K in ReportSection]: () => Promise<SectionData[K]> } = {
    ventas: () => getSalesReport(range),
    embudo: () => getOrderFunnel(range),
    productos: () => getProductReport(range, today),
    clientes: () => getCustomerReport(range),
    reservas: () => getBookingReport(range),
    busquedas: () => getSearchReport(range),
  };
  return loaders[section]() as Promise<SectionData[S]>;
}

export async function getReport(query: RangeQuery, now = new Date()): Promise<Report> {
  const today = getLimaDate(now);
  const { range, error } = readReportRange(query, today);
  // Independent statements: on PostgreSQL they run side by side on the pool's connections.
  const loaded = await Promise.all(reportSections.map((section) => loadSection(section, range, today)));
  const data = Object.fromEntries(reportSections.map((section, index) => [section, loaded[index]])) as SectionData;
  const tables = Object.fromEntries(
    reportSections.map((section) => [section, buildSectionTables(section, data[section], range)]),
  ) as Record<ReportSection, ReportTable[]>;
  return { range, rangeError: error, today, data, tables };
}

const MONEY_FORMAT = '"S/" #,##0.00';

/** One table of the report as an .xlsx ('reporte-productos-marca-2026-11-01-a-2026-11-30.xlsx'), or null for an unknown table. */
export async function exportReportTable(
  query: RangeQuery,
  key: string,
  now = new Date(),
): Promise<{ bytes: Uint8Array; fileName: string } | null> {
  const section = sectionOfTable(key);
  if (!section) return null;
  const today = getLimaDate(now);
  const { range } = readReportRange(query, today);
  const table = buildSectionTables(section, await loadSection(section, range, today), range).find(
    (candidate) => candidate.key === key,
  );
  if (!table) return null;
  const { sheet, finish } = await streamedTableWorkbook(
    table.title.slice(0, 31),
    table.columns.map((column, index) => ({
      header: column.header,
      key: `c${index}`,
      width: column.kind === "text" ? 32 : 16,
      style: column.kind === "money" ? { numFmt: MONEY_FORMAT } : column.kind === "integer" ? { numFmt: "#,##0" } : {},
    })),
    now,
  );
  for (const row of table.rows) {
    sheet
      .addRow(row.map((cell, index) => (table.columns[index]?.kind === "money" ? Number(cell) / 100 : cell)))
      .commit();
  }
  return { bytes: await finish(), fileName: `reporte-${key}-${range.from}-a-${range.to}.xlsx` };
}
