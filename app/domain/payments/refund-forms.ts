import "~/lib/validation";

import { z } from "zod";

import { formatMoney } from "~/lib/money";
import { parseSoles } from "~/lib/parse";
import type { ToastMessage } from "~/lib/toast";

// The owner's refund and reactivation of online payments (issue 45), on the order's detail:
// what the forms post, and the Spanish answers to each outcome.

const REFUND_AMOUNT_REQUIRED_MESSAGE = "Escribe el monto a reembolsar en soles (por ejemplo 60.00).";
const REFUND_AMOUNT_POSITIVE_MESSAGE = "El monto a reembolsar debe ser mayor a S/ 0.00.";
export const PAYMENT_NOT_FOUND_MESSAGE = "Ese pago no es de este pedido; recarga la página.";

const recordId = z.coerce.number().int().positive();

/** The amount of a refund, in soles as typed, to céntimos; its error beside the field. */
function refundAmount(raw: string | undefined, ctx: z.RefinementCtx, field: string): number {
  const amount = (raw ?? "").trim() === "" ? { error: REFUND_AMOUNT_REQUIRED_MESSAGE } : parseSoles(raw);
  if ("error" in amount) ctx.addIssue({ code: "custom", message: amount.error, path: [field] });
  else if (amount.cents <= 0) ctx.addIssue({ code: "custom", message: REFUND_AMOUNT_POSITIVE_MESSAGE, path: [field] });
  return "cents" in amount ? amount.cents : 0;
}

/** 'Reembolsar' under a payment: which one, and how much. */
export const refundFormSchema = z
  .object({ onlinePaymentId: z.string().optional(), refundAmount: z.string().optional() })
  .transform((raw, ctx) => {
    const id = recordId.safeParse(raw.onlinePaymentId);
    if (!id.success) ctx.addIssue({ code: "custom", message: PAYMENT_NOT_FOUND_MESSAGE, path: ["form"] });
    return {
      onlinePaymentId: id.success ? id.data : 0,
      amountCents: refundAmount(raw.refundAmount, ctx, "refundAmount"),
    };
  });

/**
 * The cancellation's refund ('Reembolsar S/ …' checked in the cancel form): null when the
 * box is unchecked or the order has no online payment to give back.
 */
export const cancelRefundSchema = z
  .object({
    refund: z.string().optional(),
    refundPaymentId: z.string().optional(),
    refundAmount: z.string().optional(),
  })
  .transform((raw, ctx) => {
    if (raw.refund !== "on" || !raw.refundPaymentId) return null;
    const id = recordId.safeParse(raw.refundPaymentId);
    if (!id.success) ctx.addIssue({ code: "custom", message: PAYMENT_NOT_FOUND_MESSAGE, path: ["form"] });
    return {
      onlinePaymentId: id.success ? id.data : 0,
      amountCents: refundAmount(raw.refundAmount, ctx, "refundAmount"),
    };
  });

/** 'Reactivar' on a late payment. */
export const reactivateFormSchema = z
  .object({ onlinePaymentId: z.string().optional() })
  .transform((raw) => ({ onlinePaymentId: recordId.safeParse(raw.onlinePaymentId).data ?? 0 }));

export function refundDoneDescription(code: string, amountCents: number, providerName: string): string {
  return `Se devolvieron ${formatMoney(amountCents)} del pedido ${code} por ${providerName}.`;
}

export function refundRefusedMessage(providerName: string, reason: string): string {
  return reason
    ? `${providerName} no aceptó el reembolso: «${reason}». El pedido quedó como estaba.`
    : `No pudimos comunicarnos con ${providerName}. El pedido quedó como estaba: intenta de nuevo en unos minutos.`;
}

export function refundTooMuchMessage(remainingCents: number): string {
  return remainingCents > 0
    ? `Solo quedan ${formatMoney(remainingCents)} por reembolsar de este pago.`
    : "Este pago ya fue reembolsado por completo.";
}

export function noCredentialsMessage(providerName: string): string {
  return `El método de pago de ${providerName} ya no está configurado: reembolsa este pago desde su panel.`;
}

export function reactivatedToast(code: string): ToastMessage {
  return { title: "Pedido Reactivado", description: `El pedido ${code} volvió a Pagado con su pago en línea.` };
}

export function outOfStockReactivationMessage(titles: string[]): string {
  return `No hay stock suficiente para reactivar el pedido (${titles.join(", ")}). Reembolsa el pago o repón el stock.`;
}

export const LATE_PAYMENT_STALE_MESSAGE = "Este pago ya no es de un pedido vencido; recarga la página.";
