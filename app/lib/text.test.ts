import { expect, test } from "vitest";

import { normalizeForSearch, toSlug } from "./text";

test("slugs are the lower-cased name with whitespace runs as hyphens", () => {
  expect(toSlug("Perros")).toBe("perros");
  expect(toSlug("  Alimento   Seco ")).toBe("alimento-seco");
  expect(toSlug("Camas y\tDescanso")).toBe("camas-y-descanso");
});

test("search text ignores accents and case", () => {
  expect(normalizeForSearch("Ratón de Juguete")).toBe("raton de juguete");
  expect(normalizeForSearch("ÑANDÚ")).toBe("nandu");
});
