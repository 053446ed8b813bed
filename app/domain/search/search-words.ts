// How a shopper's words are compared with the shop's: the chatbot's keywords (issue 25 item 8)
// and the catalogue search (issue 27) read text the same way. Pure and small: it runs in the
// browser inside the chatbot's chunk.
import { normalizeForSearch } from "~/lib/text";

/** Lower case, no accents, punctuation as spaces: '¿Dónde están?' -> ['donde', 'estan']. */
export function toSearchWords(text: string): string[] {
  return normalizeForSearch(text)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .split(" ")
    .filter(Boolean);
}

/** The words of `text` joined by one space: how a keyword or a synonym is compared. */
export function toSearchPhrase(text: string): string {
  return toSearchWords(text).join(" ");
}

// Below three letters a stem or a typo is no longer the same word ('la' is not 'las').
const MIN_STEM_LENGTH = 3;

/**
 * The word and the singulars it may be the plural of: 'perros' -> perro, 'direcciones' ->
 * direccion, 'peces' -> pez. Light on purpose: two words match when these lists meet, so a
 * wrong guess ('juguetes' -> juguet) only adds a form nothing else has.
 */
export function singularForms(word: string): string[] {
  const forms = [word];
  if (!word.endsWith("s") || /\d/.test(word)) return forms;
  const add = (form: string) => {
    if (form.length >= MIN_STEM_LENGTH) forms.push(form);
  };
  add(word.slice(0, -1));
  if (word.endsWith("es")) add(word.slice(0, -2));
  if (word.endsWith("ces")) add(`${word.slice(0, -3)}z`);
  return forms;
}

/**
 * How a word sounds rather than how it is spelt, for typos: b/v, ll/y, z/ce/ci, a silent h
 * and a final y are written either way in Peru ('orario', 'delivri', 'cepiyo').
 */
export function foldSpelling(word: string): string {
  return word
    .replace(/ll/g, "y")
    .replace(/v/g, "b")
    .replace(/z/g, "s")
    .replace(/c([ei])/g, "s$1")
    .replace(/(^|[^c])h/g, "$1")
    .replace(/y$/, "i");
}

/** Damerau–Levenshtein distance (optimal string alignment), giving up past `limit`. */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMinimum = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, beforePrevious[j - 2]! + 1);
      }
      current.push(value);
      rowMinimum = Math.min(rowMinimum, value);
    }
    if (rowMinimum > limit) return limit + 1;
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/** The typos allowed between two words: none below five letters, one from five, two from nine. */
function allowedTypos(a: string, b: string): number {
  const shorter = Math.min(a.length, b.length);
  if (shorter >= 9) return 2;
  return shorter >= 5 ? 1 : 0;
}

/** A normalised word read once for many comparisons (isSamePreparedWord). */
export type PreparedWord = {
  readonly word: string;
  readonly hasDigit: boolean;
  readonly singulars: readonly string[];
  readonly folded: string;
};

export function prepareWord(word: string): PreparedWord {
  return { word, hasDigit: /\d/.test(word), singulars: singularForms(word), folded: foldSpelling(word) };
}

/** isSameWord of two words read once: a query's words against every synonym's, say. */
export function isSamePreparedWord(a: PreparedWord, b: PreparedWord): boolean {
  if (a.word === b.word) return true;
  if (a.hasDigit || b.hasDigit) return false;
  if (a.singulars.some((form) => b.singulars.includes(form))) return true;
  if (Math.min(a.word.length, b.word.length) < MIN_STEM_LENGTH) return false;
  // A typo seldom hits the first letter, and allowing it there would make 'gatos' 'patos'.
  if (a.folded[0] !== b.folded[0]) return false;
  const typos = allowedTypos(a.word, b.word);
  return editDistance(a.folded, b.folded, typos) <= typos;
}

/**
 * Whether two normalised words (toSearchWords) are the same word for a shopper: equal, one
 * the plural of the other, or the same but for a small typo (allowedTypos, after the first
 * letter, spelling folded). Numbers must be equal.
 */
export function isSameWord(a: string, b: string): boolean {
  return a === b || isSamePreparedWord(prepareWord(a), prepareWord(b));
}

/** Whether every word of `phrase` is the same word as some word of `words`. */
export function hasEveryWord(phrase: readonly string[], words: readonly string[]): boolean {
  return phrase.length > 0 && phrase.every((wanted) => words.some((word) => isSameWord(wanted, word)));
}
