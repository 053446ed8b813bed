// The owner's synonyms (/admin/busqueda): groups of words a shopper uses for the same thing
// ('champú, shampoo'). Stored normalised like the words they are compared with
// (search-words.ts); the chatbot reads them now, the catalogue search next (issue 27).

// This schema also runs in the browser: zod's own messages in Spanish there too.
import "~/lib/validation";

import { z } from "zod";

import { isSameWord, toSearchPhrase } from "./search-words";

/** One group's terms, normalised: each one a word or a short phrase ('alimento seco'). */
export type SynonymGroup = readonly string[];

export const MAX_SYNONYM_TERMS = 20;
export const MAX_SYNONYM_TERM_LENGTH = 40;
const MAX_SYNONYM_INPUT_LENGTH = 1000;

export const SYNONYMS_TOO_FEW_MESSAGE = "Escribe al menos dos palabras distintas, separadas por comas.";
export const SYNONYMS_TOO_MANY_MESSAGE = `Un grupo puede tener hasta ${MAX_SYNONYM_TERMS} palabras.`;
export const SYNONYM_GROUP_NOT_FOUND_MESSAGE = "El grupo ya no existe. Recarga la página.";

export function synonymTooLongMessage(term: string): string {
  return `"${term}" es demasiado largo: cada palabra puede tener hasta ${MAX_SYNONYM_TERM_LENGTH} caracteres.`;
}

export function synonymTakenMessage(term: string): string {
  return `"${term}" ya está en otro grupo. Edita ese grupo o usa otra palabra.`;
}

/** 'Champú, shampoo, , CHAMPU' -> ['champu', 'shampoo']: normalised, without blanks or repeats. */
export function parseSynonymTerms(raw: string): string[] {
  const terms = raw.split(",").map(toSearchPhrase).filter(Boolean);
  return [...new Set(terms)];
}

/** A group as the owner reads and edits it. */
export function formatSynonymTerms(terms: SynonymGroup): string {
  return terms.join(", ");
}

/** The add and edit forms of a group: one text field, `terms`. */
export const synonymGroupSchema = z.object({
  terms: z
    .string()
    .default("")
    .pipe(z.string().max(MAX_SYNONYM_INPUT_LENGTH, SYNONYMS_TOO_MANY_MESSAGE))
    .transform((raw, ctx) => {
      const terms = parseSynonymTerms(raw);
      const tooLong = terms.find((term) => term.length > MAX_SYNONYM_TERM_LENGTH);
      const message =
        terms.length < 2
          ? SYNONYMS_TOO_FEW_MESSAGE
          : tooLong !== undefined
            ? synonymTooLongMessage(tooLong)
            : terms.length > MAX_SYNONYM_TERMS
              ? SYNONYMS_TOO_MANY_MESSAGE
              : null;
      if (message) ctx.addIssue({ code: "custom", message });
      return terms;
    }),
});

/** Where `term` (its words) sits in `words`, as a run of the same words; -1 when it does not. */
function findRun(words: readonly string[], term: readonly string[]): number {
  for (let start = 0; start + term.length <= words.length; start++) {
    if (term.every((word, offset) => isSameWord(word, words[start + offset]!))) return start;
  }
  return -1;
}

/** The most phrases one phrase turns into: a keyword list stays small in the browser. */
const MAX_VARIANTS = 40;

/**
 * The phrases that mean what `phrase` means: each term of a group found in it (as the same
 * words, plurals and small typos included) replaced by each other term of that group.
 * 'precio croquetas' with 'precio, costo' gives 'costo croquetas'. Not the phrase itself.
 */
export function expandWithSynonyms(phrase: readonly string[], groups: readonly SynonymGroup[]): string[][] {
  const seen = new Set([phrase.join(" ")]);
  const variants: string[][] = [];
  for (const group of groups) {
    const terms = group.map((term) => term.split(" ").filter(Boolean)).filter((term) => term.length > 0);
    for (const term of terms) {
      const start = findRun(phrase, term);
      if (start === -1) continue;
      for (const other of terms) {
        if (other === term) continue;
        const variant = [...phrase.slice(0, start), ...other, ...phrase.slice(start + term.length)];
        const key = variant.join(" ");
        if (seen.has(key)) continue;
        seen.add(key);
        variants.push(variant);
        if (variants.length >= MAX_VARIANTS) return variants;
      }
    }
  }
  return variants;
}
