// What delivery to a district costs an order (issue 24): its fee, unless the products reach
// the district's 'Envío gratis desde'; refused below its 'Pedido mínimo'. Pure: the checkout
// shows it in the browser and the server computes it again, from the stored zone.
import { formatMoney } from "~/lib/money";

export type DeliveryZone = {
  id: number;
  district: string;
  feeCents: number;
  minimumOrderCents: number | null;
  freeFromCents: number | null;
};

export type DeliveryQuote =
  { status: "ok"; feeCents: number; isFree: boolean } | { status: "below-minimum"; minimumOrderCents: number };

/** The fee for an order of `subtotalCents` (its products) to the zone. */
export function quoteDelivery(zone: DeliveryZone, subtotalCents: number): DeliveryQuote {
  if (zone.minimumOrderCents !== null && subtotalCents < zone.minimumOrderCents) {
    return { status: "below-minimum", minimumOrderCents: zone.minimumOrderCents };
  }
  const isFree = zone.freeFromCents !== null && subtotalCents >= zone.freeFromCents;
  return { status: "ok", feeCents: isFree ? 0 : zone.feeCents, isFree };
}

/** 'Pedido mínimo para Miraflores: S/ 40.00' */
export function minimumOrderMessage(zone: Pick<DeliveryZone, "district">, minimumOrderCents: number): string {
  return `Pedido mínimo para ${zone.district}: ${formatMoney(minimumOrderCents)}`;
}

/** 'Te faltan S/ 15.50 para el pedido mínimo en Santiago de Surco': said as soon as the district is chosen, and by the server. */
export function missingForMinimumMessage(
  zone: Pick<DeliveryZone, "district">,
  minimumOrderCents: number,
  subtotalCents: number,
): string {
  return `Te faltan ${formatMoney(minimumOrderCents - subtotalCents)} para el pedido mínimo en ${zone.district}`;
}

/** 'Envío gratis desde S/ 100.00' */
export function freeDeliveryMessage(freeFromCents: number): string {
  return `Envío gratis desde ${formatMoney(freeFromCents)}`;
}

export const DISTRICT_NOT_SERVED_MESSAGE = "Aún no llegamos a tu distrito";
