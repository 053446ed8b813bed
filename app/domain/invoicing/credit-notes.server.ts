import { and, eq, inArray, ne, notInArray, sql } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { electronicDocuments, orders } from "~/db/schema";
import { inBackground } from "~/lib/background-work.server";
import { logError } from "~/lib/log.server";

import { computeDocumentAmounts } from "./igv";
import { pseFor, readInvoicingSettings, sendDocument, takeNextNumber } from "./invoicing.server";

// Notas de crédito (issue 46, ADR 039): cancelling an order whose boleta or factura SUNAT has,
// or giving money back, issues a credit note linked to it, with SUNAT's reason (catálogo 09):
// '01' anulación de la operación (a cancellation), '06' devolución total, '09' disminución en
// el valor (a partial refund). Never more than what the document still has uncredited: the
// notes are written under the order's row lock, like the document itself.

export type CreditReason = "cancel" | "refund";

const REASONS = {
  "01": "Anulación de la operación",
  "06": "Devolución total",
  "09": "Disminución en el valor",
} as const;

type Original = typeof electronicDocuments.$inferSelect;

/** The whole document: its own lines. A part: one line of that amount, taxed as the document mostly was. */
function creditAmounts(original: Original, amountCents: number, description: string) {
  if (amountCents === original.totalCents) {
    return {
      lines: original.lines,
      gravadaCents: original.gravadaCents,
      exoneradaCents: original.exoneradaCents,
      inafectaCents: original.inafectaCents,
      igvCents: original.igvCents,
      discountBaseCents: original.discountBaseCents,
      discountCents: original.discountCents,
      totalCents: original.totalCents,
    };
  }
  const treatment = original.gravadaCents > 0 ? "gravado" : original.exoneradaCents > 0 ? "exonerado" : "inafecto";
  return computeDocumentAmounts([{ description, unit: "ZZ", quantity: 1, unitPriceCents: amountCents, treatment }]);
}

export type CreditOutcome =
  | { status: "issued"; documentId: number }
  /** No boleta or factura SUNAT has for the order (none issued, or still pending or refused). */
  | { status: "no-document" }
  /** Its document was credited in full already. */
  | { status: "nothing-left" }
  | { status: "not-configured" };

/**
 * A credit note for the order's standing document: the whole of what is left uncredited for a
 * cancellation, `amountCents` (at most that) for a refund. Sent to the PSE after the commit.
 */
export async function issueCreditNote(
  orderId: number,
  reason: CreditReason,
  options: { amountCents?: number; byUserId?: string | null } = {},
): Promise<CreditOutcome> {
  const settings = await readInvoicingSettings();
  if (!pseFor(settings)) return { status: "not-configured" };
  const outcome = await getDb().transaction(async (tx): Promise<CreditOutcome> => {
    const [order] = await tx.select({ code: orders.code }).from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) return { status: "no-document" };
    const [original] = await tx
      .select()
      .from(electronicDocuments)
      .where(
        and(
          eq(electronicDocuments.orderId, orderId),
          ne(electronicDocuments.kind, "nota_credito"),
          inArray(electronicDocuments.status, ["accepted", "sent"]),
        ),
      );
    if (!original || original.kind === "nota_credito") return { status: "no-document" };
    const [credited] = await tx
      .select({ cents: sql<number>`coalesce(sum(${electronicDocuments.totalCents}), 0)::integer` })
      .from(electronicDocuments)
      .where(
        and(
          eq(electronicDocuments.modifiesId, original.id),
          notInArray(electronicDocuments.status, ["rejected", "error"]),
        ),
      );
    const left = original.totalCents - Number(credited?.cents ?? 0);
    const amountCents = reason === "cancel" ? left : Math.min(options.amountCents ?? left, left);
    if (amountCents <= 0) return { status: "nothing-left" };
    const code = reason === "cancel" ? "01" : amountCents === original.totalCents ? "06" : "09";
    const amounts = creditAmounts(original, amountCents, `${REASONS[code]} del pedido ${order.code}`);
    const series = original.kind === "factura" ? settings.facturaCreditSeries : settings.boletaCreditSeries;
    const number = await takeNextNumber(tx, series);
    const [note] = await tx
      .insert(electronicDocuments)
      .values({
        orderId,
        kind: "nota_credito",
        series,
        number,
        customerDocType: original.customerDocType,
        customerDocNumber: original.customerDocNumber,
        customerName: original.customerName,
        customerAddress: original.customerAddress,
        customerEmail: original.customerEmail,
        ...amounts,
        modifiesId: original.id,
        creditReason: code,
        creditReasonText: REASONS[code],
        issuedByUserId: options.byUserId ?? null,
      })
      .returning({ id: electronicDocuments.id });
    return { status: "issued", documentId: note!.id };
  });
  if (outcome.status === "issued") await sendDocument(outcome.documentId);
  return outcome;
}

/** issueCreditNote after the response; never throws (the cancellation or refund stands). */
export function issueCreditNoteLater(
  orderId: number,
  reason: CreditReason,
  options: { amountCents?: number; byUserId?: string | null } = {},
): void {
  inBackground(
    issueCreditNote(orderId, reason, options).catch((error: unknown) => {
      logError("Nota de crédito could not be issued", error, { orderId });
    }),
  );
}
