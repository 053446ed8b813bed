import { eq } from "drizzle-orm";
import { expect, test } from "vitest";

import { rateLimitHits } from "~/db/schema";
import { setUpTestDatabase } from "~test/test-database";

import { deleteExpiredRateLimitHits, tableRateStore } from "./rate-limit-table.server";

// The rate limits' shared table (ADR 042), on the test's database (PGlite by default, the
// PostgreSQL server with TEST_DATABASE_URL, where the app uses it): the same answers as the
// counters in memory, atomic under concurrent takes, and expired rows deleted.
const { handle } = setUpTestDatabase();
const rule = { limit: 3, windowMs: 1000 };

test("the table counts a sliding window as the memory counters do", async () => {
  const store = tableRateStore(handle().db);
  const key = "test:window";
  await store.record(key, rule, 0);
  await store.record(key, rule, 100);
  expect(await store.count(key, rule, 200)).toBe(2);
  await store.record(key, rule, 200);
  expect(await store.count(key, rule, 300)).toBe(3);
  expect(await store.count(key, rule, 1050)).toBe(2);
  expect(await store.count("test:other", rule, 300)).toBe(0);
  await store.clear(key);
  expect(await store.count(key, rule, 300)).toBe(0);
});

test("takes stop at the limit, are free again as the window slides, and a row keeps at most the limit's hits", async () => {
  const store = tableRateStore(handle().db);
  const key = "test:take";
  const taken = [];
  for (let i = 0; i < 5; i++) taken.push(await store.take(key, rule, i * 10));
  expect(taken).toEqual([true, true, true, false, false]);
  expect(await store.take(key, rule, 1005)).toBe(true);
  for (let i = 0; i < 20; i++) await store.record(key, rule, 1100 + i);
  const [row] = await handle().db.select().from(rateLimitHits).where(eq(rateLimitHits.key, key));
  expect(row!.hits).toEqual([1117, 1118, 1119]);
});

test("a take given back frees one place: one hit of its millisecond, not every one", async () => {
  const store = tableRateStore(handle().db);
  const key = "test:give-back";
  for (let i = 0; i < 3; i++) expect(await store.take(key, rule, 5000)).toBe(true);
  expect(await store.take(key, rule, 5001)).toBe(false);
  await store.giveBack(key, 5000);
  expect(await store.count(key, rule, 5002)).toBe(2);
  expect(await store.take(key, rule, 5002)).toBe(true);
  expect(await store.take(key, rule, 5003)).toBe(false);
  await store.giveBack("test:nothing", 5000);
  expect(await store.count("test:nothing", rule, 5003)).toBe(0);
});

test("concurrent takes of one key never pass the limit", async () => {
  const store = tableRateStore(handle().db);
  const key = "test:race";
  const wide = { limit: 7, windowMs: 60_000 };
  const now = Date.now();
  const taken = await Promise.all(Array.from({ length: 30 }, (_, i) => store.take(key, wide, now + i)));
  expect(taken.filter(Boolean)).toHaveLength(7);
  expect(await store.count(key, wide, now + 100)).toBe(7);
});

test("the housekeeping deletes the rows whose hits have all left their window", async () => {
  const store = tableRateStore(handle().db);
  const now = Date.now();
  await handle().db.delete(rateLimitHits);
  await store.record("test:old", rule, now - 5000);
  await store.record("test:fresh", rule, now);
  expect(await deleteExpiredRateLimitHits(handle().db, new Date(now))).toBe(1);
  const keys = (await handle().db.select({ key: rateLimitHits.key }).from(rateLimitHits)).map((row) => row.key);
  expect(keys).toContain("test:fresh");
  expect(keys).not.toContain("test:old");
});
