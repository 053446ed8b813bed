import { expect, test } from "vitest";

import { createFirstAskings, isTypedKey } from "./first-askings.server";

test("a key holds typed words when its query has q", () => {
  expect(isTypedKey("/buscar?q=collar")).toBe(true);
  expect(isTypedKey("/api/buscar?q=cro")).toBe(true);
  expect(isTypedKey("/productos/perros?marca=kong&pagina=2&q=collar")).toBe(true);
  expect(isTypedKey("/productos/perros?marca=kong&pagina=2")).toBe(false);
  expect(isTypedKey("/producto/42?presentacion=3")).toBe(false);
  expect(isTypedKey("/buscar")).toBe(false);
});

test("a key is asked before from its second asking on, each key apart", () => {
  const askings = createFirstAskings();
  expect(askings.askedBefore("/buscar?q=collar")).toBe(false);
  expect(askings.askedBefore("/buscar?q=correa")).toBe(false);
  expect(askings.askedBefore("/buscar?q=collar")).toBe(true);
  expect(askings.askedBefore("/buscar?q=collar")).toBe(true);
  expect(askings.askedBefore("/buscar?q=Collar")).toBe(false);
  expect(askings.askedBefore("/buscar?q=correa")).toBe(true);
});

test("a key is remembered while fewer than the bound of others came after it", () => {
  const askings = createFirstAskings(200);
  askings.askedBefore("/buscar?q=collar");
  for (let index = 0; index < 150; index++) expect(askings.askedBefore(`/buscar?q=palabra${index}`)).toBe(false);
  // 150 others: collar is still remembered (and renewed).
  expect(askings.askedBefore("/buscar?q=collar")).toBe(true);
  askings.askedBefore("/buscar?q=cama");
  for (let index = 0; index < 250; index++) askings.askedBefore(`/buscar?q=otra${index}`);
  // 250 others, more than the bound: cama is forgotten, asked as if for the first time.
  expect(askings.askedBefore("/buscar?q=cama")).toBe(false);
});
