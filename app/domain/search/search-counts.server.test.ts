// The searches' counts, kept in memory and written behind (ADR 065).
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";

import { setDatabase } from "~/db/client.server";
import { searchDays, searchMisses } from "~/db/schema";
import { setUpTestDatabase } from "~test/test-database";

import { countSearch, flushSearchCounts, noteSearchResult } from "./search-counts.server";

const { handle } = setUpTestDatabase();

const at = new Date("2026-11-20T15:00:00Z");

async function readMiss(query: string) {
  return handle().db.select().from(searchMisses).where(eq(searchMisses.query, query));
}

test("nothing is written as a search is counted; one write adds them all, once", async () => {
  const { db } = handle();
  for (let time = 0; time < 3; time++) countSearch("arena", { isMiss: false, now: at });
  countSearch("loro", { isMiss: true, now: at });
  noteSearchResult("loro", { found: false, now: at });
  expect(await db.select().from(searchDays)).toEqual([]);
  expect(await readMiss("loro")).toEqual([]);
  // Two writes asked together (the timer's and the owner's list): each count goes once.
  await Promise.all([flushSearchCounts(), flushSearchCounts()]);
  expect(await db.select().from(searchDays).orderBy(searchDays.query)).toEqual([
    { day: "2026-11-20", query: "arena", searches: 3, misses: 0 },
    { day: "2026-11-20", query: "loro", searches: 1, misses: 1 },
  ]);
  expect(await readMiss("loro")).toEqual([{ query: "loro", count: 1, lastSearchedAt: at }]);
  // Added onto the rows already there.
  countSearch("loro", { isMiss: true, now: at });
  noteSearchResult("loro", { found: false, now: new Date("2026-11-20T16:00:00Z") });
  await flushSearchCounts();
  expect((await db.select().from(searchDays).where(eq(searchDays.query, "loro")))[0]).toMatchObject({
    searches: 2,
    misses: 2,
  });
  expect(await readMiss("loro")).toEqual([
    { query: "loro", count: 2, lastSearchedAt: new Date("2026-11-20T16:00:00Z") },
  ]);
});

test("within one write, a query that finds something leaves the list, and misses after it count anew", async () => {
  noteSearchResult("hamster", { found: false, now: at });
  await flushSearchCounts();
  noteSearchResult("hamster", { found: false, now: at });
  noteSearchResult("hamster", { found: true, now: at });
  noteSearchResult("pez", { found: false, now: at });
  noteSearchResult("pez", { found: true, now: at });
  noteSearchResult("pez", { found: false, now: at });
  await flushSearchCounts();
  expect(await readMiss("hamster")).toEqual([]);
  expect(await readMiss("pez")).toEqual([{ query: "pez", count: 1, lastSearchedAt: at }]);
});

test("a write that fails loses nothing: the counts wait for the next one", async () => {
  const database = handle();
  countSearch("correa", { isMiss: true, now: at });
  noteSearchResult("correa", { found: false, now: at });
  const failing = new Error("database unavailable");
  setDatabase({
    ...database,
    db: {
      transaction: () => Promise.reject(failing),
    } as unknown as typeof database.db,
  });
  try {
    await expect(flushSearchCounts()).rejects.toBe(failing);
  } finally {
    setDatabase(database);
  }
  // Counted meanwhile, after the failed write.
  countSearch("correa", { isMiss: true, now: at });
  noteSearchResult("correa", { found: false, now: at });
  await flushSearchCounts();
  expect((await database.db.select().from(searchDays).where(eq(searchDays.query, "correa")))[0]).toMatchObject({
    searches: 2,
    misses: 2,
  });
  expect(await readMiss("correa")).toEqual([{ query: "correa", count: 2, lastSearchedAt: at }]);
});
