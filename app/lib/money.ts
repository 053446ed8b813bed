const formatter = new Intl.NumberFormat("es-PE", {
  style: "currency",
  currency: "PEN",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * The one place money is formatted: 6000 céntimos -> 'S/ 60.00'. The space is the
 * es-PE format's U+00A0 (no-break space), so a price never wraps after 'S/'.
 */
export function formatMoney(cents: number): string {
  return formatter.format(cents / 100);
}
