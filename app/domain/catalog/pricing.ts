export type Priced = {
  priceCents: number;
  isOfferActive: boolean;
  offerPriceCents: number | null;
};

/** Whether the offer applies: active and with a positive offer price. */
export function hasActiveOffer(item: Priced): boolean {
  return item.isOfferActive && item.offerPriceCents !== null && item.offerPriceCents > 0;
}

/** What the shopper pays per unit: the offer price when the offer applies, else the price. */
export function getUnitPriceCents(item: Priced): number {
  return hasActiveOffer(item) ? item.offerPriceCents! : item.priceCents;
}

export const LOW_STOCK_THRESHOLD = 5;

/** 'Últimas 3 unidades disponibles', or '¡Última unidad disponible!' for one. */
export function lowStockMessage(stock: number): string {
  return stock === 1 ? "¡Última unidad disponible!" : `Últimas ${stock} unidades disponibles`;
}
export const MAX_FEATURED_OFFERS = 4;
