import { expect, test } from "vitest";

import { getLimaDate, msUntilLimaMidnight } from "./lima-time";

const MINUTE = 60_000;

test("msUntilLimaMidnight: to the next midnight in Lima (UTC−5), whatever the server's zone", () => {
  // 23:59 in Lima is 04:59 UTC of the next day.
  expect(msUntilLimaMidnight(new Date("2026-11-28T04:59:00Z"))).toBe(MINUTE);
  // Lima's midnight itself: a whole day to the next one.
  expect(msUntilLimaMidnight(new Date("2026-11-28T05:00:00Z"))).toBe(24 * 60 * MINUTE);
  // 19:00 in Lima on the 27th is already the 28th in UTC: five hours left, not 29.
  expect(msUntilLimaMidnight(new Date("2026-11-28T00:00:00Z"))).toBe(5 * 60 * MINUTE);
  expect(getLimaDate(new Date("2026-11-28T00:00:00Z"))).toBe("2026-11-27");
});

test("getLimaDate keeps its last minute's date and no other: each side of Lima's midnight, asked in turn", () => {
  const before = new Date("2026-12-04T04:59:59.999Z");
  const after = new Date("2026-12-04T05:00:00.000Z");
  for (let round = 0; round < 3; round++) {
    expect(getLimaDate(before)).toBe("2026-12-03");
    expect(getLimaDate(before)).toBe("2026-12-03");
    expect(getLimaDate(after)).toBe("2026-12-04");
    expect(getLimaDate(new Date("2026-12-04T05:00:59.999Z"))).toBe("2026-12-04");
  }
  // Far apart, within the same minute of another day, and an invalid date still refused.
  expect(getLimaDate(new Date("2027-01-01T04:59:30Z"))).toBe("2026-12-31");
  expect(() => getLimaDate(new Date(Number.NaN))).toThrow(RangeError);
});
