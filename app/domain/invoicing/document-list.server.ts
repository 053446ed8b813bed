import { and, asc, count, desc, eq, gte, lt, min, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

import { getDb } from "~/db/client.server";
import { electronicDocuments, orders } from "~/db/schema";
import { getLimaDate } from "~/domain/calendar/lima-time";
import { formatLimaShortDateTime } from "~/domain/orders/order-admin";
import { streamedTableWorkbook, type TableColumn } from "~/lib/excel-writer.server";

import {
  describeCustomerDocument,
  DOCUMENT_PAGE_SIZE,
  type DocumentExportQuery,
  documentKindCodes,
  documentKindLabels,
  type DocumentListQuery,
  documentStatusLabels,
  formatDocumentNumber,
  getLimaMonth,
  isRefusedDocument,
  limaMonthRange,
  salesRegisterFileName,
  signedCents,
} from "./document-list";

// /admin/comprobantes (issue 46): every boleta, factura and nota de crédito of a Lima month,
// newest first, and the month's 'registro de ventas' as an .xlsx for the accountant.

/** The document a credit note modifies (its series and number). */
const modified = alias(electronicDocuments, "modified");

/** The list's and the export's WHERE: the Lima month on issued_at (indexed), then kind and status. */
function documentConditions(query: DocumentExportQuery): SQL | undefined {
  const { start, end } = limaMonthRange(query.month);
  const conditions: SQL[] = [gte(electronicDocuments.issuedAt, start), lt(electronicDocuments.issuedAt, end)];
  if (query.kind) conditions.push(eq(electronicDocuments.kind, query.kind));
  if (query.status) conditions.push(eq(electronicDocuments.status, query.status));
  return and(...conditions);
}

/** What the list and the export read of each document: never its lines (jsonb) nor what was sent. */
const documentColumns = {
  id: electronicDocuments.id,
  orderId: electronicDocuments.orderId,
  orderCode: orders.code,
  kind: electronicDocuments.kind,
  series: electronicDocuments.series,
  number: electronicDocuments.number,
  status: electronicDocuments.status,
  customerDocType: electronicDocuments.customerDocType,
  customerDocNumber: electronicDocuments.customerDocNumber,
  customerName: electronicDocuments.customerName,
  gravadaCents: electronicDocuments.gravadaCents,
  exoneradaCents: electronicDocuments.exoneradaCents,
  inafectaCents: electronicDocuments.inafectaCents,
  igvCents: electronicDocuments.igvCents,
  totalCents: electronicDocuments.totalCents,
  issuedAt: electronicDocuments.issuedAt,
  pdfUrl: electronicDocuments.pdfUrl,
  xmlUrl: electronicDocuments.xmlUrl,
  cdrUrl: electronicDocuments.cdrUrl,
  sunatDescription: electronicDocuments.sunatDescription,
  lastError: electronicDocuments.lastError,
  modifiedSeries: modified.series,
  modifiedNumber: modified.number,
};

function selectDocuments() {
  return getDb()
    .select(documentColumns)
    .from(electronicDocuments)
    .innerJoin(orders, eq(orders.id, electronicDocuments.orderId))
    .leftJoin(modified, eq(modified.id, electronicDocuments.modifiesId));
}

type DocumentRow = Awaited<ReturnType<typeof selectDocuments>>[number];

function modifiedNumber(row: DocumentRow): string {
  return row.modifiedSeries !== null && row.modifiedNumber !== null
    ? formatDocumentNumber({ series: row.modifiedSeries, number: row.modifiedNumber })
    : "";
}

/** The Lima month of the first document ever issued, or null before the first one. */
async function readFirstMonth(): Promise<string | null> {
  const [first] = await getDb()
    .select({ at: min(electronicDocuments.issuedAt) })
    .from(electronicDocuments);
  return first?.at ? getLimaMonth(new Date(first.at)) : null;
}

/** One page of the month's documents, newest first, with the count for the pagination. */
export async function listDocuments(query: DocumentListQuery) {
  const db = getDb();
  const where = documentConditions(query);
  const [totals] = await db.select({ total: count() }).from(electronicDocuments).where(where);
  const total = totals?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / DOCUMENT_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const rows = await selectDocuments()
    .where(where)
    .orderBy(desc(electronicDocuments.issuedAt), desc(electronicDocuments.id))
    .limit(DOCUMENT_PAGE_SIZE)
    .offset((page - 1) * DOCUMENT_PAGE_SIZE);
  return {
    rows: rows.map((row) => ({
      id: row.id,
      orderId: row.orderId,
      orderCode: row.orderCode,
      kind: row.kind,
      kindLabel: documentKindLabels[row.kind],
      number: formatDocumentNumber(row),
      modifies: modifiedNumber(row),
      date: formatLimaShortDateTime(row.issuedAt),
      customerName: row.customerName,
      customerDocument: describeCustomerDocument(row.customerDocType, row.customerDocNumber),
      totalCents: signedCents(row.kind, row.totalCents),
      igvCents: signedCents(row.kind, row.igvCents),
      status: row.status,
      statusLabel: documentStatusLabels[row.status],
      /** SUNAT's words for a rejection, the PSE's for its own refusal. */
      problem: !isRefusedDocument(row.status)
        ? ""
        : row.status === "rejected"
          ? row.sunatDescription || row.lastError
          : row.lastError || row.sunatDescription,
      pdfUrl: row.pdfUrl,
      xmlUrl: row.xmlUrl,
      cdrUrl: row.cdrUrl,
    })),
    total,
    page,
    pageCount,
    firstMonth: await readFirstMonth(),
  };
}

export type DocumentListRow = Awaited<ReturnType<typeof listDocuments>>["rows"][number];

const MONEY_FORMAT = "#,##0.00";

const registerColumns = [
  { header: "Fecha de emisión", key: "date", width: 14, style: { numFmt: "dd/mm/yyyy" } },
  { header: "Tipo", key: "kind", width: 16 },
  { header: "Código tipo", key: "kindCode", width: 11 },
  { header: "Serie", key: "series", width: 8 },
  { header: "Número", key: "number", width: 10, style: { numFmt: "0" } },
  { header: "Tipo doc. cliente", key: "customerDocType", width: 15 },
  { header: "N.º doc. cliente", key: "customerDocNumber", width: 15 },
  { header: "Razón social / nombre", key: "customerName", width: 32 },
  { header: "Base imponible", key: "gravada", width: 15, style: { numFmt: MONEY_FORMAT } },
  { header: "IGV", key: "igv", width: 12, style: { numFmt: MONEY_FORMAT } },
  { header: "Exonerado", key: "exonerada", width: 12, style: { numFmt: MONEY_FORMAT } },
  { header: "Inafecto", key: "inafecta", width: 12, style: { numFmt: MONEY_FORMAT } },
  { header: "Total", key: "total", width: 13, style: { numFmt: MONEY_FORMAT } },
  { header: "Estado", key: "status", width: 26 },
  { header: "Documento modificado", key: "modifies", width: 20 },
  { header: "Pedido", key: "order", width: 13 },
] as const satisfies readonly TableColumn[];

const amountKeys = ["gravada", "igv", "exonerada", "inafecta", "total"] as const;
type AmountKey = (typeof amountKeys)[number];

const REGISTER_TOTALS_LABEL = "Totales";
const REGISTER_TOTALS_NOTE = "Los totales no incluyen comprobantes rechazados.";

/** A row's amounts in céntimos, a credit note's negative. */
function amountsOf(row: DocumentRow): Record<AmountKey, number> {
  return {
    gravada: signedCents(row.kind, row.gravadaCents),
    igv: signedCents(row.kind, row.igvCents),
    exonerada: signedCents(row.kind, row.exoneradaCents),
    inafecta: signedCents(row.kind, row.inafectaCents),
    total: signedCents(row.kind, row.totalCents),
  };
}

const toSoles = (amounts: Record<AmountKey, number>) =>
  Object.fromEntries(amountKeys.map((key) => [key, amounts[key] / 100])) as Record<AmountKey, number>;

/** The month's documents for the register, oldest first (the order the register is kept in). */
async function readSalesRegisterRows(query: DocumentExportQuery): Promise<DocumentRow[]> {
  return selectDocuments()
    .where(documentConditions(query))
    .orderBy(asc(electronicDocuments.issuedAt), asc(electronicDocuments.id));
}

/**
 * The 'registro de ventas' of a Lima month (and the list's kind and status filters) as an
 * .xlsx: one row per document, amounts in soles as numbers, a credit note's negative, then
 * the totals of every document but those SUNAT or the PSE refused.
 */
export async function exportSalesRegister(
  query: DocumentExportQuery,
  now = new Date(),
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const rows = await readSalesRegisterRows(query);
  const { sheet, finish } = await streamedTableWorkbook("Registro de ventas", registerColumns, now);
  const totals: Record<AmountKey, number> = { gravada: 0, igv: 0, exonerada: 0, inafecta: 0, total: 0 };
  for (const row of rows) {
    const amounts = amountsOf(row);
    if (!isRefusedDocument(row.status)) for (const key of amountKeys) totals[key] += amounts[key];
    sheet
      .addRow({
        // A calendar day: Excel reads the date's UTC fields, so it is Lima's day at 00:00 UTC.
        date: new Date(`${getLimaDate(row.issuedAt)}T00:00:00Z`),
        kind: documentKindLabels[row.kind],
        kindCode: documentKindCodes[row.kind],
        series: row.series,
        number: row.number,
        customerDocType: row.customerDocType,
        customerDocNumber: row.customerDocNumber,
        customerName: row.customerName,
        ...toSoles(amounts),
        status: documentStatusLabels[row.status],
        modifies: modifiedNumber(row),
        order: row.orderCode,
      })
      .commit();
  }
  const totalsRow = sheet.addRow({ date: REGISTER_TOTALS_LABEL, ...toSoles(totals) });
  totalsRow.font = { bold: true };
  totalsRow.commit();
  sheet.addRow({ date: REGISTER_TOTALS_NOTE }).commit();
  return { bytes: await finish(), fileName: salesRegisterFileName(query.month) };
}
