import { href } from "react-router";
import { z } from "zod";

import type { DocumentKind, DocumentStatus } from "~/db/schema";
import { getLimaDate } from "~/domain/calendar/lima-time";
import { parsePage } from "~/lib/parse";

// /admin/comprobantes (issue 46): the query string of the documents list and of its 'registro
// de ventas' export, and the words both use. Browser-safe: no database, no exceljs.

export const DOCUMENT_PAGE_SIZE = 50;

export const documentKindLabels: Record<DocumentKind, string> = {
  boleta: "Boleta",
  factura: "Factura",
  nota_credito: "Nota de crédito",
};

/** SUNAT's catálogo 01 code of each kind, as a registro de ventas lists it. */
export const documentKindCodes: Record<DocumentKind, string> = { factura: "01", boleta: "03", nota_credito: "07" };

/** What each status reads as, on the list, the order's detail and the export. */
export const documentStatusLabels: Record<DocumentStatus, string> = {
  pending: "Pendiente de envío",
  sent: "Enviado, esperando a SUNAT",
  accepted: "Aceptado por SUNAT",
  rejected: "Rechazado por SUNAT",
  error: "Rechazado por el PSE",
};

const documentKindValues = Object.keys(documentKindLabels) as [DocumentKind, ...DocumentKind[]];
const documentStatusValues = Object.keys(documentStatusLabels) as [DocumentStatus, ...DocumentStatus[]];

/** Refused by SUNAT or by the PSE: the document does not count in the month's totals. */
export function isRefusedDocument(status: DocumentStatus): boolean {
  return status === "rejected" || status === "error";
}

/** An amount as the registro de ventas reads it: a credit note's takes away, so it is negative. */
export function signedCents(kind: DocumentKind, cents: number): number {
  return kind === "nota_credito" && cents !== 0 ? -cents : cents;
}

/** 'B001-12'. */
export function formatDocumentNumber(document: { series: string; number: number }): string {
  return `${document.series}-${document.number}`;
}

/** SUNAT's catálogo 06 codes the shop issues with, as the list names them. */
const customerDocTypeNames: Record<string, string> = { "6": "RUC", "1": "DNI", "4": "CE" };

/** 'DNI 45678912', 'RUC 20123456789', 'Sin documento'. */
export function describeCustomerDocument(docType: string, docNumber: string): string {
  const name = customerDocTypeNames[docType];
  if (docType === "-" || !docNumber.trim()) return "Sin documento";
  return name ? `${name} ${docNumber}` : docNumber;
}

/** The month, 'YYYY-MM', in Lima at `instant`. */
export function getLimaMonth(instant: Date): string {
  return getLimaDate(instant).slice(0, 7);
}

const monthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
  .refine((month) => {
    const year = Number(month.slice(0, 4));
    return year >= 2000 && year <= 2100;
  });

/** `?mes=&tipo=&estado=&pagina=`, each value that does not read falling back on its default. */
function documentListQuerySchema(currentMonth: string) {
  return z.object({
    mes: monthSchema.catch(currentMonth).default(currentMonth),
    tipo: z.enum(documentKindValues).nullable().catch(null).default(null),
    estado: z.enum(documentStatusValues).nullable().catch(null).default(null),
    pagina: z
      .string()
      .optional()
      .catch(undefined)
      .transform((raw) => parsePage(raw)),
  });
}

export type DocumentListQuery = {
  /** A Lima calendar month, 'YYYY-MM'. */
  month: string;
  kind: DocumentKind | null;
  status: DocumentStatus | null;
  page: number;
};

/** The filters the export takes from the list: all but its page. */
export type DocumentExportQuery = Omit<DocumentListQuery, "page">;

/** The list's query; a month that does not read (`mes=2026-13`, `mes=x`) is the current Lima month. */
export function parseDocumentListQuery(url: URL, now = new Date()): DocumentListQuery {
  const raw = Object.fromEntries(
    ["mes", "tipo", "estado", "pagina"].flatMap((key) => {
      const value = url.searchParams.get(key)?.trim();
      return value ? [[key, value]] : [];
    }),
  );
  const parsed = documentListQuerySchema(getLimaMonth(now)).parse(raw);
  return { month: parsed.mes, kind: parsed.tipo, status: parsed.estado, page: parsed.pagina };
}

/** The month's first instant and the next month's, in Lima (UTC−5 all year, no daylight saving). */
export function limaMonthRange(month: string): { start: Date; end: Date } {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  const next = monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, "0")}`;
  return { start: new Date(`${month}-01T00:00:00-05:00`), end: new Date(`${next}-01T00:00:00-05:00`) };
}

const monthName = new Intl.DateTimeFormat("es-PE", { month: "long", year: "numeric", timeZone: "UTC" });

/** 'noviembre de 2026' for '2026-11'. */
export function formatMonth(month: string): string {
  return monthName.format(new Date(`${month}-15T12:00:00Z`));
}

function previousMonth(month: string): string {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  return monthNumber === 1 ? `${year - 1}-12` : `${year}-${String(monthNumber - 1).padStart(2, "0")}`;
}

/**
 * The months the filter offers, newest first: from the current one back to the first
 * document's (or the current one alone), with the month asked for added when it lies outside.
 */
export function monthOptions(current: string, first: string | null, selected: string): string[] {
  const oldest = [first ?? current, selected].sort()[0]!;
  const newest = [current, selected].sort().at(-1)!;
  const months: string[] = [];
  for (let month = newest; month >= oldest; month = previousMonth(month)) months.push(month);
  return months;
}

/** The export link of the list: its month and filters, not its page. */
export function documentExportHref(query: DocumentExportQuery): string {
  const params = new URLSearchParams({ mes: query.month });
  if (query.kind) params.set("tipo", query.kind);
  if (query.status) params.set("estado", query.status);
  return `${href("/admin/comprobantes/exportar")}?${params.toString()}`;
}

export function salesRegisterFileName(month: string): string {
  return `registro-de-ventas-${month}.xlsx`;
}

/** '12 comprobantes en noviembre de 2026 · Boleta · Aceptado por SUNAT'. */
export function describeDocumentQuery(total: number, query: DocumentExportQuery): string {
  return [
    total === 1 ? "1 comprobante" : `${total} comprobantes`,
    ` en ${formatMonth(query.month)}`,
    query.kind ? ` · ${documentKindLabels[query.kind]}` : "",
    query.status ? ` · ${documentStatusLabels[query.status]}` : "",
  ].join("");
}
