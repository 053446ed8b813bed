import type { OrderStatus } from "~/db/schema";

export type { OrderStatus };

export const orderStatusLabels: Record<OrderStatus, string> = {
  pendiente: "Pendiente",
  en_proceso: "En Proceso",
  entregado: "Entregado",
  cancelado: "Cancelado",
};

/** The spec's badge colours: Entregado green, En Proceso yellow, anything else red. */
export const orderStatusBadgeClasses: Record<OrderStatus, string> = {
  pendiente: "bg-red-100 text-red-900",
  en_proceso: "bg-yellow-100 text-yellow-900",
  entregado: "bg-green-100 text-green-900",
  cancelado: "bg-red-100 text-red-900",
};
