import { describe, expect, test } from "vitest";

import { cellText, parseCents, parseFlag, parseStock } from "./cells";
import { matchHeaders, toHeaderKey } from "./layout";

describe("cells", () => {
  test("prices: numbers and text typed in Peru, in céntimos without float drift", () => {
    expect(parseCents("12,50")).toBe(1250);
    expect(parseCents("12.5")).toBe(1250);
    expect(parseCents("S/ 60")).toBe(6000);
    expect(parseCents(12.5)).toBe(1250);
    expect(parseCents(19.99)).toBe(1999);
    expect(parseCents(0.1 + 0.2)).toBe(30);
    expect(parseCents({ formula: "A1*2", result: 25.8 })).toBe(2580);
    for (const bad of ["12.345", "doce", "-3", -3, 12.345, "1.234,50", "", Number.NaN]) {
      expect(parseCents(bad)).toBeNull();
    }
  });

  test("stock: whole numbers only", () => {
    expect(parseStock(15)).toBe(15);
    expect(parseStock("15")).toBe(15);
    expect(parseStock(1.5)).toBeNull();
    expect(parseStock("-1")).toBeNull();
  });

  test("flags: Sí, Si, No, true/false, 1/0", () => {
    for (const yes of ["Sí", "Si", "SI", "sí", true, 1, "1", "TRUE", "Verdadero"]) expect(parseFlag(yes)).toBe(true);
    for (const no of ["No", "NO", false, 0, "0", "false"]) expect(parseFlag(no)).toBe(false);
    expect(parseFlag("quizá")).toBeNull();
  });

  test("cell text from rich text, hyperlinks and formula results", () => {
    expect(cellText({ richText: [{ text: "Ratón " }, { text: "de juguete" }] })).toBe("Ratón de juguete");
    expect(cellText({ text: "/images/a.webp", hyperlink: "http://x" })).toBe("/images/a.webp");
    expect(cellText({ formula: "1+1", result: 2 })).toBe("2");
    expect(cellText("  Gatos ")).toBe("Gatos");
    expect(cellText(null)).toBe("");
  });

  test("headers match whatever their accents, case and '(S/)'", () => {
    expect(toHeaderKey("Precio (S/)")).toBe("precio");
    expect(toHeaderKey(" CATEGORIA ")).toBe("categoria");
    const { positions, missing } = matchHeaders("products", [
      { column: 1, text: "titulo" },
      { column: 2, text: "FAMILIA" },
      { column: 3, text: "Categoría" },
      { column: 5, text: "precio de oferta" },
    ]);
    expect(Object.fromEntries(positions)).toEqual({ title: 1, family: 2, category: 3, offerPrice: 5 });
    expect(missing).toEqual([]);
    expect(matchHeaders("products", [{ column: 1, text: "Título" }]).missing).toEqual(["Familia", "Categoría"]);
  });
});
