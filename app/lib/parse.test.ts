import { describe, expect, test } from "vitest";

import {
  centsToInput,
  INVALID_PRICE_MESSAGE,
  NEGATIVE_PRICE_MESSAGE,
  parseOptionalId,
  parsePage,
  parseRecordId,
  parseSoles,
  parseWholeNumber,
} from "./parse";

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

describe("ids, pages and whole numbers", () => {
  test("an id is a positive integer a PostgreSQL serial can hold", () => {
    expect(parseRecordId("42")).toBe(42);
    expect(parseRecordId(" 7 ")).toBe(7);
    for (const bad of ["0", "-1", "1.5", "1e3", "0x1f", "2147483648", "99999999999999999999", "", "abc", null]) {
      expect(parseRecordId(bad)).toBeNull();
    }
    expect(parseOptionalId("")).toBeNull();
    expect(parseOptionalId("3")).toBe(3);
    expect(parseOptionalId("tres")).toBe("invalid");
  });

  test("a page is 1 to 100,000, anything else page 1", () => {
    expect(parsePage("3")).toBe(3);
    for (const bad of ["-2", "0", "2.5", "100001", "x", null]) expect(parsePage(bad)).toBe(1);
  });

  test("a whole number is digits only, up to its limit", () => {
    expect(parseWholeNumber("12", { max: 100 })).toBe(12);
    expect(parseWholeNumber("", { max: 100 })).toBe(0);
    expect(parseWholeNumber("1.5", { max: 100 })).toBe("invalid");
    expect(parseWholeNumber("-3", { max: 100 })).toBe("invalid");
    expect(parseWholeNumber("101", { max: 100 })).toBe("too-high");
  });
});
