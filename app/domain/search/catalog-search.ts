// The catalogue search's reading of a query (issue 27, ADR 025): pure, so that its rules are
// tested without a database. The query's words, each with the forms it may take (the owner's
// synonyms, the shop's words a typo may stand for), become PostgreSQL text-search queries.
import { MAX_QUERY_LENGTH } from "./query-length";
import { isSamePreparedWord, type PreparedWord, prepareWord, singularForms, toSearchWords } from "./search-words";
import type { SynonymGroup } from "./synonyms";

/** A shopper's query is cut to this many words (and MAX_QUERY_LENGTH characters) before anything else. */
export const MAX_QUERY_WORDS = 8;
/** Longer 'words' are noise (a pasted URL, a key held down): they are dropped. */
const MAX_WORD_LENGTH = 40;
/** Instant results start from two letters. */
export const MIN_INSTANT_LENGTH = 2;

export type SearchKind = "products" | "services";

/** A query as the engine reads it: its normalised words, and them joined by one space. */
export type SearchTerms = { words: string[]; phrase: string };

/**
 * Words that never name a product: a query does not require them ('shampoo para perro').
 * Few on purpose: PostgreSQL's Spanish list also drops 'sobre' (a pouch of cat food).
 */
const QUERY_STOP_WORDS = new Set(
  "a al con de del el en la las lo los mi mis o para por su sus tu tus un una unos unas y".split(" "),
);

/** A query longer than MAX_QUERY_LENGTH loses its tail, and the word the cut went through. */
function cutToLength(raw: string): string {
  if (raw.length <= MAX_QUERY_LENGTH) return raw;
  const cut = raw.slice(0, MAX_QUERY_LENGTH);
  return /\s/.test(raw[MAX_QUERY_LENGTH]!) ? cut : cut.replace(/\S*$/, "");
}

/**
 * "¡Croquetas  ROYAL-Canin!" -> croquetas royal canin; "Hill's" -> hills; at most 8 words of up
 * to 40 letters, each once ('gato gato' asks no more than 'gato'), words like 'de' or 'para'
 * left out unless nothing else was typed.
 */
export function readSearchTerms(raw: string): SearchTerms {
  const all = toSearchWords(cutToLength(raw).replace(/['’]/g, "")).filter((word) => word.length <= MAX_WORD_LENGTH);
  const meaningful = all.filter((word) => !QUERY_STOP_WORDS.has(word));
  const words = [...new Set(meaningful.length > 0 ? meaningful : all)].slice(0, MAX_QUERY_WORDS);
  return { words, phrase: words.join(" ") };
}

/**
 * The forms a word is searched in: itself, the singulars it may be the plural of and its
 * plurals. The Spanish stemmer alone does not join them ('collar' -> coll, 'collares' ->
 * collar; 'correa' -> corre, 'correas' -> corr).
 */
export function inflectedForms(word: string): string[] {
  if (/\d/.test(word) || word.length < 3) return [word];
  const forms = word.endsWith("s") ? singularForms(word) : [word, `${word}s`, `${word}es`];
  return [...new Set(forms)];
}

/**
 * One word of the query, or a run of them that a synonym group names: the query's result
 * must match one of its alternatives (each a list of words, all of which must match).
 * `original` is the run as typed, the only alternative an all-words match counts.
 */
export type QuerySlot = { original: string[]; alternatives: string[][] };

/** Where `term` sits in `words` as a run of the same words (plurals, small typos), or -1. */
function findRun(words: readonly PreparedWord[], term: readonly PreparedWord[], taken: readonly boolean[]): number {
  for (let start = 0; start + term.length <= words.length; start++) {
    const isFree = term.every((_, offset) => !taken[start + offset]);
    if (isFree && term.every((word, offset) => isSamePreparedWord(word, words[start + offset]!))) return start;
  }
  return -1;
}

type GroupTerm = { group: SynonymGroup; term: string[]; prepared: PreparedWord[] };

/**
 * The groups' terms, longest first, each word read once (prepareWord): per list of groups, as
 * the search keeps that list (ADR 063) until a synonym changes, not at every query.
 */
const termsOfGroups = new WeakMap<readonly SynonymGroup[], readonly GroupTerm[]>();

function groupTerms(groups: readonly SynonymGroup[]): readonly GroupTerm[] {
  let terms = termsOfGroups.get(groups);
  if (!terms) {
    terms = groups
      .flatMap((group) => group.map((term) => ({ group, term: term.split(" ").filter(Boolean) })))
      .filter(({ term }) => term.length > 0)
      .sort((a, b) => b.term.length - a.term.length)
      .map(({ group, term }) => ({ group, term, prepared: term.map(prepareWord) }));
    termsOfGroups.set(groups, terms);
  }
  return terms;
}

/**
 * The query's slots, in the order typed: a run of words that a group's term names gets the
 * group's other terms as alternatives ('arena gato' with 'arena, arena sanitaria' ->
 * [arena | arena sanitaria] [gato]); longer terms are tried first, a word joins one run.
 */
export function buildQuerySlots(words: readonly string[], groups: readonly SynonymGroup[]): QuerySlot[] {
  const taken = words.map(() => false);
  const runs: { start: number; length: number; alternatives: string[][] }[] = [];
  const preparedWords = words.map(prepareWord);
  for (const { group, term, prepared } of groupTerms(groups)) {
    const start = findRun(preparedWords, prepared, taken);
    if (start === -1) continue;
    for (let offset = 0; offset < term.length; offset++) taken[start + offset] = true;
    const original = words.slice(start, start + term.length);
    const others = group.map((other) => other.split(" ").filter(Boolean)).filter((other) => other.length > 0);
    const alternatives = [original, ...others.filter((other) => other.join(" ") !== original.join(" "))];
    runs.push({ start, length: term.length, alternatives });
  }
  const slots: { start: number; slot: QuerySlot }[] = runs.map((run) => ({
    start: run.start,
    slot: { original: run.alternatives[0]!, alternatives: run.alternatives },
  }));
  words.forEach((word, index) => {
    const original = [word];
    if (!taken[index]) slots.push({ start: index, slot: { original, alternatives: [original] } });
  });
  return slots.sort((a, b) => a.start - b.start).map(({ slot }) => slot);
}

/**
 * The shop's words a query word may stand for (typos, or completions of the last word, which
 * may be unfinished, or two words it runs together: 'super can'), keyed by the query word.
 */
export type WordForms = ReadonlyMap<string, readonly string[]>;

/**
 * The document's weights that name a product or service: its title (A), brand (B) and levels
 * (C). Its presentaciones and description (D) only describe it: 'cola de cuerda' in a toy's
 * description says nothing about collars.
 */
export const NAME_WEIGHTS = "ABC";

// The words reach to_tsquery quoted; toSearchWords leaves only letters and digits, and this
// keeps it so whatever calls these functions. `label` is what follows the colon: '*' for a
// prefix, weights to match only there.
function toLexeme(word: string, label = ""): string {
  return `'${word.replace(/[^\p{L}\p{N}]/gu, "")}'${label ? `:${label}` : ""}`;
}

function joinAlternatives(parts: readonly string[]): string {
  return parts.length === 1 ? parts[0]! : `(${parts.join(" | ")})`;
}

/**
 * A form's alternatives: a word in its inflected forms, or two words ('super can', split from
 * 'supercan') as neighbours, in that order.
 */
function formQuery(form: string, weights: string): string[] {
  const words = form.split(" ").filter(Boolean);
  if (words.length === 1) return inflectedForms(form).map((inflected) => toLexeme(inflected, weights));
  return [`(${words.map((word) => toLexeme(word, weights)).join(" <-> ")})`];
}

/**
 * The to_tsquery text of the query (config search_spanish): every slot must match. With
 * `isExact`, only the words as typed (and their plurals or singulars); otherwise also their
 * typo forms and, with `prefixWord`, anything starting with that word; and unless
 * `isTypedOnly`, their synonyms. With `weights` (NAME_WEIGHTS), only where those weights are.
 */
export function buildTsQuery(
  slots: readonly QuerySlot[],
  options: {
    forms?: WordForms;
    prefixWord?: string | undefined;
    isExact?: boolean;
    isTypedOnly?: boolean;
    weights?: string;
  },
): string {
  const weights = options.weights ?? "";
  const wordQuery = (word: string, isTyped: boolean) => {
    const parts = inflectedForms(word).map((form) => toLexeme(form, weights));
    if (!options.isExact && isTyped) {
      for (const form of options.forms?.get(word) ?? []) parts.push(...formQuery(form, weights));
      if (word === options.prefixWord) parts.push(toLexeme(word, `*${weights}`));
    }
    return joinAlternatives([...new Set(parts)]);
  };
  return slots
    .map((slot) => {
      const alternatives = options.isExact || options.isTypedOnly ? [slot.original] : slot.alternatives;
      return joinAlternatives(
        alternatives.map((words) => {
          const isTyped = words === slot.original;
          const parts = words.map((word) => wordQuery(word, isTyped));
          return parts.length === 1 ? parts[0]! : `(${parts.join(" & ")})`;
        }),
      );
    })
    .join(" & ");
}

/**
 * A LIKE pattern for a title, with a space appended, whose first words are `phrase`, whole:
 * 'pelo' begins 'pelo largo ' but not 'pelota '. Normalised words hold no wildcards; they are
 * escaped all the same.
 */
export function toLeadingWordsPattern(phrase: string): string {
  return `${phrase.replace(/[\\%_]/g, (char) => `\\${char}`)} %`;
}

/** How many results make a search 'little found', worth a '¿Quisiste decir…?'. */
export const FEW_RESULTS = 3;
