import { describe, expect, test } from "vitest";

import {
  buildQuerySlots,
  buildTsQuery,
  inflectedForms,
  MAX_QUERY_WORDS,
  readSearchTerms,
  toLeadingWordsPattern,
} from "./catalog-search";

describe("readSearchTerms", () => {
  test("normalises case, accents, apostrophes and punctuation, and drops 'de' or 'para'", () => {
    expect(readSearchTerms("¡Champú  PARA Perro!")).toEqual({ words: ["champu", "perro"], phrase: "champu perro" });
    expect(readSearchTerms("Hill's").phrase).toBe("hills");
    expect(readSearchTerms("para").phrase).toBe("para");
  });

  test("cuts hostile input: length, word count, long words, symbols, NUL, emoji", () => {
    expect(readSearchTerms("gato perro ".repeat(18)).words).toEqual(["gato", "perro"]);
    // Cut at 100 characters: the word the cut goes through is dropped, not searched as a prefix.
    expect(readSearchTerms(`${"gato ".repeat(19)}perrito`).words).toEqual(["gato"]);
    expect(readSearchTerms("a b c d e f g h i j").words).toHaveLength(MAX_QUERY_WORDS);
    expect(readSearchTerms(`${"a".repeat(50)} gato`).words).toEqual(["gato"]);
    expect(readSearchTerms("%_'\"\\;--").words).toEqual([]);
    expect(readSearchTerms("gato\u0000🐱'; DROP TABLE products; --").words).toEqual([
      "gato",
      "drop",
      "table",
      "products",
    ]);
  });
});

describe("buildQuerySlots and buildTsQuery", () => {
  const groups = [
    ["arena", "arena sanitaria"],
    ["gato", "gatito", "felino"],
    ["croquetas", "alimento seco"],
  ];

  test("a synonym's run becomes one slot with the group's other terms", () => {
    const slots = buildQuerySlots(["arena", "sanitaria", "gatitos"], groups);
    expect(slots.map((slot) => slot.alternatives.map((words) => words.join(" ")))).toEqual([
      ["arena sanitaria", "arena"],
      ["gatitos", "gato", "gatito", "felino"],
    ]);
  });

  test("every slot is required; exact keeps the typed words with their plurals, full adds typos and synonyms", () => {
    const slots = buildQuerySlots(["croketas", "gato"], groups);
    const forms = new Map([["croketas", ["croquetas"]]]);
    expect(buildTsQuery(slots, { isExact: true })).toBe("('croketas' | 'croketa') & ('gato' | 'gatos' | 'gatoes')");
    const full = buildTsQuery(slots, { forms });
    expect(full).toContain("'croquetas'");
    expect(full).toContain("'felino'");
    expect(buildTsQuery(slots, { forms, isTypedOnly: true })).not.toContain("felino");
    expect(buildTsQuery(buildQuerySlots(["croq"], []), { prefixWord: "croq" })).toContain("'croq':*");
  });

  test("with weights, every lexeme, prefix and neighbour is matched only there", () => {
    const forms = new Map([["supercan", ["super can"]]]);
    expect(buildTsQuery(buildQuerySlots(["supercan"], []), { forms, prefixWord: "supercan", weights: "ABC" })).toBe(
      "('supercan':ABC | 'supercans':ABC | 'supercanes':ABC | ('super':ABC <-> 'can':ABC) | 'supercan':*ABC)",
    );
  });

  test("a word run together is also searched as its two words side by side ('supercan' -> super <-> can)", () => {
    const forms = new Map([["supercan", ["super can"]]]);
    const slots = buildQuerySlots(["supercan"], []);
    expect(buildTsQuery(slots, { forms })).toBe("('supercan' | 'supercans' | 'supercanes' | ('super' <-> 'can'))");
    expect(buildTsQuery(slots, { forms, isExact: true })).not.toContain("<->");
  });

  test("inflected forms join what the Spanish stemmer keeps apart; numbers stay as typed", () => {
    expect(inflectedForms("collares")).toEqual(["collares", "collare", "collar"]);
    expect(inflectedForms("correa")).toEqual(["correa", "correas", "correaes"]);
    expect(inflectedForms("15")).toEqual(["15"]);
  });

  test("a title's leading words pattern wants them whole and escapes LIKE's wildcards", () => {
    expect(toLeadingWordsPattern("50%_off")).toBe("50\\%\\_off %");
  });
});
