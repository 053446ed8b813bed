import { expect, test } from "vitest";

import { clearHits, isRateLimited, recordHit } from "./rate-limit.server";

const rule = { limit: 3, windowMs: 1000 };

test("a key is limited once it reaches the limit inside the window, and freed as time passes", () => {
  const key = "test:window";
  recordHit(key, rule, 0);
  recordHit(key, rule, 100);
  expect(isRateLimited(key, rule, 200)).toBe(false);
  recordHit(key, rule, 200);
  expect(isRateLimited(key, rule, 300)).toBe(true);
  expect(isRateLimited(key, rule, 1050)).toBe(false);
  expect(isRateLimited("test:other", rule, 300)).toBe(false);
});

test("clearing a key forgets its hits", () => {
  const key = "test:clear";
  for (let i = 0; i < 3; i++) recordHit(key, rule, i);
  clearHits(key);
  expect(isRateLimited(key, rule, 10)).toBe(false);
});
