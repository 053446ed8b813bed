import { formatDiscountLine } from "~/domain/discounts/discount-rules";
import { formatMoney } from "~/lib/money";

import type { ComprobanteSummary } from "./comprobante";
import { MAX_CUSTOMER_NAME_LENGTH, MAX_WHATSAPP_MESSAGE_LENGTH } from "./order";

// The order text prefilled in WhatsApp: what the shop needs to confirm it in the chat.

export type OrderMessageDelivery =
  { kind: "pickup" } | { kind: "delivery"; district: string; address: string; reference: string; feeCents: number };

export type OrderMessageInput = {
  code: string;
  customerName: string;
  customerPhone: string;
  lines: { title: string; quantity: number; lineTotalCents: number }[];
  totalCents: number;
  /** What the order's discounts took off: 'Cupón BIENVENIDA20', 1298. */
  discounts?: { label: string; amountCents: number }[];
  paymentMethod: { name: string; details: string };
  /** Missing for orders placed before delivery and the comprobante were asked. */
  delivery?: OrderMessageDelivery | null;
  comprobante?: ComprobanteSummary | null;
  /** The order page's absolute link, with its token. */
  pageUrl?: string | null;
};

// Caps that leave room for at least the summary line whatever the shop's data holds.
const MAX_TITLE_LENGTH = 90;
const MAX_METHOD_NAME_LENGTH = 60;
const MAX_METHOD_DETAILS_LENGTH = 500;
const MAX_ADDRESS_LENGTH = 200;

function clip(text: string, max: number): string {
  const clean = text.trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).trimEnd()}…`;
}

function formatItemLine(line: OrderMessageInput["lines"][number]): string {
  return `- ${clip(line.title, MAX_TITLE_LENGTH)} (x${line.quantity}): ${formatMoney(line.lineTotalCents)}`;
}

function formatSummaryLine(code: string, lines: OrderMessageInput["lines"]): string {
  const cents = lines.reduce((total, line) => total + line.lineTotalCents, 0);
  const products = lines.length === 1 ? "1 producto más" : `${lines.length} productos más`;
  return `- …y ${products} (${formatMoney(cents)}). El detalle completo está en el pedido ${code}.`;
}

/** Subtotal, the delivery fee and the total; only the total for an order without delivery data. */
function formatAmounts(input: OrderMessageInput): string[] {
  const delivery = input.delivery;
  const subtotal = input.lines.reduce((total, line) => total + line.lineTotalCents, 0);
  const discounts = (input.discounts ?? []).map(formatDiscountLine);
  if (!delivery) {
    const before = discounts.length > 0 ? [`Subtotal: ${formatMoney(subtotal)}`, ...discounts] : [];
    return [...before, `Total: ${formatMoney(input.totalCents)}`];
  }
  const fee =
    delivery.kind === "pickup"
      ? "Recojo en tienda: sin costo"
      : `Costo de envío: ${delivery.feeCents === 0 ? "gratis" : formatMoney(delivery.feeCents)}`;
  return [`Subtotal: ${formatMoney(subtotal)}`, ...discounts, fee, `Total: ${formatMoney(input.totalCents)}`];
}

function formatDelivery(delivery: OrderMessageDelivery | null | undefined): string[] {
  if (!delivery) return [];
  if (delivery.kind === "pickup") return ["", "Entrega: Recojo en tienda"];
  return [
    "",
    `Entrega: Delivery a ${clip(delivery.district, 60)}`,
    `Dirección: ${clip(delivery.address, MAX_ADDRESS_LENGTH)}`,
    ...(delivery.reference.trim() ? [`Referencia: ${clip(delivery.reference, MAX_ADDRESS_LENGTH)}`] : []),
  ];
}

function formatComprobante(comprobante: ComprobanteSummary | null | undefined): string[] {
  if (!comprobante) return [];
  if (comprobante.kind === "factura") {
    return [
      "",
      `Comprobante: Factura, RUC ${comprobante.ruc}`,
      `Razón social: ${clip(comprobante.businessName, MAX_ADDRESS_LENGTH)}`,
      `Dirección fiscal: ${clip(comprobante.fiscalAddress, MAX_ADDRESS_LENGTH)}`,
    ];
  }
  return ["", `Comprobante: Boleta${comprobante.document ? ` (${comprobante.document})` : ""}`];
}

function composeMessage(input: OrderMessageInput, itemLines: string[]): string {
  const details = clip(input.paymentMethod.details, MAX_METHOD_DETAILS_LENGTH);
  return [
    "¡Hola! Quisiera hacer el siguiente pedido:",
    `Pedido: ${input.code}`,
    "",
    ...itemLines,
    "",
    ...formatAmounts(input),
    ...formatDelivery(input.delivery),
    ...formatComprobante(input.comprobante),
    "",
    `Método de pago: ${clip(input.paymentMethod.name, MAX_METHOD_NAME_LENGTH)}`,
    ...(details ? [details] : []),
    "",
    `A nombre de: ${clip(input.customerName, MAX_CUSTOMER_NAME_LENGTH)}`,
    `Teléfono: ${clip(input.customerPhone, 30)}`,
    ...(input.pageUrl ? ["", `Ver mi pedido: ${input.pageUrl}`] : []),
    "",
    "Por favor, confírmame el pedido y cómo coordinamos el pago y la entrega. ¡Gracias!",
  ].join("\n");
}

/**
 * The order text prefilled in WhatsApp: greeting and code, one line per item, subtotal, fee
 * and total, delivery or pickup, the comprobante, the payment method with its details, the
 * shopper and the order page's link. Lines that would push it past the limit are summarised
 * in one line ('…y {n} productos más') that points to the order, whose page has them all.
 */
export function buildOrderWhatsAppMessage(input: OrderMessageInput): string {
  const itemLines = input.lines.map(formatItemLine);
  const whole = composeMessage(input, itemLines);
  if (whole.length < MAX_WHATSAPP_MESSAGE_LENGTH) return whole;

  let kept = 0;
  // The whole text did not fit, so at least the last line goes into the summary.
  while (kept < itemLines.length - 1) {
    const candidate = composeMessage(input, [
      ...itemLines.slice(0, kept + 1),
      formatSummaryLine(input.code, input.lines.slice(kept + 1)),
    ]);
    if (candidate.length >= MAX_WHATSAPP_MESSAGE_LENGTH) break;
    kept += 1;
  }
  return composeMessage(input, [...itemLines.slice(0, kept), formatSummaryLine(input.code, input.lines.slice(kept))]);
}
