// The IGV arithmetic of a comprobante, to the céntimo, on awkward prices (issue 46): each line's
// base and IGV add up to its total, the document's totals add up to what the shopper paid, and
// every IGV is within a céntimo of 18 % of its base.
import { describe, expect, test } from "vitest";

import { baseOf, computeDocumentAmounts, type SaleLine, unitValueOf } from "./igv";

const product = (unitPriceCents: number, quantity = 1, treatment: SaleLine["treatment"] = "gravado"): SaleLine => ({
  description: "Producto",
  unit: "NIU",
  quantity,
  unitPriceCents,
  treatment,
});

describe("the base and IGV of an amount that includes it", () => {
  test.each([
    // amount, base, IGV
    [10, 8, 2],
    [999, 847, 152],
    [9999, 8474, 1525],
    [11800, 10000, 1800],
    [1, 1, 0],
    [59, 50, 9],
    [6490, 5500, 990],
  ])("S/ %d céntimos: base %d, IGV %d", (amount, base, igv) => {
    expect(baseOf(amount)).toBe(base);
    expect(amount - baseOf(amount)).toBe(igv);
  });

  test("valor unitario to ten decimals, rounded half-up", () => {
    expect(unitValueOf(3333, "gravado")).toBe("28.2457627119");
    expect(unitValueOf(10, "gravado")).toBe("0.0847457627");
    expect(unitValueOf(11800, "gravado")).toBe("100.0000000000");
    expect(unitValueOf(999, "exonerado")).toBe("9.9900000000");
  });
});

describe("a document's amounts", () => {
  test.each([
    { name: "S/ 0.10", sale: [product(10)], discount: 0, gravada: 8, igv: 2, total: 10 },
    { name: "S/ 9.99", sale: [product(999)], discount: 0, gravada: 847, igv: 152, total: 999 },
    { name: "3 × S/ 33.33", sale: [product(3333, 3)], discount: 0, gravada: 8474, igv: 1525, total: 9999 },
    {
      name: "S/ 100.00 with a 20 % discount",
      sale: [product(10000)],
      discount: 2000,
      gravada: 8475 - 1695,
      igv: 1525 - 305,
      total: 8000,
    },
    {
      name: "two lines and the delivery, with a S/ 12.98 coupon",
      sale: [product(6490), product(3333, 3), { ...product(1000), unit: "ZZ" as const }],
      discount: 1298,
      gravada: 5500 + 8474 + 847 - 1100,
      igv: 990 + 1525 + 153 - 198,
      total: 6490 + 9999 + 1000 - 1298,
    },
  ])("$name", ({ sale, discount, gravada, igv, total }) => {
    const amounts = computeDocumentAmounts(sale, discount);
    expect(amounts).toMatchObject({ gravadaCents: gravada, igvCents: igv, totalCents: total, discountCents: discount });
    expect(amounts.gravadaCents + amounts.igvCents + amounts.exoneradaCents + amounts.inafectaCents).toBe(total);
    for (const line of amounts.lines) {
      expect(line.subtotalCents + line.igvCents).toBe(line.totalCents);
      expect(Math.abs(line.igvCents - line.subtotalCents * 0.18)).toBeLessThanOrEqual(1);
    }
    expect(Math.abs(amounts.igvCents - amounts.gravadaCents * 0.18)).toBeLessThanOrEqual(2);
  });

  test("exonerated and unaffected lines carry no IGV; a discount comes off the taxed lines first", () => {
    const amounts = computeDocumentAmounts(
      [product(5900), product(2000, 1, "exonerado"), product(1500, 1, "inafecto")],
      7000,
    );
    expect(amounts).toMatchObject({
      gravadaCents: 0,
      igvCents: 0,
      exoneradaCents: 900,
      inafectaCents: 1500,
      discountCents: 7000,
      discountBaseCents: 5000 + 1100,
      totalCents: 2400,
    });
    expect(amounts.lines.map((line) => line.igvCents)).toEqual([900, 0, 0]);
  });

  test("a discount never takes more than the document is worth", () => {
    expect(computeDocumentAmounts([product(500)], 900)).toMatchObject({ totalCents: 0, discountCents: 500 });
  });
});
