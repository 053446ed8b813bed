import { and, asc, eq, inArray, isNull, lte, ne, or, sql } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import {
  type DocumentKind,
  documentSeries,
  electronicDocuments,
  invoicingSettings,
  orderLines,
  orders,
} from "~/db/schema";
import type { Transaction } from "~/domain/orders/order-admin.server";
import { inBackground } from "~/lib/background-work.server";
import { logError, logInfo, logWarn } from "~/lib/log.server";
import { callingOutside } from "~/lib/render-queue.server";
import { openSecret } from "~/lib/secret-box.server";

import { issueCreditNoteLater } from "./credit-notes.server";
import { computeDocumentAmounts, type SaleLine } from "./igv";
import { createNubefactPse } from "./nubefact.server";
import type { Pse, PseAnswer, PseDocument } from "./pse";

// Issuing an order's comprobante (issue 46, ADR 039). A paid order's boleta or factura is
// numbered in the transaction that writes it (its series' row lock: consecutive, no gap, no
// repeat, across instances), then sent to the PSE. A send without an answer leaves it
// 'pending' and the housekeeping tries again with backoff, asking the PSE first whether it
// already has that number: one document per order, whatever the network did.

export const TOKEN_PURPOSE = "invoicing:token";
/** A boleta above this total must name its buyer (SUNAT: S/ 700). */
export const BOLETA_ANONYMOUS_LIMIT_CENTS = 70_000;
/** How long a send holds its document before another may try it (a crashed send is retried after). */
const LEASE_MS = 2 * 60 * 1000;
/** Waits after the 1st, 2nd… unanswered send; the last one repeats. */
const BACKOFF_MINUTES = [1, 5, 15, 60, 360];
/** How soon a document SUNAT has not answered yet is asked about again. */
const SENT_RECHECK_MS = 60 * 60 * 1000;

export type InvoicingSettings = typeof invoicingSettings.$inferSelect;

export async function readInvoicingSettings(db: Pick<Transaction, "select"> = getDb()): Promise<InvoicingSettings> {
  const [row] = await db.select().from(invoicingSettings).where(eq(invoicingSettings.id, 1));
  return (
    row ?? {
      id: 1,
      provider: "nubefact",
      apiUrl: "",
      tokenSealed: "",
      isAutomatic: true,
      boletaSeries: "B001",
      facturaSeries: "F001",
      boletaCreditSeries: "BC01",
      facturaCreditSeries: "FC01",
      updatedAt: new Date(0),
    }
  );
}

/** The configured PSE, its token opened; null when the shop has none (it then works as before). */
export function pseFor(settings: InvoicingSettings): Pse | null {
  if (!settings.apiUrl || !settings.tokenSealed) return null;
  const token = openSecret(TOKEN_PURPOSE, settings.tokenSealed);
  // Its calls to the PSE wait outside the render line (ADR 062).
  return token
    ? callingOutside(createNubefactPse({ apiUrl: settings.apiUrl, token }), ["send", "consult", "checkConnection"])
    : null;
}

/**
 * The next number of a series, taken under its row's lock inside the caller's transaction:
 * two documents at once take turns, and a transaction that rolls back gives its number back.
 */
export async function takeNextNumber(tx: Transaction, series: string): Promise<number> {
  await tx.insert(documentSeries).values({ series }).onConflictDoNothing();
  const [row] = await tx
    .update(documentSeries)
    .set({ nextNumber: sql`${documentSeries.nextNumber} + 1`, hasIssued: true })
    .where(eq(documentSeries.series, series))
    .returning({ number: sql<number>`${documentSeries.nextNumber} - 1` });
  return Number(row!.number);
}

/** SUNAT's catálogo 06 for the buyer's document. */
const DOC_TYPE_CODES = { ruc: "6", dni: "1", ce: "4" } as const;

type OrderForDocument = typeof orders.$inferSelect;

/** Who the document names: the factura's company, the boleta's person (or '-', varios). */
export function customerOf(order: OrderForDocument) {
  if (order.comprobante === "factura") {
    return {
      docType: "6",
      docNumber: order.documentNumber,
      name: order.businessName,
      address: order.fiscalAddress,
      email: order.customerEmail,
    };
  }
  const type = order.documentType === "dni" || order.documentType === "ce" ? order.documentType : null;
  return {
    docType: type ? DOC_TYPE_CODES[type] : "-",
    docNumber: type ? order.documentNumber : "",
    name: order.customerName || "Cliente varios",
    address: order.customerAddress,
    email: order.customerEmail,
  };
}

async function saleLinesOf(tx: Transaction, order: OrderForDocument): Promise<SaleLine[]> {
  const lines = await tx
    .select({
      title: orderLines.title,
      variantName: orderLines.variantName,
      quantity: orderLines.quantity,
      unitPriceCents: orderLines.unitPriceCents,
      treatment: orderLines.igvTreatment,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.id));
  const sale: SaleLine[] = lines.map((line) => ({
    description: line.variantName ? `${line.title} — ${line.variantName}` : line.title,
    unit: "NIU",
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    treatment: line.treatment,
  }));
  if (order.deliveryFeeCents > 0) {
    const district = order.deliveryDistrict ? ` a ${order.deliveryDistrict}` : "";
    sale.push({
      description: `Servicio de delivery${district}`,
      unit: "ZZ",
      quantity: 1,
      unitPriceCents: order.deliveryFeeCents,
      treatment: "gravado",
    });
  }
  return sale;
}

export type IssueOutcome =
  | { status: "issued"; documentId: number }
  /** The order already has its document (issued before, or by a concurrent call). */
  | { status: "exists"; documentId: number }
  /** A boleta over S/ 700 without the buyer's document: the owner types it first. */
  | { status: "needs-document" }
  | { status: "not-paid" }
  | { status: "not-configured" }
  | { status: "not-found" };

/**
 * Writes the order's boleta or factura, numbered, 'pending'; then sends it (unless `isSent`
 * is false: the caller sends it after its own work). Safe to call any number of times, at once
 * too: the order's row lock and the one-per-order index let one document through.
 */
export async function issueOrderDocument(
  orderId: number,
  options: { byUserId?: string | null; isSent?: boolean } = {},
): Promise<IssueOutcome> {
  const settings = await readInvoicingSettings();
  if (!pseFor(settings)) return { status: "not-configured" };
  const outcome = await getDb().transaction(async (tx): Promise<IssueOutcome> => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) return { status: "not-found" };
    if (!order.paidAt || order.status === "cancelado") return { status: "not-paid" };
    const [existing] = await tx
      .select({ id: electronicDocuments.id })
      .from(electronicDocuments)
      .where(
        and(
          eq(electronicDocuments.orderId, orderId),
          ne(electronicDocuments.kind, "nota_credito"),
          ne(electronicDocuments.status, "rejected"),
        ),
      );
    if (existing) return { status: "exists", documentId: existing.id };
    const kind: DocumentKind = order.comprobante === "factura" ? "factura" : "boleta";
    const customer = customerOf(order);
    if (kind === "boleta" && customer.docType === "-" && order.totalCents > BOLETA_ANONYMOUS_LIMIT_CENTS) {
      return { status: "needs-document" };
    }
    const amounts = computeDocumentAmounts(await saleLinesOf(tx, order), order.discountCents);
    if (amounts.totalCents !== order.totalCents) {
      throw new Error(`Order ${order.code}: its document adds up to ${amounts.totalCents}, not ${order.totalCents}`);
    }
    const series = kind === "factura" ? settings.facturaSeries : settings.boletaSeries;
    const number = await takeNextNumber(tx, series);
    const [document] = await tx
      .insert(electronicDocuments)
      .values({
        orderId,
        kind,
        series,
        number,
        customerDocType: customer.docType,
        customerDocNumber: customer.docNumber,
        customerName: customer.name,
        customerAddress: customer.address,
        customerEmail: customer.email,
        ...amounts,
        issuedByUserId: options.byUserId ?? null,
      })
      .returning({ id: electronicDocuments.id });
    return { status: "issued", documentId: document!.id };
  });
  if (outcome.status === "issued" && options.isSent !== false) await sendDocument(outcome.documentId);
  return outcome;
}

/**
 * issueOrderDocument after the response, when the shop issues automatically; never throws.
 * `then` runs after it whatever happened (the 'Pagado' e-mail, which then carries the
 * comprobante's link when the PSE answered at once).
 */
export function issueOrderDocumentLater(orderId: number, then?: () => Promise<void>): void {
  inBackground(
    (async () => {
      try {
        const settings = await readInvoicingSettings();
        if (settings.isAutomatic && pseFor(settings)) {
          const outcome = await issueOrderDocument(orderId);
          if (outcome.status === "needs-document") {
            logWarn("A boleta over S/ 700 waits for the buyer's document", { orderId });
          }
        }
      } catch (error) {
        logError("Comprobante could not be issued", error, { orderId });
      }
      await then?.();
    })(),
  );
}

/** Takes a document for one send: false when another send holds it or it needs none. */
async function claim(documentId: number, now: Date): Promise<boolean> {
  const claimed = await getDb()
    .update(electronicDocuments)
    .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
    .where(
      and(
        eq(electronicDocuments.id, documentId),
        inArray(electronicDocuments.status, ["pending", "sent"]),
        or(isNull(electronicDocuments.nextAttemptAt), lte(electronicDocuments.nextAttemptAt, now)),
      ),
    )
    .returning({ id: electronicDocuments.id });
  return claimed.length > 0;
}

async function toPseDocument(document: typeof electronicDocuments.$inferSelect): Promise<PseDocument> {
  const [order] = await getDb().select({ code: orders.code }).from(orders).where(eq(orders.id, document.orderId));
  const [modified] = document.modifiesId
    ? await getDb()
        .select({
          kind: electronicDocuments.kind,
          series: electronicDocuments.series,
          number: electronicDocuments.number,
        })
        .from(electronicDocuments)
        .where(eq(electronicDocuments.id, document.modifiesId))
    : [];
  return {
    kind: document.kind,
    series: document.series,
    number: document.number,
    issuedAt: document.issuedAt,
    customer: {
      docType: document.customerDocType,
      docNumber: document.customerDocNumber,
      name: document.customerName,
      address: document.customerAddress,
      email: document.customerEmail,
    },
    lines: document.lines,
    gravadaCents: document.gravadaCents,
    exoneradaCents: document.exoneradaCents,
    inafectaCents: document.inafectaCents,
    igvCents: document.igvCents,
    discountBaseCents: document.discountBaseCents,
    discountCents: document.discountCents,
    totalCents: document.totalCents,
    modifies:
      modified && modified.kind !== "nota_credito"
        ? { kind: modified.kind, series: modified.series, number: modified.number }
        : undefined,
    creditReason: document.creditReason || undefined,
    creditReasonText: document.creditReasonText || undefined,
    orderCode: order?.code ?? "",
  };
}

/** What the PSE's answer makes of the document. */
async function record(documentId: number, attempts: number, answer: PseAnswer, now: Date): Promise<void> {
  const set = (() => {
    switch (answer.status) {
      case "accepted":
      case "rejected":
      case "sent": {
        const { status, ...fields } = answer;
        return {
          status,
          ...fields,
          lastError: "",
          nextAttemptAt: status === "sent" ? new Date(now.getTime() + SENT_RECHECK_MS) : null,
        };
      }
      case "invalid":
        return { status: "error" as const, lastError: answer.message, nextAttemptAt: null };
      case "unreachable":
      case "exists":
      case "unknown": {
        const wait = BACKOFF_MINUTES[Math.min(attempts, BACKOFF_MINUTES.length) - 1]!;
        const message = answer.status === "unreachable" ? answer.message : `respuesta del PSE: ${answer.status}`;
        return { lastError: message, nextAttemptAt: new Date(now.getTime() + wait * 60 * 1000) };
      }
    }
  })();
  await getDb()
    .update(electronicDocuments)
    .set({ ...set, attempts, updatedAt: now })
    .where(eq(electronicDocuments.id, documentId));
}

/**
 * One send of a document to the PSE. A document sent before without an answer is asked
 * about first (the PSE may have it: a send whose answer was lost); only a document the PSE
 * does not have is sent, under its own number. A document SUNAT has not answered yet is asked
 * about again. Answers the document's status after it.
 */
export async function sendDocument(documentId: number, now = new Date()): Promise<string | null> {
  if (!(await claim(documentId, now))) return null;
  const [document] = await getDb().select().from(electronicDocuments).where(eq(electronicDocuments.id, documentId));
  if (!document) return null;
  const pse = pseFor(await readInvoicingSettings());
  if (!pse) return document.status;
  const attempts = document.attempts + 1;
  let answer: PseAnswer;
  try {
    answer =
      document.attempts > 0 || document.status === "sent"
        ? await pse.consult(document.kind, document.series, document.number)
        : { status: "unknown" };
    if (answer.status === "unknown" && document.status === "pending") {
      answer = await pse.send(await toPseDocument(document));
      if (answer.status === "exists") answer = await pse.consult(document.kind, document.series, document.number);
    }
  } catch (error) {
    logError("Comprobante could not be sent", error, { documentId });
    answer = { status: "unreachable", message: (error as Error).message };
  }
  await record(documentId, attempts, answer, now);
  const status =
    answer.status === "invalid"
      ? "error"
      : ["accepted", "sent", "rejected"].includes(answer.status)
        ? answer.status
        : document.status;
  if (status !== document.status) {
    logInfo("Comprobante answered", { document: `${document.series}-${document.number}`, status });
    if ((status === "accepted" || status === "sent") && document.kind !== "nota_credito") {
      await creditIfCancelledMeanwhile(document.orderId);
    }
  }
  return status;
}

/** An order cancelled while its document waited for the PSE: now that SUNAT has it, its credit note. */
async function creditIfCancelledMeanwhile(orderId: number): Promise<void> {
  const [order] = await getDb().select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  if (order?.status === "cancelado") issueCreditNoteLater(orderId, "cancel");
}

/** The housekeeping's turn: documents whose next try is due, oldest first. Answers how many it tried. */
export async function retryDueDocuments(now = new Date()): Promise<number> {
  const due = await getDb()
    .select({ id: electronicDocuments.id })
    .from(electronicDocuments)
    .where(
      and(
        inArray(electronicDocuments.status, ["pending", "sent"]),
        // Never tried (its first send did not run: the server stopped) or due again.
        or(isNull(electronicDocuments.nextAttemptAt), lte(electronicDocuments.nextAttemptAt, now)),
      ),
    )
    .orderBy(asc(electronicDocuments.nextAttemptAt))
    .limit(20);
  for (const { id } of due) {
    try {
      await sendDocument(id, now);
    } catch (error) {
      logError("Comprobante retry failed", error, { documentId: id });
    }
  }
  return due.length;
}
