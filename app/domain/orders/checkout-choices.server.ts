import type { DeliveryZone } from "~/domain/delivery/delivery";
import { DISTRICT_NOT_SERVED_MESSAGE } from "~/domain/delivery/delivery";
import { findActiveDeliveryZone, isPickupEnabled, listActiveDeliveryZones } from "~/domain/delivery/delivery.server";
import { parseRecordId } from "~/lib/parse";

import { type CheckoutInput, checkoutSchema } from "./checkout-schema";
import { type Comprobante, readComprobante } from "./comprobante";
import type { CheckoutChoiceField, CheckoutField } from "./order";

// The checkout's choices read on the server: how the order reaches the shopper (the district
// and its fee come from the stored zone, never from the form) and the comprobante.

/** 'otro' in the district select: a district the shop does not serve. */
const OTHER_DISTRICT = "otro";

const FULFILLMENT_MISSING_MESSAGE = "Elige cómo quieres recibir tu pedido.";
const PICKUP_UNAVAILABLE_MESSAGE = "El recojo en tienda no está disponible. Elige delivery.";
const DISTRICT_MISSING_MESSAGE = "Elige tu distrito.";
const DISTRICT_GONE_MESSAGE = "Ese distrito ya no está disponible. Elige otro.";
const ADDRESS_MISSING_MESSAGE = "Escribe la dirección de entrega.";

/** How the order reaches the shopper; null when the shop offers neither (agreed in the chat). */
export type CheckoutDelivery =
  { kind: "pickup" } | { kind: "delivery"; zone: DeliveryZone; address: string; reference: string } | null;

export type CheckoutChoices = { delivery: CheckoutDelivery; comprobante: Comprobante };

type FieldErrors = Partial<Record<CheckoutField, string>>;

export type ChoiceFields = Pick<CheckoutInput, CheckoutChoiceField>;

/** Whether the checkout's 'Correo electrónico' would take this address (to prefill it or not). */
export function isCheckoutEmail(email: string): boolean {
  return checkoutSchema.shape.customerEmail.safeParse(email).success && email !== "";
}

/** What the checkout offers: pickup if the owner left it on, delivery if a district is active. */
export async function getCheckoutOptions(): Promise<{ isPickupEnabled: boolean; zones: readonly DeliveryZone[] }> {
  const [pickup, zones] = await Promise.all([isPickupEnabled(), listActiveDeliveryZones()]);
  return { isPickupEnabled: pickup, zones };
}

async function readDelivery(
  input: ChoiceFields,
  isPickupOffered: boolean,
  hasZones: boolean,
): Promise<{ delivery: CheckoutDelivery } | { errors: FieldErrors }> {
  if (!isPickupOffered && !hasZones) return { delivery: null };
  if (input.fulfillment === "pickup") {
    return isPickupOffered ? { delivery: { kind: "pickup" } } : { errors: { fulfillment: PICKUP_UNAVAILABLE_MESSAGE } };
  }
  if (input.fulfillment !== "delivery" || !hasZones) return { errors: { fulfillment: FULFILLMENT_MISSING_MESSAGE } };

  const errors: FieldErrors = {};
  let zone: DeliveryZone | null = null;
  if (!input.deliveryZoneId) errors.deliveryZoneId = DISTRICT_MISSING_MESSAGE;
  else if (input.deliveryZoneId === OTHER_DISTRICT) errors.deliveryZoneId = DISTRICT_NOT_SERVED_MESSAGE;
  else {
    const id = parseRecordId(input.deliveryZoneId);
    zone = id === null ? null : await findActiveDeliveryZone(id);
    if (!zone) errors.deliveryZoneId = DISTRICT_GONE_MESSAGE;
  }
  if (input.customerAddress.length < 5) errors.customerAddress = ADDRESS_MISSING_MESSAGE;
  if (!zone || Object.keys(errors).length > 0) return { errors };
  return { delivery: { kind: "delivery", zone, address: input.customerAddress, reference: input.deliveryReference } };
}

/**
 * The delivery and comprobante chosen, or the Spanish message of every field that is wrong.
 * The minimum order of the district is checked later, against the prices the order locks.
 */
export async function readCheckoutChoices(
  input: ChoiceFields,
): Promise<{ choices: CheckoutChoices } | { errors: FieldErrors }> {
  const options = await getCheckoutOptions();
  const delivery = await readDelivery(input, options.isPickupEnabled, options.zones.length > 0);
  const comprobante = readComprobante(input);
  const errors: FieldErrors = {
    ...("errors" in delivery ? delivery.errors : {}),
    ...("errors" in comprobante ? comprobante.errors : {}),
  };
  if ("errors" in delivery || "errors" in comprobante) return { errors };
  return { choices: { delivery: delivery.delivery, comprobante: comprobante.comprobante } };
}
