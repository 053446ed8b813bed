import type { OrderStatus } from "~/db/schema";

export type { OrderStatus };

export const orderStatusLabels: Record<OrderStatus, string> = {
  pendiente: "Pendiente de pago",
  pagado: "Pagado",
  en_preparacion: "En preparación",
  en_camino: "En camino",
  listo_recoger: "Listo para recoger",
  entregado: "Entregado",
  cancelado: "Cancelado",
};

/**
 * The badge colours: the spec's Entregado green and Cancelado red; waiting for payment amber,
 * paid and on the way blue, being prepared yellow (the spec's 'En Proceso').
 */
export const orderStatusBadgeClasses: Record<OrderStatus, string> = {
  pendiente: "bg-amber-100 text-amber-900",
  pagado: "bg-sky-100 text-sky-900",
  en_preparacion: "bg-yellow-100 text-yellow-900",
  en_camino: "bg-sky-100 text-sky-900",
  listo_recoger: "bg-sky-100 text-sky-900",
  entregado: "bg-green-100 text-green-900",
  cancelado: "bg-red-100 text-red-900",
};
