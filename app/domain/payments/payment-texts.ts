import { formatMoney } from "~/lib/money";
import type { ToastMessage } from "~/lib/toast";

// The shopper's and the owner's words about online payments (issue 45).

/** The parameter the providers' return links carry (`?pago=mercadopago`): the order page then asks the provider. */
export const PAYMENT_RETURN_PARAM = "pago";

export function paymentStartFailedToast(providerName: string | null): ToastMessage {
  return {
    title: "Error",
    description: providerName
      ? `No pudimos conectar con ${providerName}. Tu pedido quedó guardado: intenta pagar de nuevo o elige otro método.`
      : "Este pedido ya no se puede pagar en línea. Escríbenos por WhatsApp si necesitas ayuda.",
    variant: "destructive",
  };
}

/** What the order page says of its online payment, by state. */
export const paymentStateTexts = {
  approved: "Pago aprobado",
  pending: "Pago pendiente",
  failed: "El pago no se completó",
  open: "Pago pendiente",
} as const;

export const RETRY_PAYMENT_LABEL = "Intentar de nuevo";
export const PAY_NOW_LABEL = "Pagar ahora";
export const OTHER_METHOD_LABEL = "Elegir otro método";

/** What the shopper reads of a refund, on the order page and in the e-mail. */
export function refundSentence(refund: { amountCents: number; methodLabel: string; providerName: string }): string {
  const to = refund.methodLabel ? ` a tu ${refund.methodLabel}` : "";
  return `Te devolvimos ${formatMoney(refund.amountCents)}${to} por ${refund.providerName}.`;
}

export const REFUND_DELAY_NOTE =
  "Tu banco puede tardar algunos días hábiles en mostrar la devolución en tu estado de cuenta.";
