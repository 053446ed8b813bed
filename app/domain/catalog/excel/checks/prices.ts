// The regular and offer prices of a row, and the spec's rules between them (checked on the
// values the row would leave, once every cell is read).
import { OFFER_NOT_LOWER_MESSAGE, OFFER_PRICE_MESSAGE } from "../../catalog-admin";
import { SERVICE_PRICE_MESSAGE } from "../../service-admin";
import { parseCents } from "../cells";
import type { CatalogValues, CheckResult, RowInput } from "../types";

/** Whether the price cells could be read: a rule between prices says nothing of one that could not. */
export type PriceValidity = { isPriceValid: boolean; isOfferPriceValid: boolean };

/**
 * The price cells. A product's price cell left empty is a mistake more often than a free
 * product (a cell cleared by accident would put it on sale at S/ 0.00); a kind that may hide
 * its price (`canHidePrice`, the services) may leave it empty.
 */
export function checkPrices(row: RowInput, canHidePrice: boolean): CheckResult & PriceValidity {
  const set: Partial<CatalogValues> = {};
  const problems: string[] = [];
  let isPriceValid = true;
  if (row.has("price")) {
    const cents = row.text("price") ? parseCents(row.cells.price) : canHidePrice ? 0 : null;
    isPriceValid = cents !== null;
    if (cents === null) {
      problems.push(row.text("price") ? "Precio inválido." : "Precio vacío: escribe el precio del producto.");
    } else set.priceCents = cents;
  }
  let isOfferPriceValid = true;
  if (row.has("offerPrice")) {
    const cents = row.text("offerPrice") ? parseCents(row.cells.offerPrice) : null;
    isOfferPriceValid = cents !== null || !row.text("offerPrice");
    if (!isOfferPriceValid) problems.push("Precio de oferta inválido.");
    else set.offerPriceCents = cents;
  }
  return { set, problems, isPriceValid, isOfferPriceValid };
}

/**
 * The spec's rules between fields: an active offer needs a price below the regular one (an
 * inactive one keeps none), and a service that shows its price needs one.
 */
export function checkPriceRules(values: CatalogValues, validity: PriceValidity, canHidePrice: boolean): CheckResult {
  const { isPriceValid, isOfferPriceValid } = validity;
  const set: Partial<CatalogValues> = {};
  const problems: string[] = [];
  if (!values.isOfferActive) set.offerPriceCents = null;
  else if (isOfferPriceValid && !(values.offerPriceCents !== null && values.offerPriceCents > 0)) {
    problems.push(OFFER_PRICE_MESSAGE);
  } else if (
    isPriceValid &&
    values.priceCents > 0 &&
    values.offerPriceCents !== null &&
    values.offerPriceCents >= values.priceCents
  ) {
    problems.push(OFFER_NOT_LOWER_MESSAGE);
  }
  if (canHidePrice && isPriceValid && values.showPrice && !values.isOfferActive && values.priceCents <= 0) {
    problems.push(SERVICE_PRICE_MESSAGE);
  }
  return { set, problems };
}
