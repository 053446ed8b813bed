import { expect, test } from "vitest";

import { formatMoney } from "./money";

test("formats céntimos as soles with two decimals after a no-break space", () => {
  expect(formatMoney(6000)).toBe("S/\u00a060.00");
  expect(formatMoney(1490)).toBe("S/\u00a014.90");
  expect(formatMoney(5)).toBe("S/\u00a00.05");
  expect(formatMoney(129990)).toBe("S/\u00a01,299.90");
});
