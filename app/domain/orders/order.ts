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

export function orderPlacedToast(code: string): ToastMessage {
  return {
    title: "¡Pedido registrado!",
    description: `Tu pedido ${code} quedó registrado. Aquí ves cómo pagarlo y su estado.`,
  };
}

export const orderSentToast: ToastMessage = {
  title: "Pedido enviado por WhatsApp",
  description: "Tu pedido quedó registrado. Termina de coordinar el pago en el chat.",
};

/** How the order reaches the shopper and its comprobante: read together (checkout-choices.server.ts). */
export const checkoutChoiceFields = [
  "fulfillment",
  "deliveryZoneId",
  "customerAddress",
  "deliveryReference",
  "comprobante",
  "documento",
  "ruc",
  "razonSocial",
  "direccionFiscal",
] as const;
export type CheckoutChoiceField = (typeof checkoutChoiceFields)[number];

/**
 * The checkout's fields, named once: its schema has exactly these keys (checkout-schema.ts),
 * and its form, its draft and its refusals are bound by them.
 */
export const checkoutFields = [
  "paymentMethodId",
  "customerName",
  "customerPhone",
  "customerEmail",
  ...checkoutChoiceFields,
] as const;
export type CheckoutField = (typeof checkoutFields)[number];

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

/** What the checkout form holds, kept as typed when the server refuses it. */
export type CheckoutValues = Record<CheckoutField, string>;

export function emptyCheckoutValues(): CheckoutValues {
  return Object.fromEntries(checkoutFields.map((name) => [name, ""])) as CheckoutValues;
}

/** 'Elige un método de pago': what the order buttons say until a method is chosen. */
export const CHOOSE_PAYMENT_METHOD_LABEL = "Elige un método de pago";
