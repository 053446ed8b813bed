import { expect, test } from "vitest";

import {
  answerPlaceholders,
  buildChatbotFacts,
  type ChatbotFacts,
  describeDelivery,
  fillPlaceholders,
  listPaymentNames,
} from "./chatbot-facts";

const zones = [
  { id: 1, district: "Surquillo", feeCents: 500, minimumOrderCents: null, freeFromCents: 10000 },
  { id: 2, district: "Santiago de Surco", feeCents: 1000, minimumOrderCents: 4000, freeFromCents: 10000 },
  { id: 3, district: "Barranco", feeCents: 0, minimumOrderCents: null, freeFromCents: null },
];

const facts: ChatbotFacts = buildChatbotFacts({
  contactHours: "Lunes a Sábado: 9:00 AM - 7:00 PM\nDomingo: Cerrado\n",
  contactAddress: " Av. Primavera 1234, Santiago de Surco, Lima ",
  contactPhone: "51924810866",
  contactEmail: "contacto@patitasfelices.pe",
  zones,
  isPickupEnabled: true,
  paymentMethodNames: ["Yape", "Plin", "Transferencia"],
});

test("the delivery districts, one line each, then the pickup", () => {
  expect(describeDelivery(zones, true).split("\n")).toEqual([
    "Surquillo: S/\u00a05.00 (gratis desde S/\u00a0100.00)",
    "Santiago de Surco: S/\u00a010.00 (pedido mínimo S/\u00a040.00; gratis desde S/\u00a0100.00)",
    "Barranco: gratis",
    "Recojo en tienda: gratis",
  ]);
  expect(describeDelivery([], true)).toBe("Recojo en tienda: gratis");
  expect(describeDelivery(zones.slice(0, 1), false)).toBe("Surquillo: S/\u00a05.00 (gratis desde S/\u00a0100.00)");
});

test("payment methods read as a Spanish list", () => {
  expect(listPaymentNames(["Yape", "Plin", "Transferencia"])).toBe("Yape, Plin y Transferencia");
  expect(listPaymentNames(["Yape"])).toBe("Yape");
});

test("every placeholder the admin screen lists has a fact", () => {
  expect(Object.keys(facts).sort()).toEqual(answerPlaceholders.map((placeholder) => placeholder.name).sort());
  expect(facts).toMatchObject({
    horario: "Lunes a Sábado: 9:00 AM - 7:00 PM\nDomingo: Cerrado",
    direccion: "Av. Primavera 1234, Santiago de Surco, Lima",
    telefono: "+51\u00a0924\u00a0810\u00a0866",
    correo: "contacto@patitasfelices.pe",
    pagos: "Yape, Plin y Transferencia",
  });
});

test("placeholders are filled, written with accents or capitals too; unknown ones stay", () => {
  expect(fillPlaceholders("Estamos en {direccion}. Escríbenos al {Teléfono}.", facts)).toBe(
    "Estamos en Av. Primavera 1234, Santiago de Surco, Lima. Escríbenos al +51\u00a0924\u00a0810\u00a0866.",
  );
  expect(fillPlaceholders("Aceptamos {pagos}; {envíos}", facts)).toBe(
    `Aceptamos Yape, Plin y Transferencia; ${describeDelivery(zones, true)}`,
  );
  expect(fillPlaceholders("{precio} {} {horario", facts)).toBe("{precio} {} {horario");
  expect(fillPlaceholders("{constructor} {toString}", facts)).toBe("{constructor} {toString}");
});
