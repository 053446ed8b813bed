const formatter = new Intl.NumberFormat("es-PE", {
  style: "currency",
  currency: "PEN",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Below this, Intl's `cents / 100` (a double, 15 significant digits) rounds as exact arithmetic does. */
const MAX_EXACT_CENTS = 1e15;

/**
 * The one place money is formatted: 6000 céntimos -> 'S/ 60.00', 129990 -> 'S/ 1,299.90',
 * -500 -> '-S/ 5.00'. The space is the es-PE format's U+00A0 (no-break space), so a price never
 * wraps after 'S/'. On the server, whole céntimos are written by hand, exactly as Intl writes
 * them (money.test.ts compares the two): a page formats dozens of prices, and Intl took about
 * 1 µs each (0.7 % of a cart page's CPU). The browser keeps Intl, which costs it no bytes.
 */
export const formatMoney: (cents: number) => string = import.meta.env.SSR ? formatOnServer : formatWithIntl;

function formatWithIntl(cents: number): string {
  return formatter.format(cents / 100);
}

/** A fraction of a céntimo, -0, NaN or ten trillion soles and more: as Intl writes them. */
function formatOnServer(cents: number): string {
  if (!Number.isInteger(cents) || Math.abs(cents) >= MAX_EXACT_CENTS || Object.is(cents, -0)) {
    return formatWithIntl(cents);
  }
  const abs = Math.abs(cents);
  const rest = abs % 100;
  const soles = String((abs - rest) / 100).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${cents < 0 ? "-" : ""}S/\u00a0${soles}.${rest < 10 ? "0" : ""}${rest}`;
}
