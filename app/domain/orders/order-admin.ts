import { href } from "react-router";

import type { OrderStatus } from "~/db/schema";
import { orderStatusLabels } from "~/domain/account/order-status";
import { parsePage } from "~/lib/parse";

// The orders back office: the list's query string, the status rules and the texts they
// need. Browser-safe: the detail screen draws its buttons from the same transition table
// the server enforces.

export const ORDER_PAGE_SIZE = 25;

/**
 * Pendiente → En Proceso → Entregado, and Pendiente or En Proceso → Cancelado.
 * Entregado and Cancelado are final.
 */
export const orderStatusTransitions: Record<OrderStatus, readonly OrderStatus[]> = {
  pendiente: ["en_proceso", "cancelado"],
  en_proceso: ["entregado", "cancelado"],
  entregado: [],
  cancelado: [],
};

export function canChangeOrderStatus(from: OrderStatus, to: OrderStatus): boolean {
  return orderStatusTransitions[from].includes(to);
}

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && Object.hasOwn(orderStatusTransitions, value);
}

/** The detail screen's button for moving an order to each status. */
export const orderStatusActionLabels: Record<OrderStatus, string> = {
  pendiente: "Volver a Pendiente",
  en_proceso: "Pasar a En Proceso",
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

/** The list's filters as the URL carries them: `?estado=&desde=&hasta=&q=&pagina=`. */
export type OrderListQuery = {
  status: OrderStatus | null;
  /** Lima calendar days, 'YYYY-MM-DD', both included. */
  from: string | null;
  to: string | null;
  q: string;
  page: number;
};

const CIVIL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written 'YYYY-MM-DD' (no '2026-02-30'), else null. */
export function parseCivilDate(raw: string | null | undefined): string | null {
  const text = (raw ?? "").trim();
  const match = CIVIL_DATE.exec(text);
  if (!match) return null;
  const date = new Date(`${text}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) return null;
  const year = Number(match[1]);
  return year >= 2000 && year <= 2100 ? text : null;
}

export function parseOrderListQuery(url: URL): OrderListQuery {
  const params = url.searchParams;
  const status = params.get("estado");
  let from = parseCivilDate(params.get("desde"));
  let to = parseCivilDate(params.get("hasta"));
  // A range typed backwards means the same days.
  if (from && to && from > to) [from, to] = [to, from];
  return {
    status: isOrderStatus(status) ? status : null,
    from,
    to,
    q: (params.get("q") ?? "").trim().slice(0, 100),
    page: parsePage(params.get("pagina")),
  };
}

/** The export link of the list: its date range and status, not its search or page. */
export function orderExportHref(query: Pick<OrderListQuery, "status" | "from" | "to">): string {
  const params = new URLSearchParams();
  if (query.from) params.set("desde", query.from);
  if (query.to) params.set("hasta", query.to);
  if (query.status) params.set("estado", query.status);
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
  hour12: false,
  timeZone: "America/Lima",
});

/** '22/11/2026 06:24' in Lima time; formatted on the server so the page hydrates the same text. */
export function formatLimaShortDateTime(instant: Date): string {
  return limaShortDateTime.format(instant).replace(",", "");
}
