import { and, asc, eq, inArray } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { type DocumentStatus, electronicDocuments, orders } from "~/db/schema";
import { formatLimaShortDateTime } from "~/domain/orders/order-admin";

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

const documentStatusLabels: Record<DocumentStatus, string> = {
  pending: "Pendiente de envío",
  sent: "Enviado, esperando a SUNAT",
  accepted: "Aceptado por SUNAT",
  rejected: "Rechazado por SUNAT",
  error: "Rechazado por el PSE",
};

const kindLabels = { boleta: "Boleta", factura: "Factura", nota_credito: "Nota de crédito" } as const;

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
    title: `${kindLabels[row.kind]} electrónica ${row.series}-${row.number}`,
    status: row.status,
    statusLabel: documentStatusLabels[row.status],
    date: formatLimaShortDateTime(row.issuedAt),
    totalCents: row.totalCents,
    igvCents: row.igvCents,
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
  return (await readOrderDocuments(orderId))
    .filter((document) => (document.status === "accepted" || document.status === "sent") && document.pdfUrl)
    .map(({ title, pdfUrl, xmlUrl }) => ({ title, pdfUrl, xmlUrl }));
}
