import { expect, test } from "vitest";

import { getUnitPriceCents, hasActiveOffer } from "./pricing";

test("the offer price applies only when the offer is active and positive", () => {
  expect(getUnitPriceCents({ priceCents: 8000, isOfferActive: true, offerPriceCents: 7000 })).toBe(7000);
  expect(getUnitPriceCents({ priceCents: 8000, isOfferActive: false, offerPriceCents: 7000 })).toBe(8000);
  expect(hasActiveOffer({ priceCents: 8000, isOfferActive: true, offerPriceCents: null })).toBe(false);
  expect(getUnitPriceCents({ priceCents: 8000, isOfferActive: true, offerPriceCents: null })).toBe(8000);
});
