import { expect, test } from "vitest";
import { formatMoney } from "./money";

test("formats céntimos as soles with two decimals and a plain space", () => {
  expect(formatMoney(6000)).toBe("S/ 60.00");
  expect(formatMoney(1490)).toBe("S/ 14.90");
  expect(formatMoney(5)).toBe("S/ 0.05");
  expect(formatMoney(129990)).toBe("S/ 1,299.90");
});
