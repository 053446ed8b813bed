import { formatMoney } from "~/lib/money";
import type { ToastMessage } from "~/lib/toast";

/** 'PED-000123': the code the shopper quotes; six digits, more when the shop outgrows them. */
export function formatOrderCode(orderId: number): string {
  return `PED-${String(orderId).padStart(6, "0")}`;
}

export const ORDER_CODE_PATTERN = /^PED-\d{6,}$/;

/** WhatsApp cuts long prefilled texts; the whole message stays below this many characters. */
export const MAX_WHATSAPP_MESSAGE_LENGTH = 2000;

export const MAX_CUSTOMER_NAME_LENGTH = 100;
/** The phone as typed, spaces and signs included (the form field allows as much). */
export const MAX_CUSTOMER_PHONE_LENGTH = 30;

export const missingPaymentMethodToast: ToastMessage = {
  title: "Error",
  description: "Por favor, selecciona un método de pago.",
  variant: "destructive",
};

export const tooManyOrdersToast: ToastMessage = {
  title: "Error",
  description:
    "Recibimos demasiados pedidos desde tu conexión en la última hora. Escríbenos por WhatsApp para completar tu pedido, o inténtalo más tarde.",
  variant: "destructive",
};

export const stripeSimulatedToast: ToastMessage = {
  title: "Procesando con Stripe (Simulado)",
  description: "El pago con tarjeta estará disponible pronto. No se ha registrado ningún pedido.",
};

export const orderSentToast: ToastMessage = {
  title: "Pedido enviado por WhatsApp",
  description: "Tu pedido quedó registrado. Termina de coordinar el pago en el chat.",
};

export type CheckoutField = "customerName" | "customerPhone";

export type StockProblem = {
  productId: number;
  title: string;
  requested: number;
  /** 0 when sold out or no longer sold. */
  available: number;
};

export function describeStockProblem(problem: StockProblem): string {
  if (problem.available <= 0) return `${problem.title} ya no está disponible.`;
  const units = problem.available === 1 ? "queda 1 unidad" : `quedan ${problem.available} unidades`;
  return `${problem.title}: solo ${units} y pediste ${problem.requested}.`;
}

export function describeStockProblems(problems: StockProblem[]): ToastMessage {
  return {
    title: "Stock insuficiente",
    description: `${problems.map(describeStockProblem).join(" ")} Ajusta tu carrito e inténtalo de nuevo.`,
    variant: "destructive",
  };
}

export type OrderMessageInput = {
  code: string;
  customerName: string;
  customerPhone: string;
  lines: { title: string; quantity: number; lineTotalCents: number }[];
  totalCents: number;
  paymentMethod: { name: string; details: string };
};

// Caps that leave room for at least the summary line whatever the shop's data holds.
const MAX_TITLE_LENGTH = 90;
const MAX_METHOD_NAME_LENGTH = 60;
const MAX_METHOD_DETAILS_LENGTH = 600;

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

function composeMessage(input: OrderMessageInput, itemLines: string[]): string {
  const details = clip(input.paymentMethod.details, MAX_METHOD_DETAILS_LENGTH);
  return [
    "¡Hola! Quisiera hacer el siguiente pedido:",
    `Pedido: ${input.code}`,
    "",
    ...itemLines,
    "",
    `Total: ${formatMoney(input.totalCents)}`,
    "",
    `Método de pago: ${clip(input.paymentMethod.name, MAX_METHOD_NAME_LENGTH)}`,
    ...(details ? [details] : []),
    "",
    `A nombre de: ${clip(input.customerName, MAX_CUSTOMER_NAME_LENGTH)}`,
    `Teléfono: ${clip(input.customerPhone, 30)}`,
    "",
    "Por favor, confírmame el pedido y cómo coordinamos el pago y la entrega. ¡Gracias!",
  ].join("\n");
}

/**
 * The order text prefilled in WhatsApp: greeting, one line per item, total, payment
 * method with its details, the shopper, the closing request, and the order code. Lines
 * that would push it past the limit are summarised in one line that points to the code.
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
