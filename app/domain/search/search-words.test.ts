import { describe, expect, test } from "vitest";

import {
  editDistance,
  foldSpelling,
  hasEveryWord,
  isSameWord,
  singularForms,
  toSearchPhrase,
  toSearchWords,
} from "./search-words";

test("words are lower-cased, without accents or punctuation", () => {
  expect(toSearchWords("¿Dónde están UBICADOS?")).toEqual(["donde", "estan", "ubicados"]);
  expect(toSearchWords("  baño,corte... ¡YA!  ")).toEqual(["bano", "corte", "ya"]);
  expect(toSearchWords("?!")).toEqual([]);
  expect(toSearchPhrase("  Alimento   Seco ")).toBe("alimento seco");
});

test("a plural gives its singulars, never shorter than three letters", () => {
  expect(singularForms("perros")).toContain("perro");
  expect(singularForms("direcciones")).toContain("direccion");
  expect(singularForms("peces")).toContain("pez");
  expect(singularForms("las")).toEqual(["las"]);
  expect(singularForms("gato")).toEqual(["gato"]);
});

test("spelling that sounds the same is folded together", () => {
  expect(foldSpelling("horario")).toBe(foldSpelling("orario"));
  expect(foldSpelling("delivery")).toBe("deliberi");
  expect(foldSpelling("cepillo")).toBe(foldSpelling("sepiyo"));
  expect(foldSpelling("chau")).toBe("chau");
});

test("Damerau–Levenshtein counts a swap of two letters as one edit", () => {
  expect(editDistance("horario", "hroario")).toBe(1);
  expect(editDistance("croquetas", "croquetas")).toBe(0);
  expect(editDistance("perro", "gato")).toBe(4);
  expect(editDistance("perro", "gatos", 1)).toBe(2);
});

describe("isSameWord", () => {
  test.each([
    ["perro", "perros"],
    ["direcciones", "direccion"],
    ["croquetas", "croqueta"],
    ["collar", "collares"],
    ["horario", "orario"],
    ["delivery", "delivri"],
    ["delivery", "delibery"],
    ["veterinario", "beterinaria"],
    ["transferencia", "tranferensia"],
    ["hola", "ola"],
  ])("%s = %s", (a, b) => {
    expect(isSameWord(a, b)).toBe(true);
    expect(isSameWord(b, a)).toBe(true);
  });

  test.each([
    ["de", "da"],
    ["la", "las"],
    ["hola", "hora"],
    ["gato", "pato"],
    ["yape", "ayer"],
    ["perro", "parra"],
    ["gatos", "patos"],
    ["12345", "12346"],
    ["plin", "pin"],
  ])("%s ≠ %s", (a, b) => {
    expect(isSameWord(a, b)).toBe(false);
  });
});

test("a phrase is found when each of its words is, in any order", () => {
  expect(hasEveryWord(["donde", "estan"], toSearchWords("¿Están abiertos? ¿Dónde?"))).toBe(true);
  expect(hasEveryWord(["donde", "estan"], toSearchWords("¿dónde compro?"))).toBe(false);
  expect(hasEveryWord([], ["algo"])).toBe(false);
});
