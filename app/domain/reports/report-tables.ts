// The report's tables, defined once (issue 49): the page draws them and each downloads as
// .xlsx from the same definition, so the file and the screen never disagree. Money cells hold
// céntimos; the page formats them with formatMoney, the workbook as soles.
import type { BookingReport } from "./booking-report.server";
import type { CustomerReport } from "./customer-report.server";
import type { OrderFunnel } from "./order-funnel.server";
import type { ProductReport, SoldRow } from "./product-report.server";
import { formatBucket, formatShare } from "./report-format";
import { describeChange, type ReportRange } from "./report-range";
import type { SalesReport } from "./sales-report.server";
import type { SearchReport } from "./search-report.server";

type CellKind = "text" | "money" | "integer";
export type ReportColumn = { header: string; kind: CellKind };
export type ReportCell = string | number;
export type ReportTable = {
  key: string;
  title: string;
  columns: ReportColumn[];
  rows: ReportCell[][];
  empty: string;
  /** Set when the page shows only the first rows (pageTables): how many there are in all. */
  totalRows?: number;
};

/** Rows a table shows on the report's page; its Excel download has them all. */
export const PAGE_TABLE_ROWS = 100;

/**
 * The tables as the page shows them: each at most PAGE_TABLE_ROWS rows, with how many it has
 * in all. A big shop's 'Stock bajo y agotado' can hold thousands of presentaciones, which a
 * phone would have to download and scroll through.
 */
export function pageTables<K extends string>(tables: Record<K, ReportTable[]>): Record<K, ReportTable[]> {
  const limit = (table: ReportTable): ReportTable =>
    table.rows.length <= PAGE_TABLE_ROWS
      ? table
      : { ...table, rows: table.rows.slice(0, PAGE_TABLE_ROWS), totalRows: table.rows.length };
  return Object.fromEntries(
    Object.entries<ReportTable[]>(tables).map(([section, list]) => [section, list.map(limit)]),
  ) as Record<K, ReportTable[]>;
}

export const reportSections = ["ventas", "embudo", "productos", "clientes", "reservas", "busquedas"] as const;
export type ReportSection = (typeof reportSections)[number];

export type SectionData = {
  ventas: SalesReport;
  embudo: OrderFunnel;
  productos: ProductReport;
  clientes: CustomerReport;
  reservas: BookingReport;
  busquedas: SearchReport;
};

const text = (header: string): ReportColumn => ({ header, kind: "text" });
const money = (header: string): ReportColumn => ({ header, kind: "money" });
const integer = (header: string): ReportColumn => ({ header, kind: "integer" });

const fulfillmentNames: Record<string, string> = {
  delivery: "Delivery",
  pickup: "Recojo en tienda",
  sin_dato: "Sin dato (pedidos antiguos)",
};

function salesTables(sales: SalesReport, range: ReportRange): ReportTable[] {
  const { current: now, previous: before } = sales;
  const compare = (label: string, a: number, b: number): ReportCell[] => [label, a, b, describeChange(a, b) ?? "—"];
  return [
    {
      key: "ventas-resumen",
      title: "Resumen de ventas",
      columns: [text("Indicador"), money("Este periodo"), money("Periodo anterior"), text("Cambio")],
      rows: [
        compare("Ingresos pagados", now.revenueCents, before.revenueCents),
        compare("Ticket promedio", now.averageTicketCents, before.averageTicketCents),
        compare("Descuentos", now.discountCents, before.discountCents),
      ],
      empty: "",
    },
    {
      key: "ventas-cantidades",
      title: "Pedidos y unidades",
      columns: [text("Indicador"), integer("Este periodo"), integer("Periodo anterior"), text("Cambio")],
      rows: [
        compare("Pedidos pagados", now.orderCount, before.orderCount),
        compare("Unidades vendidas", now.units, before.units),
      ],
      empty: "",
    },
    {
      key: "ventas-serie",
      title: range.unit === "day" ? "Ventas por día" : range.unit === "week" ? "Ventas por semana" : "Ventas por mes",
      columns: [text("Periodo"), integer("Pedidos"), money("Ingresos")],
      rows: sales.series.map((point) => [formatBucket(point.bucket, range.unit), point.orderCount, point.revenueCents]),
      empty: "Sin ventas en el rango.",
    },
    {
      key: "ventas-entrega",
      title: "Por forma de entrega",
      columns: [text("Entrega"), integer("Pedidos"), money("Ingresos")],
      rows: sales.byFulfillment.map((row) => [fulfillmentNames[row.key] ?? row.key, row.orderCount, row.revenueCents]),
      empty: "Sin ventas en el rango.",
    },
    {
      key: "ventas-metodo",
      title: "Por método de pago",
      columns: [text("Método de pago"), integer("Pedidos"), money("Ingresos")],
      rows: sales.byMethod.map((row) => [row.key || "Sin dato", row.orderCount, row.revenueCents]),
      empty: "Sin ventas en el rango.",
    },
  ];
}

function funnelTables(funnel: OrderFunnel): ReportTable[] {
  const stage = (label: string, count: number): ReportCell[] => [label, count, formatShare(count, funnel.sentCount)];
  return [
    {
      key: "embudo",
      title: "Embudo de pedidos",
      columns: [text("Etapa"), integer("Pedidos"), text("% de enviados")],
      rows: [
        stage("Enviados", funnel.sentCount),
        stage("Pagados", funnel.paidCount),
        stage("Entregados", funnel.deliveredCount),
        stage("Cancelados", funnel.cancelledCount),
        stage("Vencidos sin pago", funnel.expiredCount),
        stage("Esperan su pago", funnel.pendingCount),
      ],
      empty: "",
    },
  ];
}

function soldTable(key: string, title: string, first: string, rows: SoldRow[]): ReportTable {
  return {
    key,
    title,
    columns: [text(first), integer("Unidades"), money("Ingresos")],
    rows: rows.map((row) => [row.name, row.units, row.revenueCents]),
    empty: "Sin ventas en el rango.",
  };
}

/** 'Quedan ~6 días', 'Agotado' or 'Sin pedidos recientes'. */
export function describeDaysLeft(stock: number, daysLeft: number | null): string {
  if (stock === 0) return "Agotado";
  if (daysLeft === null) return "Sin pedidos recientes";
  return daysLeft === 1 ? "Queda ~1 día" : `Quedan ~${daysLeft} días`;
}

function productTables(report: ProductReport): ReportTable[] {
  return [
    soldTable("productos-unidades", "Más vendidos por unidades", "Producto", report.byUnits),
    soldTable("productos-ingresos", "Más vendidos por ingresos", "Producto", report.byRevenue),
    soldTable("productos-categoria", "Por categoría", "Categoría", report.byCategory),
    soldTable("productos-marca", "Por marca", "Marca", report.byBrand),
    {
      key: "productos-stock",
      title: "Stock bajo y agotado",
      columns: [
        text("Producto"),
        text("Presentación"),
        integer("Stock"),
        integer("Pedidos (30 días)"),
        text("Duración"),
      ],
      rows: report.lowStock.map((row) => [
        row.title,
        row.variantName || "—",
        row.stock,
        row.recentUnits,
        describeDaysLeft(row.stock, row.daysLeft),
      ]),
      empty: "Ninguna presentación con stock bajo.",
    },
    {
      key: "productos-sin-ventas",
      title: `Sin ventas en el rango (${report.unsoldCount})`,
      columns: [text("Producto"), integer("Stock")],
      rows: report.unsold.map((row) => [row.title, row.stock]),
      empty: "Todos los productos vendieron algo.",
    },
  ];
}

function customerTables(report: CustomerReport): ReportTable[] {
  return [
    {
      key: "clientes-resumen",
      title: "Clientes",
      columns: [text("Indicador"), integer("Cantidad"), text("%")],
      rows: [
        ["Clientes que compraron", report.customerCount, formatShare(report.customerCount, report.customerCount)],
        ["Nuevos", report.newCount, formatShare(report.newCount, report.customerCount)],
        ["Recurrentes", report.returningCount, formatShare(report.returningCount, report.customerCount)],
        [
          "Pedidos con cuenta",
          report.registeredOrderCount,
          formatShare(report.registeredOrderCount, report.orderCount),
        ],
      ],
      empty: "",
    },
    {
      key: "clientes-top",
      title: "Mejores clientes",
      columns: [text("Cliente"), text("Teléfono"), integer("Pedidos"), money("Ingresos")],
      rows: report.top.map((row) => [row.name || "—", row.phone || "—", row.orderCount, row.revenueCents]),
      empty: "Sin ventas en el rango.",
    },
  ];
}

function bookingTables(report: BookingReport): ReportTable[] {
  return [
    {
      key: "reservas-servicio",
      title: "Reservas por servicio",
      columns: [
        text("Servicio"),
        integer("Reservas"),
        integer("Atendidas"),
        integer("No asistieron"),
        integer("Canceladas"),
      ],
      rows: report.byService.map((row) => [
        row.service,
        row.bookingCount,
        row.attendedCount,
        row.noShowCount,
        row.cancelledCount,
      ]),
      empty: "Sin reservas en el rango.",
    },
    {
      key: "reservas-hora",
      title: "Horas con más reservas",
      columns: [text("Hora"), integer("Reservas")],
      rows: report.byHour.map((row) => [`${String(row.hour).padStart(2, "0")}:00`, row.bookingCount]),
      empty: "Sin reservas en el rango.",
    },
  ];
}

function searchTables(report: SearchReport): ReportTable[] {
  const columns = [text("Búsqueda"), integer("Veces"), integer("Sin resultados")];
  return [
    {
      key: "busquedas-top",
      title: "Lo más buscado",
      columns,
      rows: report.top.map((row) => [row.query, row.searchCount, row.missCount]),
      empty: "Nadie buscó en el rango.",
    },
    {
      key: "busquedas-sin-resultados",
      title: "Búsquedas sin resultados",
      columns,
      rows: report.misses.map((row) => [row.query, row.searchCount, row.missCount]),
      empty: "Todas las búsquedas encontraron algo.",
    },
  ];
}

/** The tables of one section of the report. */
export function buildSectionTables<S extends ReportSection>(
  section: S,
  data: SectionData[S],
  range: ReportRange,
): ReportTable[] {
  const builders: { [K in ReportSection]: (value: SectionData[K]) => ReportTable[] } = {
    ventas: (value) => salesTables(value, range),
    embudo: funnelTables,
    productos: productTables,
    clientes: customerTables,
    reservas: bookingTables,
    busquedas: searchTables,
  };
  return (builders[section] as (value: SectionData[S]) => ReportTable[])(data);
}

/** The section a table's key belongs to ('productos-marca' → 'productos'), or null. */
export function sectionOfTable(key: string): ReportSection | null {
  const section = key.split("-")[0];
  return (reportSections as readonly string[]).includes(section ?? "") ? (section as ReportSection) : null;
}
