// The storefront's first-load JavaScript budget (≤ 120 KB gzipped on every route, ADR 005 and
// 013), checked on the production build the server tests use. Sizes, not timings: the same build
// gives the same figures. A value import of a module with zod into the shell chunk (one did, in
// the typed-links change) adds some 24 KB to every page; this test says so at once.
import { expect, test } from "vitest";

import { firstLoadJs } from "../../bench/first-load-js.js";

test("every storefront route loads at most 120 KB of JavaScript, gzipped", () => {
  const { routes, budgetKb } = firstLoadJs() as { routes: { route: string; kb: number }[]; budgetKb: number };
  expect(budgetKb).toBe(120);
  expect(routes.length).toBeGreaterThanOrEqual(16);
  const over = routes.filter((route) => route.kb > budgetKb).map((route) => `${route.route}: ${route.kb} KB`);
  expect(over).toEqual([]);
});
