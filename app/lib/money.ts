const formatter = new Intl.NumberFormat("es-PE", {
  style: "currency",
  currency: "PEN",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** The one place money is formatted: 6000 céntimos -> 'S/ 60.00'. */
export function formatMoney(cents: number): string {
  // Intl separates the symbol with a no-break space; the shop writes a plain one.
  return formatter.format(cents / 100).replace(/\u00a0/g, " ");
}
