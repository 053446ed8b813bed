import { expect, test } from "vitest";

import { getUnitPriceCents, hasActiveOffer, lowStockMessage } from "./pricing";

test("the offer price applies only when the offer is active and positive", () => {
  expect(getUnitPriceCents({ priceCents: 8000, isOfferActive: true, offerPriceCents: 7000 })).toBe(7000);
  expect(getUnitPriceCents({ priceCents: 8000, isOfferActive: false, offerPriceCents: 7000 })).toBe(8000);
  expect(hasActiveOffer({ priceCents: 8000, isOfferActive: true, offerPriceCents: null })).toBe(false);
  expect(getUnitPriceCents({ priceCents: 8000, isOfferActive: true, offerPriceCents: null })).toBe(8000);
});

test("the last units are counted in Spanish, the very last one in the singular", () => {
  expect(lowStockMessage(1)).toBe("¡Última unidad disponible!");
  expect(lowStockMessage(2)).toBe("Últimas 2 unidades disponibles");
  expect(lowStockMessage(5)).toBe("Últimas 5 unidades disponibles");
});
