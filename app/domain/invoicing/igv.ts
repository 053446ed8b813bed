import type { DocumentLine, IgvTreatment } from "~/db/schema";

// The IGV of a comprobante (issue 46, ADR 039), from prices in céntimos that include it (the
// shop's prices are what the shopper pays). Pure: tested on a table of awkward prices.
//
// SUNAT checks that the document adds up: for each line valor de venta + IGV = importe, and
// total gravada + IGV (+ exonerada + inafecta) = total, to the céntimo. So each line's base is
// its total divided by 1.18, rounded half-up to the céntimo, and its IGV is what is left of
// the total: the sums then hold exactly, and each IGV is within a céntimo of 18 % of its base
// (SUNAT's tolerance is one sol). A discount on the whole order is a descuento global on the
// gravada base, split the same way.

const IGV_PERCENT = 18;

/** Half-up rounding of a non-negative ratio of integers: no floating-point surprise at .5. */
function divideRounded(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** The base (without IGV) of an amount that includes it, in céntimos: round(amount / 1.18). */
export function baseOf(amountWithIgvCents: number): number {
  return divideRounded(amountWithIgvCents * 100, 100 + IGV_PERCENT);
}

/** A price without IGV to 10 decimals, as the PSE takes valor_unitario ('28.2457627119'). */
export function unitValueOf(unitPriceCents: number, treatment: IgvTreatment): string {
  const divisor = treatment === "gravado" ? 100 + IGV_PERCENT : 100;
  // Soles with 10 decimals = céntimos × 10^8 / divisor, rounded half-up, in BigInt.
  const scaled = (BigInt(unitPriceCents) * 10n ** 10n * 2n + BigInt(divisor)) / (2n * BigInt(divisor));
  const text = scaled.toString().padStart(11, "0");
  return `${text.slice(0, -10)}.${text.slice(-10)}`;
}

export type SaleLine = {
  description: string;
  /** 'NIU' a product, 'ZZ' a service (the delivery). */
  unit: "NIU" | "ZZ";
  quantity: number;
  unitPriceCents: number;
  treatment: IgvTreatment;
};

export type DocumentAmounts = {
  lines: DocumentLine[];
  gravadaCents: number;
  exoneradaCents: number;
  inafectaCents: number;
  igvCents: number;
  /** The descuento global: without IGV (what the PSE takes) and as the shopper saw it. */
  discountBaseCents: number;
  discountCents: number;
  totalCents: number;
};

function toDocumentLine(line: SaleLine): DocumentLine {
  const totalCents = line.unitPriceCents * line.quantity;
  const subtotalCents = line.treatment === "gravado" ? baseOf(totalCents) : totalCents;
  return {
    description: line.description,
    unit: line.unit,
    quantity: line.quantity,
    unitValue: unitValueOf(line.unitPriceCents, line.treatment),
    unitPriceCents: line.unitPriceCents,
    subtotalCents,
    igvCents: totalCents - subtotalCents,
    totalCents,
    treatment: line.treatment,
  };
}

/**
 * The document's lines and totals. `discountCents` (IGV included, as the order took it off)
 * comes off the gravada lines first, then the exonerada, then the inafecta ones; it never
 * exceeds what they add up to.
 */
export function computeDocumentAmounts(sale: SaleLine[], discountCents = 0): DocumentAmounts {
  const lines = sale.map(toDocumentLine);
  const sum = (treatment: IgvTreatment, pick: (line: DocumentLine) => number) =>
    lines.filter((line) => line.treatment === treatment).reduce((total, line) => total + pick(line), 0);
  const grossGravada = sum("gravado", (line) => line.totalCents);
  let gravadaCents = sum("gravado", (line) => line.subtotalCents);
  let igvCents = sum("gravado", (line) => line.igvCents);
  let exoneradaCents = sum("exonerado", (line) => line.totalCents);
  let inafectaCents = sum("inafecto", (line) => line.totalCents);

  let left = Math.max(0, Math.min(discountCents, grossGravada + exoneradaCents + inafectaCents));
  const discountCentsApplied = left;
  let discountBaseCents = 0;
  const fromGravada = Math.min(left, grossGravada);
  if (fromGravada > 0) {
    const base = baseOf(fromGravada);
    discountBaseCents += base;
    gravadaCents -= base;
    igvCents -= fromGravada - base;
    left -= fromGravada;
  }
  const fromExonerada = Math.min(left, exoneradaCents);
  exoneradaCents -= fromExonerada;
  discountBaseCents += fromExonerada;
  left -= fromExonerada;
  inafectaCents -= left;
  discountBaseCents += left;

  return {
    lines,
    gravadaCents,
    exoneradaCents,
    inafectaCents,
    igvCents,
    discountBaseCents,
    discountCents: discountCentsApplied,
    totalCents: gravadaCents + exoneradaCents + inafectaCents + igvCents,
  };
}

/** Céntimos as the PSE's decimal soles (12.5 → '12.50' is its business; it takes numbers). */
export function toSoles(cents: number): number {
  return Math.round(cents) / 100;
}
