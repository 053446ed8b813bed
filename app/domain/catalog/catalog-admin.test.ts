import { describe, expect, test } from "vitest";

import {
  centsToInput,
  INVALID_PRICE_MESSAGE,
  NEGATIVE_PRICE_MESSAGE,
  parseAdminListQuery,
  parseSoles,
} from "./catalog-admin";

describe("parseSoles", () => {
  test("turns soles into céntimos without float drift", () => {
    expect(parseSoles("12.5")).toEqual({ cents: 1250 });
    expect(parseSoles("0.29")).toEqual({ cents: 29 });
    expect(parseSoles("1.15")).toEqual({ cents: 115 });
    expect(parseSoles("19,99")).toEqual({ cents: 1999 });
    expect(parseSoles(" ")).toEqual({ cents: 0 });
    expect(parseSoles(undefined)).toEqual({ cents: 0 });
  });

  test("refuses negatives, letters and more than two decimals in Spanish", () => {
    expect(parseSoles("-1")).toEqual({ error: NEGATIVE_PRICE_MESSAGE });
    expect(parseSoles("12.345")).toEqual({ error: INVALID_PRICE_MESSAGE });
    expect(parseSoles("doce")).toEqual({ error: INVALID_PRICE_MESSAGE });
    expect(parseSoles("1e3")).toEqual({ error: INVALID_PRICE_MESSAGE });
  });

  test("shows céntimos back as the input's value", () => {
    expect(centsToInput(1290)).toBe("12.90");
    expect(centsToInput(null)).toBe("");
  });
});

describe("parseAdminListQuery", () => {
  const keys = ["nombre", "precio"] as const;
  test("keeps whitelisted sorts only and a sane page", () => {
    const url = new URL("http://x/admin/productos?orden=precio&dir=desc&pagina=3&q=%20gato%20");
    expect(parseAdminListQuery(url, keys)).toEqual({ q: "gato", sort: "precio", direction: "desc", page: 3 });
    const hostile = new URL("http://x/admin/productos?orden=id;drop&dir=sideways&pagina=-2");
    expect(parseAdminListQuery(hostile, keys)).toEqual({ q: "", sort: "nombre", direction: "asc", page: 1 });
  });
});
