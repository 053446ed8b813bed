import { describeUnits, MAX_UNITS_PER_LINE } from "~/domain/cart/cart";
import type { ToastMessage } from "~/lib/toast";

// How much of the shelves one shopper may hold with orders nobody has paid yet (issue 29).
// An order holds its units from the moment it is sent, so without these a single visitor
// could mark the whole catalogue 'Agotado' with one free order. Browser-safe: the cart page
// explains the same cap the checkout enforces (order.server.ts).

/** The owner's settings (Configuración General → Pedidos); defaults as in the database. */
export type OrderLimits = { maxUnitsPerOrder: number; maxStockPercentPerOrder: number };

export const DEFAULT_ORDER_LIMITS = { maxUnitsPerOrder: 10, maxStockPercentPerOrder: 50, paymentHours: 24 } as const;

/**
 * A shopper's unpaid orders of this long ago count together: splitting a hoard into many
 * small orders gains nothing within it. Short, because Peru's carriers put many customers
 * behind one address and they share this count.
 */
export const HOLDINGS_WINDOW_MS = 60 * 60 * 1000;

/** Unpaid guest orders one phone number may have at once, counted over the last day. */
export const MAX_PENDING_GUEST_ORDERS_PER_PHONE = 3;
export const PENDING_GUEST_ORDERS_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The most units of a product one shopper may hold in unpaid orders: the owner's maximum or
 * their share of the stock, whichever is smaller, and at least one while there is stock.
 * `stock` is the stock before the shopper's own holdings, so ordering in pieces does not
 * shrink the base the share is taken from.
 */
export function getOrderCap(limits: OrderLimits, stock: number): number {
  if (stock <= 0) return 0;
  const share = Math.floor((stock * limits.maxStockPercentPerOrder) / 100);
  return Math.max(1, Math.min(limits.maxUnitsPerOrder, share, MAX_UNITS_PER_LINE));
}

/**
 * The same phone however it is typed: its last nine digits ('+51 987 654 321',
 * '987-654-321' and '51987654321' are one number; a Peruvian mobile has nine digits).
 * Order checks compare this key in SQL the same way (order.server.ts).
 */
export function toPhoneKey(phone: string): string {
  return phone.replace(/\D/g, "").slice(-9);
}

export type OrderLimitProblem = {
  productId: number;
  title: string;
  requested: number;
  /** Units this order may still take (0 when the shopper's earlier orders hold the cap). */
  allowed: number;
  /** Units of the product in the shopper's unpaid orders of the last hour. */
  held: number;
};

export function describeOrderLimitProblem(problem: OrderLimitProblem): string {
  if (problem.held === 0) {
    return `${problem.title}: puedes pedir hasta ${describeUnits(problem.allowed)} por pedido y pediste ${problem.requested}.`;
  }
  const held = `${problem.title}: ya tienes ${describeUnits(problem.held)} en pedidos sin pagar de la última hora`;
  if (problem.allowed === 0) return `${held}, el máximo por ahora.`;
  return `${held}; puedes pedir hasta ${describeUnits(problem.allowed)} más y pediste ${problem.requested}.`;
}

export function describeOrderLimitProblems(problems: OrderLimitProblem[]): ToastMessage {
  return {
    title: "Cantidad máxima por pedido",
    description: `${problems.map(describeOrderLimitProblem).join(" ")} Ajusta tu carrito, o escríbenos por WhatsApp para cantidades mayores.`,
    variant: "destructive",
  };
}

/** The phone field's message when that number already has its unpaid guest orders. */
export const TOO_MANY_PENDING_ORDERS_MESSAGE = `Este celular ya tiene ${MAX_PENDING_GUEST_ORDERS_PER_PHONE} pedidos sin pagar. Escríbenos por WhatsApp para coordinarlos.`;

export const tooManyPendingOrdersToast: ToastMessage = {
  title: "Pedidos pendientes",
  description: `Ya tienes ${MAX_PENDING_GUEST_ORDERS_PER_PHONE} pedidos sin pagar con este celular. Coordina su pago por WhatsApp o espera a que los confirmemos antes de enviar otro.`,
  variant: "destructive",
};

/** The WhatsApp text of a line's 'escríbenos por WhatsApp' link. */
export function buildLargeOrderText(title: string, quantity: number): string {
  return `Hola, quisiera pedir ${describeUnits(quantity)} de ${title}. ¿Me ayudan con un pedido por mayor?`;
}
