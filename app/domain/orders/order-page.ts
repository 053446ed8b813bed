import type { OrderStatus } from "~/db/schema";
import { MAX_IMAGE_BYTES } from "~/domain/media/image";

import type { ComprobanteSummary } from "./comprobante";

// The shopper's order page (/pedido/{code}): what it shows, as the loader hands it to the
// browser (dates already written in Lima time, so the page hydrates the same text), and the
// rules and texts of 'Subir comprobante de pago'. Browser-safe: no zod, no server code.

export type OrderTimelineEntry = {
  id: number;
  /** The status's Spanish label, or 'Pedido vencido por falta de pago' for the automatic expiry. */
  label: string;
  /** '27/11/2026 a las 14:05', Lima time. */
  at: string;
  /** 'Pedido registrado', or the reason of a cancellation; '' when none. */
  note: string;
  isCancellation: boolean;
};

export type OrderPageLine = { id: number; title: string; quantity: number; lineTotalCents: number };

export type OrderPageDelivery =
  | { kind: "delivery"; district: string; address: string; reference: string }
  | { kind: "pickup"; address: string; hours: string };

export type OrderPageComprobante = ComprobanteSummary;

export type OrderPagePayment = {
  methodName: string;
  /** The method's instructions (a Yape or Plin number…) while the order waits for its payment. */
  details: string;
  qrImage: string | null;
  /** 'Pago confirmado el …' once the owner marked it paid; null before. */
  paidAt: string | null;
  /** Until when the units are held: while the order is 'Pendiente de pago' and unpaid. */
  reservedUntil: string | null;
  receipt: {
    uploadedAt: string;
    /** The exact instant, ISO: tells one sending from the next within the same minute. */
    uploadedAtIso: string;
    operation: string;
    imagePath: string | null;
  } | null;
  /** Whether 'Subir comprobante de pago' is offered (receiptRefusal says why not). */
  canUploadReceipt: boolean;
  /** Paid online through a provider (ADR 038): its state and what the shopper may do; null for a manual method. */
  online: OrderPageOnlinePayment | null;
};

export type OrderPageOnlinePayment = {
  /** 'none': no attempt yet; 'open': sent to the provider, no answer yet. */
  state: "none" | "open" | "approved" | "pending" | "failed";
  /** 'Visa ••••4242', 'Yape' once approved. */
  methodLabel: string | null;
  providerName: string;
  /** 'Pagar ahora' / 'Intentar de nuevo' and 'Elegir otro método' while the order waits for its payment. */
  canPay: boolean;
  /** Where those buttons post (/pedido/{code}/pagar, with the link's token). */
  payPath: string;
  /** The manual methods the shopper may switch to. */
  otherMethods: { id: string; name: string }[];
  /** Money given back through the provider: 'Te devolvimos S/ 10.00 a tu Visa ••••4242 por Mercado Pago.' */
  refunds: { sentence: string; date: string }[];
};

export type OrderPageView = {
  code: string;
  status: OrderStatus;
  statusLabel: string;
  placedAt: string;
  customerName: string;
  customerPhone: string;
  lines: OrderPageLine[];
  subtotalCents: number;
  /** What its discounts took off (issue 44): 'Cupón BIENVENIDA20', 1298. */
  discounts: { label: string; amountCents: number }[];
  deliveryFeeCents: number;
  totalCents: number;
  /** Null for an order placed before delivery and pickup existed. */
  delivery: OrderPageDelivery | null;
  comprobante: OrderPageComprobante | null;
  /** Its comprobantes electrónicos the PSE has (issue 46): 'Boleta electrónica B001-12' with its PDF and XML. */
  documents: OrderPageDocument[];
  payment: OrderPagePayment;
  timeline: OrderTimelineEntry[];
  /** 'Enviar Pedido por WhatsApp' to coordinate the payment: null once there is nothing left to pay. */
  whatsappUrl: string | null;
  /** The page's own address, with the token when the shopper came by the link: forms post here. */
  pagePath: string;
};

export type OrderPageDocument = { title: string; pdfUrl: string; xmlUrl: string };

export const EXPIRED_ORDER_LABEL = "Pedido vencido por falta de pago";

export const RECEIPT_FIELDS = { image: "receipt", operation: "operation" } as const;
export type ReceiptField = keyof typeof RECEIPT_FIELDS;

export const MAX_RECEIPT_OPERATION_LENGTH = 40;
/**
 * A receipt's whole multipart body: the image at its limit plus the operation number and the
 * framing. The server's front door (server/app.ts) and the action read no more than this.
 */
export const MAX_RECEIPT_BODY_BYTES = MAX_IMAGE_BYTES + 64 * 1024;

export const RECEIPT_MESSAGES = {
  received: "Recibimos tu comprobante. Te avisaremos cuando confirmemos el pago.",
  missing: "Sube la imagen de tu comprobante o escribe el número de operación.",
  operationTooLong: `El número de operación puede tener hasta ${MAX_RECEIPT_OPERATION_LENGTH} caracteres.`,
  operationInvalid: "El número de operación solo puede tener letras, números, espacios y guiones.",
  unreadable: "No pudimos leer el formulario. Vuelve a elegir la imagen e inténtalo de nuevo.",
  paid: "Ya confirmamos el pago de este pedido: no hace falta enviar otro comprobante.",
  delivered: "Este pedido ya fue entregado: ya no recibe comprobantes de pago.",
  cancelled: "Este pedido fue cancelado: ya no recibe comprobantes de pago.",
} as const;

/** Why an order takes no receipt any more (paid, delivered or cancelled); null while it does. */
export function receiptRefusal(status: OrderStatus, isPaid: boolean): string | null {
  if (status === "cancelado") return RECEIPT_MESSAGES.cancelled;
  if (status === "entregado") return RECEIPT_MESSAGES.delivered;
  if (isPaid) return RECEIPT_MESSAGES.paid;
  return null;
}

// Letters of any language, digits, spaces and dashes: what banks and wallets print.
const OPERATION_PATTERN = /^[\p{L}\p{N} -]*$/u;

/** The operation number as typed, trimmed, or the Spanish reason it is refused. */
export function checkReceiptOperation(raw: string): { ok: true; value: string } | { ok: false; message: string } {
  const value = raw.trim();
  if (value.length > MAX_RECEIPT_OPERATION_LENGTH) return { ok: false, message: RECEIPT_MESSAGES.operationTooLong };
  if (!OPERATION_PATTERN.test(value)) return { ok: false, message: RECEIPT_MESSAGES.operationInvalid };
  return { ok: true, value };
}
