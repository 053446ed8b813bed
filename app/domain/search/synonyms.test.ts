import { expect, test } from "vitest";

import { parseWithSchema } from "~/lib/form-data";

import {
  expandWithSynonyms,
  formatSynonymTerms,
  parseSynonymTerms,
  synonymGroupSchema,
  SYNONYMS_TOO_FEW_MESSAGE,
  SYNONYMS_TOO_MANY_MESSAGE,
  synonymTooLongMessage,
} from "./synonyms";

test("terms are normalised like search text, without blanks or repeats", () => {
  expect(parseSynonymTerms(" Champú, SHAMPOO,, champu ,  ")).toEqual(["champu", "shampoo"]);
  expect(parseSynonymTerms("Alimento   Seco, croquetas")).toEqual(["alimento seco", "croquetas"]);
  expect(formatSynonymTerms(["champu", "shampoo"])).toBe("champu, shampoo");
});

test.each([
  ["", SYNONYMS_TOO_FEW_MESSAGE],
  ["champú", SYNONYMS_TOO_FEW_MESSAGE],
  ["Champú, champu", SYNONYMS_TOO_FEW_MESSAGE],
  [`corto, ${"a".repeat(41)}`, synonymTooLongMessage("a".repeat(41))],
  [Array.from({ length: 21 }, (_, index) => `palabra${index}`).join(", "), SYNONYMS_TOO_MANY_MESSAGE],
  ["x, ".repeat(400), SYNONYMS_TOO_MANY_MESSAGE],
])("%j is refused beside the field", (terms, message) => {
  const parsed = parseWithSchema(synonymGroupSchema, { terms });
  expect(parsed).toMatchObject({ success: false, errors: { terms: message } });
});

test("a valid group: two to twenty different words of up to forty characters", () => {
  const parsed = parseWithSchema(synonymGroupSchema, { terms: "Precio, costo, ¿cuánto cuesta?" });
  expect(parsed).toEqual({ success: true, data: { terms: ["precio", "costo", "cuanto cuesta"] } });
  const twenty = Array.from({ length: 20 }, (_, index) => `palabra${index}`).join(", ");
  expect(parseWithSchema(synonymGroupSchema, { terms: twenty }).success).toBe(true);
});

test("a phrase turns into its synonyms, one term replaced at a time", () => {
  const groups = [
    ["precio", "costo", "cuanto cuesta"],
    ["croquetas", "alimento seco"],
  ];
  const phrases = (words: string) => expandWithSynonyms(words.split(" "), groups).map((variant) => variant.join(" "));
  expect(phrases("precio")).toEqual(["costo", "cuanto cuesta"]);
  // Plurals and typos of a term count, and a phrase term is found as a run of words.
  expect(phrases("precios croqueta")).toEqual(["costo croqueta", "cuanto cuesta croqueta", "precios alimento seco"]);
  expect(phrases("cuanto cuesta")).toEqual(["precio", "costo"]);
  expect(phrases("cuesta cuanto")).toEqual([]);
  expect(phrases("horario")).toEqual([]);
});
