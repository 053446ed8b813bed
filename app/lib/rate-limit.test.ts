import { expect, test } from "vitest";

import { clearHits, giveBackSubmission, isRateLimited, recordHit, takeSubmission } from "./rate-limit.server";

// No database open: the counters of one process (the embedded database's). The table every
// instance shares on PostgreSQL is tested in rate-limit-table.server.test.ts.
const rule = { limit: 3, windowMs: 1000 };

test("a key is limited once it reaches the limit inside the window, and freed as time passes", async () => {
  const key = "test:window";
  await recordHit(key, rule, 0);
  await recordHit(key, rule, 100);
  expect(await isRateLimited(key, rule, 200)).toBe(false);
  await recordHit(key, rule, 200);
  expect(await isRateLimited(key, rule, 300)).toBe(true);
  expect(await isRateLimited(key, rule, 1050)).toBe(false);
  expect(await isRateLimited("test:other", rule, 300)).toBe(false);
});

test("clearing a key forgets its hits", async () => {
  const key = "test:clear";
  for (let i = 0; i < 3; i++) await recordHit(key, rule, i);
  await clearHits(key);
  expect(await isRateLimited(key, rule, 10)).toBe(false);
});

test("a submission is taken while under the limit, refused past it, and taken again once the window slid", async () => {
  const key = "test:take";
  const taken = [];
  for (let i = 0; i < 5; i++) taken.push(await takeSubmission(key, rule, { now: i * 10 }));
  expect(taken).toEqual([true, true, true, false, false]);
  expect(await takeSubmission(key, rule, { now: 1005 })).toBe(true);
});

test("a submission given back frees its place, once", async () => {
  const key = "test:give-back";
  for (let i = 0; i < 3; i++) expect(await takeSubmission(key, rule, { now: 100 })).toBe(true);
  expect(await takeSubmission(key, rule, { now: 101 })).toBe(false);
  await giveBackSubmission(key, 100);
  expect(await takeSubmission(key, rule, { now: 102 })).toBe(true);
  expect(await takeSubmission(key, rule, { now: 103 })).toBe(false);
});
