import { expect, test } from "vitest";

import { formatMoney } from "./money";

test("formats céntimos as soles with two decimals after a no-break space", () => {
  expect(formatMoney(6000)).toBe("S/\u00a060.00");
  expect(formatMoney(1490)).toBe("S/\u00a014.90");
  expect(formatMoney(5)).toBe("S/\u00a00.05");
  expect(formatMoney(129990)).toBe("S/\u00a01,299.90");
});

test("on the server, writes every amount exactly as Intl's es-PE currency format does", () => {
  // The hand-written path is the server's: Vitest runs as the server build does.
  expect(import.meta.env.SSR).toBe(true);
  const intl = new Intl.NumberFormat("es-PE", {
    style: "currency",
    currency: "PEN",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const amounts = [0, -0, 1, 9, 10, 99, 100, 101, 999, 1000, 99_999, 100_000, 100_001, 12_345_678, -1, -500, -123_456];
  for (let power = 0; power < 16; power++) amounts.push(10 ** power - 1, 10 ** power, -(10 ** power));
  for (let i = 0; i < 2_000; i++) amounts.push(Math.floor((Math.random() - 0.2) * 10 ** (1 + (i % 12))));
  amounts.push(0.5, 2.5, -0.5, 1234.4, Number.NaN, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 2);
  for (const cents of amounts) expect(formatMoney(cents), String(cents)).toBe(intl.format(cents / 100));
  expect(formatMoney(-500)).toBe("-S/\u00a05.00");
  expect(formatMoney(100_000_000)).toBe("S/\u00a01,000,000.00");
});
