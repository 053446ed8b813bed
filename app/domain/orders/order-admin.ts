import { href } from "react-router";

import type { FulfillmentKind, OrderStatus } from "~/db/schema";
import { orderStatusLabels } from "~/domain/account/order-status";
import { readDateInput } from "~/lib/date-input";
import { formatMoney } from "~/lib/money";
import { parsePage } from "~/lib/parse";

// The orders back office: the list's query string, the status rules and the texts they
// need. Browser-safe: the detail screen draws its buttons from the same transition table
// the server enforces.

export const ORDER_PAGE_SIZE = 25;

/**
 * Pendiente de pago → Pagado → En preparación → En camino (delivery) or Listo para recoger
 * (pickup) → Entregado; Cancelado from any status before Entregado. An unpaid order may go
 * straight to En preparación (paid on delivery): its payment is recorded when it comes.
 * Pagado is reached only through 'Marcar como pagado', which records the payment.
 */
export const orderStatusTransitions: Record<OrderStatus, readonly OrderStatus[]> = {
  pendiente: ["pagado", "en_preparacion", "cancelado"],
  pagado: ["en_preparacion", "cancelado"],
  en_preparacion: ["en_camino", "listo_recoger", "cancelado"],
  en_camino: ["entregado", "cancelado"],
  listo_recoger: ["entregado", "cancelado"],
  entregado: [],
  cancelado: [],
};

/** The statuses an order can move to, for how it reaches the shopper (null: an order from before the choice). */
export function nextOrderStatuses(from: OrderStatus, fulfillment: FulfillmentKind | null): OrderStatus[] {
  return orderStatusTransitions[from].filter(
    (to) =>
      !(to === "en_camino" && fulfillment === "pickup") && !(to === "listo_recoger" && fulfillment === "delivery"),
  );
}

export function canChangeOrderStatus(
  from: OrderStatus,
  to: OrderStatus,
  fulfillment: FulfillmentKind | null = null,
): boolean {
  return nextOrderStatuses(from, fulfillment).includes(to);
}

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && Object.hasOwn(orderStatusTransitions, value);
}

/** The detail screen's button for moving an order to each status. */
export const orderStatusActionLabels: Record<OrderStatus, string> = {
  pendiente: "Volver a Pendiente de pago",
  pagado: "Marcar como pagado",
  en_preparacion: "Pasar a En preparación",
  en_camino: "Marcar En camino",
  listo_recoger: "Marcar Listo para recoger",
  entregado: "Marcar como Entregado",
  cancelado: "Cancelar pedido",
};

export const STALE_ORDER_MESSAGE = "El pedido ya cambió de estado; recarga la página.";
export const ORDER_NOT_FOUND_MESSAGE = "Pedido no encontrado.";

export function illegalTransitionMessage(from: OrderStatus, to: OrderStatus): string {
  if (orderStatusTransitions[from].length === 0) {
    return `El pedido está ${orderStatusLabels[from]} y ya no puede cambiar de estado.`;
  }
  return `Un pedido ${orderStatusLabels[from]} no puede pasar a ${orderStatusLabels[to]}.`;
}

export function statusChangedDescription(code: string, to: OrderStatus): string {
  const base = `El pedido ${code} ahora está en estado "${orderStatusLabels[to]}".`;
  return to === "cancelado" ? `${base} Sus productos volvieron al stock.` : base;
}

export const CANCEL_REASON_MAX_LENGTH = 300;
export const CANCEL_REASON_REQUIRED_MESSAGE = "Escribe el motivo de la cancelación: el pedido ya está pagado.";
export const CANCEL_REASON_TOO_LONG_MESSAGE = `El motivo admite hasta ${CANCEL_REASON_MAX_LENGTH} caracteres.`;
export const PAID_ONLY_WITH_PAYMENT_MESSAGE = "Para pasar a Pagado usa 'Marcar como pagado' con los datos del pago.";
export const ORDER_ALREADY_PAID_MESSAGE = "Este pedido ya está marcado como pagado.";
export const CANCELLED_ORDER_PAYMENT_MESSAGE = "El pedido está cancelado: ya no se puede marcar como pagado.";

export function paymentRecordedDescription(code: string, isStatusChanged: boolean): string {
  return isStatusChanged
    ? `El pago del pedido ${code} quedó registrado y el pedido pasó a "Pagado".`
    : `El pago del pedido ${code} quedó registrado.`;
}

/** 'Falta S/ 5.00' or 'Pagó S/ 5.00 de más' when the amount received is not the total; null when it is. */
export function describePaymentDifference(paidCents: number, totalCents: number): string | null {
  if (paidCents < totalCents) return `Falta ${formatMoney(totalCents - paidCents)}`;
  if (paidCents > totalCents) return `Pagó ${formatMoney(paidCents - totalCents)} de más`;
  return null;
}

/** How the WhatsApp notice says each status, after 'tu pedido {code} de {tienda}'. */
const statusNoticePhrases: Record<OrderStatus, string> = {
  pendiente: "está pendiente de pago",
  pagado: "está pagado: ya confirmamos tu pago",
  en_preparacion: "está en preparación",
  en_camino: "está en camino",
  listo_recoger: "está listo para recoger en la tienda",
  entregado: "fue entregado",
  cancelado: "fue cancelado",
};

/** The 'Avisar por WhatsApp' message: the order's current status and, when it has one, its page's link. */
export function buildOrderNoticeText(notice: {
  customerName: string;
  code: string;
  shopName: string;
  status: OrderStatus;
  pageUrl: string | null;
}): string {
  const greeting = notice.customerName.trim() ? `Hola ${notice.customerName.trim()},` : "Hola,";
  const text = `${greeting} tu pedido ${notice.code} de ${notice.shopName} ${statusNoticePhrases[notice.status]}.`;
  return notice.pageUrl ? `${text} Puedes verlo aquí: ${notice.pageUrl}` : text;
}

/**
 * Where an order's money stands, as the list filters and badges it: paid ('Marcar como
 * pagado' recorded it), a receipt the shopper uploaded that nobody confirmed yet, or
 * unpaid. A cancelled order that was never paid owes nothing: it has none of the three.
 */
const paymentFilters = ["pagado", "en-linea", "sin-pagar", "comprobante"] as const;
type PaymentListFilter = (typeof paymentFilters)[number];
/** An order's payment state, as its badge says it ('Pagado en línea' is a filter of 'Pagado', not a state). */
export type PaymentFilter = Exclude<PaymentListFilter, "en-linea">;

export const paymentFilterLabels: Record<PaymentListFilter, string> = {
  pagado: "Pagados",
  // Paid through the shop's online payment provider (issue 45), not marked by hand.
  "en-linea": "Pagado en línea",
  "sin-pagar": "Sin pagar",
  comprobante: "Con comprobante por revisar",
};

export const paymentStateLabels: Record<PaymentFilter, string> = {
  pagado: "Pagado",
  "sin-pagar": "Sin pagar",
  comprobante: "Comprobante por revisar",
};

export function getPaymentState(order: {
  status: OrderStatus;
  isPaid: boolean;
  hasReceipt: boolean;
}): PaymentFilter | null {
  if (order.isPaid) return "pagado";
  if (order.status === "cancelado") return null;
  return order.hasReceipt ? "comprobante" : "sin-pagar";
}

/** `?entrega=`: the URL's words for how the order reaches the shopper. */
export const fulfillmentFilters = { delivery: "delivery", recojo: "pickup" } as const satisfies Record<
  string,
  FulfillmentKind
>;
export type FulfillmentFilter = keyof typeof fulfillmentFilters;

export const fulfillmentFilterLabels: Record<FulfillmentFilter, string> = {
  delivery: "Delivery",
  recojo: "Recojo en tienda",
};

/** The list's short word for it; an order from before the choice has none. */
export const fulfillmentLabels: Record<FulfillmentKind, string> = { delivery: "Delivery", pickup: "Recojo" };

/** The list's filters as the URL carries them: `?estado=&pago=&entrega=&desde=&hasta=&q=&pagina=`. */
export type OrderListQuery = {
  status: OrderStatus | null;
  payment: PaymentListFilter | null;
  fulfillment: FulfillmentFilter | null;
  /** Lima calendar days, 'YYYY-MM-DD', both included. */
  from: string | null;
  to: string | null;
  q: string;
  page: number;
};

/** The filters the export takes from the list: all but its search and page. */
export type OrderExportQuery = Pick<OrderListQuery, "status" | "payment" | "fulfillment" | "from" | "to">;

function isOneOf<T extends string>(options: readonly T[], value: string | null): value is T {
  return value !== null && (options as readonly string[]).includes(value);
}

/** A real calendar day typed 'dd/mm/aaaa' or 'YYYY-MM-DD' (no '2026-02-30'), as ISO, else null. */
export function parseCivilDate(raw: string | null | undefined): string | null {
  const date = readDateInput(raw);
  if (!date) return null;
  const year = Number(date.slice(0, 4));
  return year >= 2000 && year <= 2100 ? date : null;
}

export function parseOrderListQuery(url: URL): OrderListQuery {
  const params = url.searchParams;
  const status = params.get("estado");
  let from = parseCivilDate(params.get("desde"));
  let to = parseCivilDate(params.get("hasta"));
  // A range typed backwards means the same days.
  if (from && to && from > to) [from, to] = [to, from];
  const payment = params.get("pago");
  const fulfillment = params.get("entrega");
  return {
    status: isOrderStatus(status) ? status : null,
    payment: isOneOf(paymentFilters, payment) ? payment : null,
    fulfillment: isOneOf(Object.keys(fulfillmentFilters) as FulfillmentFilter[], fulfillment) ? fulfillment : null,
    from,
    to,
    q: (params.get("q") ?? "").trim().slice(0, 100),
    page: parsePage(params.get("pagina")),
  };
}

/** The export link of the list: its date range and filters, not its search or page. */
export function orderExportHref(query: Partial<OrderExportQuery>): string {
  const params = new URLSearchParams();
  if (query.from) params.set("desde", query.from);
  if (query.to) params.set("hasta", query.to);
  if (query.status) params.set("estado", query.status);
  if (query.payment) params.set("pago", query.payment);
  if (query.fulfillment) params.set("entrega", query.fulfillment);
  const search = params.toString();
  const path = href("/admin/pedidos/exportar");
  return search ? `${path}?${search}` : path;
}

/** The day after a civil date: '2026-12-31' → '2027-01-01'. */
export function nextCivilDate(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/**
 * The instant a Lima day starts. Peru has kept UTC−5 all year since 1994 (no daylight
 * saving), so a fixed offset is exact and keeps the range a plain index scan on created_at.
 */
export function limaDayStart(date: string): Date {
  return new Date(`${date}T00:00:00-05:00`);
}

export function exportFileName(from: string, to: string): string {
  return `pedidos-${from}-${to}.xlsx`;
}

const limaShortDateTime = new Intl.DateTimeFormat("es-PE", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "America/Lima",
});

/** '22/11/2026 06:24' in Lima time; formatted on the server so the page hydrates the same text. */
export function formatLimaShortDateTime(instant: Date): string {
  return limaShortDateTime.format(instant).replace(",", "");
}
