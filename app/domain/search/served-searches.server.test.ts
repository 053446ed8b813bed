// The searches the page cache answers, counted for the owner's report (issue 49).
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";

import { searchDays } from "~/db/schema";
import { setUpTestDatabase } from "~test/test-database";

import { flushSearchCounts } from "./search-counts.server";
import { countServedSearch, servedSearchPhrase } from "./served-searches.server";

const { handle } = setUpTestDatabase();

test("a stored page is a search when it is /buscar with words and no brand", () => {
  expect(servedSearchPhrase("/buscar?q=Collar%20ROJO")).toBe("collar rojo");
  expect(servedSearchPhrase("/buscar?q=collar&pagina=2")).toBe("collar");
  expect(servedSearchPhrase("/buscar?q=collar&marca=kong")).toBeNull();
  expect(servedSearchPhrase("/buscar?q=")).toBeNull();
  expect(servedSearchPhrase("/buscar")).toBeNull();
  expect(servedSearchPhrase("/productos?q=collar")).toBeNull();
  expect(servedSearchPhrase("/")).toBeNull();
});

test("counted in memory, added to the day's row in Lima at the flush, onto what the loader counted", async () => {
  const { db } = handle();
  await db.insert(searchDays).values({ day: "2026-11-30", query: "collar", searches: 1, misses: 0 });
  // 23:30 in Lima on the 30th is already the 1st of December in UTC.
  const lateNight = new Date("2026-12-01T04:30:00Z");
  countServedSearch("/buscar?q=collar", lateNight);
  countServedSearch("/buscar?q=COLLAR", lateNight);
  countServedSearch("/buscar?q=arena", lateNight);
  countServedSearch("/faq", lateNight);
  expect(await db.select().from(searchDays).where(eq(searchDays.query, "arena"))).toEqual([]);
  await flushSearchCounts();
  const rows = await db.select().from(searchDays).orderBy(searchDays.query);
  expect(rows).toEqual([
    { day: "2026-11-30", query: "arena", searches: 1, misses: 0 },
    { day: "2026-11-30", query: "collar", searches: 3, misses: 0 },
  ]);
  // Nothing twice.
  await flushSearchCounts();
  expect(await db.select().from(searchDays).orderBy(searchDays.query)).toEqual(rows);
});
