import { and, asc, count, eq, inArray, ne, sql } from "drizzle-orm";

import { type Database, getDb } from "~/db/client.server";
import { electronicDocuments, orders } from "~/db/schema";
import { formatLimaShortDateTime } from "~/domain/orders/order-admin";

import { documentKindLabels, documentStatusLabels } from "./document-list";
import {
  BOLETA_ANONYMOUS_LIMIT_CENTS,
  customerOf,
  issueOrderDocument,
  pseFor,
  readInvoicingSettings,
  sendDocument,
} from "./invoicing.server";

// An order's comprobantes as its pages show them (issue 46), and the owner's 'Emitir
// comprobante' / 'Reintentar envío' / 'Emitir de nuevo' from the order's detail.

/** 'Boleta electrónica B001-12', as SUNAT names a document: its kind, series and number. */
function documentTitle(row: Pick<typeof electronicDocuments.$inferSelect, "kind" | "series" | "number">): string {
  return `${documentKindLabels[row.kind]} electrónica ${row.series}-${row.number}`;
}

/** The order's documents, oldest first, with what the owner and the shopper read of each. */
export async function readOrderDocuments(orderId: number) {
  const rows = await getDb()
    .select()
    .from(electronicDocuments)
    .where(eq(electronicDocuments.orderId, orderId))
    .orderBy(asc(electronicDocuments.id));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    title: documentTitle(row),
    status: row.status,
    statusLabel: documentStatusLabels[row.status],
    date: formatLimaShortDateTime(row.issuedAt),
    totalCents: row.totalCents,
    igvCents: row.igvCents,
    /** A credit note's reason ('Anulación de la operación'); '' for a boleta or factura. */
    reason: row.creditReasonText,
    /** SUNAT's or the PSE's words when it was refused or could not be sent. */
    problem: row.status === "rejected" ? row.sunatDescription : row.lastError,
    pdfUrl: row.pdfUrl,
    xmlUrl: row.xmlUrl,
    cdrUrl: row.cdrUrl,
  }));
}

/** What the order's detail needs to offer issuing: whether a PSE is set, and whether the buyer's document is missing. */
export async function readInvoicingState(order: {
  totalCents: number;
  comprobante: string | null;
  documentType: string | null;
}) {
  const isConfigured = pseFor(await readInvoicingSettings()) !== null;
  return {
    isConfigured,
    needsBuyerDocument:
      order.comprobante !== "factura" && !order.documentType && order.totalCents > BOLETA_ANONYMOUS_LIMIT_CENTS,
  };
}

export type AdminIssueOutcome =
  | { status: "issued" | "sent"; documentStatus: string | null }
  | { status: "needs-document" }
  | { status: "not-paid" }
  | { status: "not-configured" }
  | { status: "not-found" };

/**
 * The owner's button. `corrections`: the buyer's data as typed to fix a refusal (RUC, razón
 * social, dirección fiscal; a boleta's DNI or CE), written on the order first. A document
 * refused by the PSE (its number unused) is sent again with them under the same number; one
 * still pending is sent now; an order with none, or only a rejected one, gets a new one.
 */
export async function issueFromAdmin(
  admin: { id: string },
  orderId: number,
  corrections: Partial<
    Pick<typeof orders.$inferInsert, "documentType" | "documentNumber" | "businessName" | "fiscalAddress">
  > = {},
): Promise<AdminIssueOutcome> {
  if (!pseFor(await readInvoicingSettings())) return { status: "not-configured" };
  if (Object.keys(corrections).length > 0) {
    await getDb().update(orders).set(corrections).where(eq(orders.id, orderId));
  }
  const [open] = await getDb()
    .select()
    .from(electronicDocuments)
    .where(
      and(eq(electronicDocuments.orderId, orderId), inArray(electronicDocuments.status, ["pending", "error", "sent"])),
    );
  if (open) {
    if (open.status === "error") {
      // Refused before SUNAT saw it: the same number, with the buyer as the order now names them.
      const [order] = await getDb().select().from(orders).where(eq(orders.id, orderId));
      const customer = customerOf(order!);
      await getDb()
        .update(electronicDocuments)
        .set({
          status: "pending",
          nextAttemptAt: null,
          attempts: 0,
          customerDocType: customer.docType,
          customerDocNumber: customer.docNumber,
          customerName: customer.name,
          customerAddress: customer.address,
        })
        .where(eq(electronicDocuments.id, open.id));
    } else {
      await getDb().update(electronicDocuments).set({ nextAttemptAt: null }).where(eq(electronicDocuments.id, open.id));
    }
    return { status: "sent", documentStatus: await sendDocument(open.id) };
  }
  const outcome = await issueOrderDocument(orderId, { byUserId: admin.id });
  if (outcome.status === "issued" || outcome.status === "exists") {
    const [document] = await getDb()
      .select({ status: electronicDocuments.status })
      .from(electronicDocuments)
      .where(eq(electronicDocuments.id, outcome.documentId));
    return { status: "issued", documentStatus: document?.status ?? null };
  }
  return outcome;
}

/** The documents the shopper can download: the PSE has them and SUNAT did not reject them. */
export async function readDownloadableDocuments(orderId: number) {
  return (await listDownloadableDocuments([orderId])).map(({ title, pdfUrl, xmlUrl }) => ({ title, pdfUrl, xmlUrl }));
}

/** readDownloadableDocuments for several orders at once ('Mis Pedidos'), with each one's order. */
export async function listDownloadableDocuments(orderIds: number[]) {
  if (orderIds.length === 0) return [];
  const rows = await getDb()
    .select()
    .from(electronicDocuments)
    .where(
      and(
        inArray(electronicDocuments.orderId, orderIds),
        inArray(electronicDocuments.status, ["accepted", "sent"]),
        ne(electronicDocuments.pdfUrl, ""),
      ),
    )
    .orderBy(asc(electronicDocuments.id));
  return rows.map((row) => ({
    orderId: row.orderId,
    title: documentTitle(row),
    pdfUrl: row.pdfUrl,
    xmlUrl: row.xmlUrl,
  }));
}

/**
 * A document that needs the owner: refused by the PSE ('error', its number unused), or rejected
 * by SUNAT and not replaced by a standing one for its order (a rejected credit note always).
 */
export const documentNeedsOwner = sql`(${electronicDocuments.status} = 'error' or (${electronicDocuments.status} = 'rejected' and (
  ${electronicDocuments.kind} = 'nota_credito' or not exists (
    select 1 from ${electronicDocuments} standing
    where standing.order_id = ${electronicDocuments.orderId}
      and standing.kind <> 'nota_credito' and standing.status <> 'rejected'))))`;

/**
 * A paid, standing order without a boleta or factura that stands. `not in` (order_id is never
 * null), not `not exists`: PostgreSQL reads the standing documents once into a hash, where with
 * `not exists` and few documents (a shop that does not issue them) it scanned the table again
 * for each of thousands of paid orders, 30 ms of the dashboard (bench/history.md).
 */
export const orderPaidWithoutDocument = sql`${orders.paidAt} is not null and ${orders.status} <> 'cancelado' and ${orders.id} not in (
  select standing.order_id from ${electronicDocuments} standing
  where standing.kind <> 'nota_credito' and standing.status <> 'rejected')`;

/** What the dashboard and the 8:00 digest tell of comprobantes (issue 46). */
export async function readInvoicingAttention(db: Pick<Database, "select"> = getDb(), limit = 10) {
  const [[withoutDocument], [refusedTotal], refused] = await Promise.all([
    db.select({ n: count() }).from(orders).where(orderPaidWithoutDocument),
    db.select({ n: count() }).from(electronicDocuments).where(documentNeedsOwner),
    db
      .select({ document: electronicDocuments, orderCode: orders.code })
      .from(electronicDocuments)
      .innerJoin(orders, eq(orders.id, electronicDocuments.orderId))
      .where(documentNeedsOwner)
      .orderBy(asc(electronicDocuments.id))
      .limit(limit),
  ]);
  return {
    withoutDocumentCount: withoutDocument?.n ?? 0,
    refusedCount: refusedTotal?.n ?? 0,
    refused: refused.map(({ document, orderCode }) => ({
      title: documentTitle(document),
      orderCode,
      reason: (document.status === "rejected" ? document.sunatDescription : document.lastError) || "sin detalle",
    })),
  };
}
