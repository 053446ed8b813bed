// How a presentación reads to the shopper (pure: the storefront's bundles import it).

/** 'Alimento X — 15 kg': the product's title and, when it has sizes, the presentación's. */
export function lineTitle(title: string, variantName: string): string {
  return variantName ? `${title} — ${variantName}` : title;
}

/** 'S/ 12.50 por kg' needs the price per kilo, in céntimos (rounded). */
export function pricePerKgCents(unitPriceCents: number, netWeightGrams: number | null): number | null {
  if (!netWeightGrams) return null;
  return Math.round((unitPriceCents * 1000) / netWeightGrams);
}
