// The live facts an answer may name (issue 25 item 8): '{horario}' in an answer becomes the
// hours the owner keeps in Contacto, '{envios}' the delivery districts and their fees…, so
// the answers never go stale. Filled on the server (GET /api/chatbot); the browser gets text.
import { formatPhoneForDisplay } from "~/domain/content/shop-profile";
import type { DeliveryZone } from "~/domain/delivery/delivery";
import { toSearchPhrase } from "~/domain/search/search-words";
import { formatMoney } from "~/lib/money";

/** The placeholders, as the admin chatbot screen lists them. */
export const answerPlaceholders = [
  { name: "horario", description: "el horario de atención (Contacto)" },
  { name: "direccion", description: "la dirección de la tienda (Contacto)" },
  { name: "envios", description: "cada distrito de delivery con su costo, y el recojo en tienda" },
  { name: "pagos", description: "los métodos de pago activos" },
  { name: "telefono", description: "el WhatsApp de la tienda" },
  { name: "correo", description: "el correo de contacto" },
] as const;

type AnswerPlaceholder = (typeof answerPlaceholders)[number]["name"];
export type ChatbotFacts = Record<AnswerPlaceholder, string>;

const PICKUP_LINE = "Recojo en tienda: gratis";

/** 'Santiago de Surco: S/ 10.00 (pedido mínimo S/ 40.00; gratis desde S/ 100.00)' */
function describeZone(zone: DeliveryZone): string {
  const terms = [
    zone.minimumOrderCents !== null ? `pedido mínimo ${formatMoney(zone.minimumOrderCents)}` : null,
    zone.freeFromCents !== null ? `gratis desde ${formatMoney(zone.freeFromCents)}` : null,
  ].filter(Boolean);
  const fee = zone.feeCents === 0 ? "gratis" : formatMoney(zone.feeCents);
  return `${zone.district}: ${fee}${terms.length > 0 ? ` (${terms.join("; ")})` : ""}`;
}

/** One line per district the checkout offers, then the pickup when it is offered. */
export function describeDelivery(zones: readonly DeliveryZone[], isPickupEnabled: boolean): string {
  return [...zones.map(describeZone), ...(isPickupEnabled ? [PICKUP_LINE] : [])].join("\n");
}

const listFormat = new Intl.ListFormat("es", { type: "conjunction" });

/** 'Yape, Plin y Transferencia' */
export function listPaymentNames(names: readonly string[]): string {
  return listFormat.format(names);
}

export type ShopFacts = {
  contactHours: string;
  contactAddress: string;
  contactPhone: string;
  contactEmail: string;
  zones: readonly DeliveryZone[];
  isPickupEnabled: boolean;
  paymentMethodNames: readonly string[];
};

export function buildChatbotFacts(shop: ShopFacts): ChatbotFacts {
  return {
    horario: shop.contactHours.trim(),
    direccion: shop.contactAddress.trim(),
    envios: describeDelivery(shop.zones, shop.isPickupEnabled),
    pagos: listPaymentNames(shop.paymentMethodNames),
    // Kept on one line in the chat bubble, like a price.
    telefono: formatPhoneForDisplay(shop.contactPhone).replaceAll(" ", "\u00a0"),
    correo: shop.contactEmail.trim(),
  };
}

/**
 * The answer with each '{placeholder}' replaced by its fact; the name is read like a
 * keyword ('{Dirección}' is '{direccion}'). An unknown one stays as written.
 */
export function fillPlaceholders(text: string, facts: ChatbotFacts): string {
  return text.replace(/\{([^{}\n]{1,30})\}/g, (written, name: string) => {
    const key = toSearchPhrase(name);
    return Object.hasOwn(facts, key) ? facts[key as AnswerPlaceholder] : written;
  });
}
