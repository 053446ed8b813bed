import type { OrderStatus } from "~/db/schema";

export const orderStatusLabels: Record<OrderStatus, string> = {
  pendiente: "Pendiente",
  en_proceso: "En Proceso",
  entregado: "Entregado",
  cancelado: "Cancelado",
};
