// The shop's words as the search reads them (issue 27, ADR 025, ADR 031): each query word's
// forms (typos, plurals, the last word's completions, words run together, the owner's synonyms)
// and, for '¿Quisiste decir…?', the closest word the shop uses.

import { sql } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { pageTags } from "~/lib/page-cache/page-tags";
import { readShared, readSharedMany } from "~/lib/page-cache/shared-reads.server";

import { query } from "./catalog-search-sql.server";
import type { SynonymGroup } from "./synonyms";

/** The words a query word's typos may be: the same word with two neighbouring letters swapped. */
export function adjacentSwaps(word: string): string[] {
  // By code point: a letter outside the BMP ('𐀀') must not be cut in two halves of a pair.
  const letters = Array.from(word);
  const swaps = new Set<string>();
  // Not the first letter: a typo seldom hits it (and the typo forms keep it, as isSameWord does).
  for (let at = 1; at + 1 < letters.length; at++) {
    if (letters[at] === letters[at + 1]) continue;
    const swapped = [...letters];
    [swapped[at], swapped[at + 1]] = [letters[at + 1]!, letters[at]!];
    swaps.add(swapped.join(""));
  }
  return [...swaps];
}

/** A word typed run together ('supercan', 'proplan') is split into parts of this length or more. */
const MIN_SPLIT_PART = 3;
const MAX_SPLIT_LENGTH = 24;

/**
 * The ways `word` may be two words run together ('supercan' -> 'super can'), each part of
 * three letters or more: the statement keeps those whose parts are both the shop's words.
 */
export function wordSplits(word: string): string[] {
  const letters = Array.from(word);
  if (letters.length < 2 * MIN_SPLIT_PART || letters.length > MAX_SPLIT_LENGTH || /\d/.test(word)) return [];
  const splits: string[] = [];
  for (let at = MIN_SPLIT_PART; at + MIN_SPLIT_PART <= letters.length; at++) {
    splits.push(`${letters.slice(0, at).join("")} ${letters.slice(at).join("")}`);
  }
  return splits;
}

/** A query word of this length may have one typo; of TWO_TYPOS_LENGTH, two. */
const ONE_TYPO_LENGTH = 4;
const TWO_TYPOS_LENGTH = 9;

/**
 * The owner's synonym groups, and the shop's words each of `words` may stand for: a typo of it
 * (one from five letters, two from nine, a swap of two neighbouring letters counting as one;
 * never on the first sound) when the word is not the shop's own, the words `prefixWord` (the
 * last, perhaps unfinished) may be the start of, typos included; and when a word is not the
 * shop's but two of its words run together, those two ('super can', searched as neighbours).
 * Each word's forms are kept in memory (ADR 043) until a product, a catalogue level or a
 * synonym changes: shoppers' searches share their words, and a word's forms are the same in
 * any query. The words not kept are looked up in one statement.
 */
export async function findWordForms(
  words: string[],
  prefixWord: string | undefined,
): Promise<{ groups: readonly SynonymGroup[]; forms: Map<string, readonly string[]> }> {
  const db = getDb();
  const keyOf = (word: string) => `word-forms:${word === prefixWord ? "start" : "whole"}:${word}`;
  const wordOf = new Map(words.map((word) => [keyOf(word), word]));
  const [groups, byKey] = await Promise.all([
    readShared(db, "synonym-groups", [pageTags.productListings], () =>
      query<{ terms: SynonymGroup }>(sql`SELECT terms FROM search_synonyms ORDER BY id`).then((rows) =>
        rows.map((row) => row.terms),
      ),
    ),
    readSharedMany(db, [...wordOf.keys()], VOCABULARY_TAGS, async (missing) => {
      const looked = missing.map((key) => wordOf.get(key)!);
      const found = await lookUpWordForms(looked, looked.includes(prefixWord ?? "") ? prefixWord : undefined);
      return new Map(missing.map((key) => [key, found.get(wordOf.get(key)!) ?? []]));
    }),
  ]);
  const forms = new Map<string, readonly string[]>();
  for (const [key, wordForms] of byKey) if (wordForms.length > 0) forms.set(wordOf.get(key)!, wordForms);
  return { groups, forms };
}

/** What changes the shop's words: a product, a catalogue level or a service saved (their triggers). */
const VOCABULARY_TAGS = ["product:*", "catalog:*", pageTags.productListings];

/** findWordForms' statement for the words not kept: each word's forms, then its splits. */
async function lookUpWordForms(words: string[], prefixWord: string | undefined): Promise<Map<string, string[]>> {
  const lookups = words.map((word) => ({
    word,
    swaps: Array.from(word).length >= ONE_TYPO_LENGTH ? adjacentSwaps(word) : [],
  }));
  // Only the words that may be two run together: most queries send none. The last word too: a
  // shopper who presses Enter on 'supercan' has finished it.
  const splitLookups = words
    .map((word) => ({ word, splits: wordSplits(word) }))
    .filter((lookup) => lookup.splits.length > 0);
  const [row] = await query<{ forms: [string, string][]; splits: [string, string][] }>(sql`
    SELECT (SELECT coalesce(json_agg(json_build_array(q.word, s.split) ORDER BY q.word, s.split), '[]'::json)
        FROM jsonb_to_recordset(${JSON.stringify(splitLookups)}::jsonb) AS q(word text, splits text[])
        CROSS JOIN unnest(q.splits) AS s(split)
        JOIN search_words a ON a.word = split_part(s.split, ' ', 1)
        JOIN search_words b ON b.word = split_part(s.split, ' ', 2)
        WHERE NOT EXISTS (SELECT 1 FROM search_words e WHERE e.word = q.word)) AS splits,
      (SELECT coalesce(json_agg(json_build_array(q.word, w.word) ORDER BY q.word, w.rank), '[]'::json)
    FROM jsonb_to_recordset(${JSON.stringify(lookups)}::jsonb) AS q(word text, swaps text[])
    CROSS JOIN LATERAL (
      SELECT search_fold(q.word) AS folded, q.word = ${prefixWord ?? ""} AS is_prefix,
        EXISTS (SELECT 1 FROM search_words e WHERE e.word = q.word) AS is_known,
        (SELECT coalesce(array_agg(search_fold(s)), '{}') FROM unnest(q.swaps) AS s) AS swapped,
        CASE WHEN length(q.word) >= ${TWO_TYPOS_LENGTH} THEN 2 WHEN length(q.word) >= ${ONE_TYPO_LENGTH} THEN 1
          ELSE 0 END AS typos
    ) AS f
    CROSS JOIN LATERAL (
      SELECT c.word, row_number() OVER (ORDER BY min(c.distance), length(c.word), c.word) AS rank
      FROM (
        SELECT c.word, CASE WHEN c.compared = ANY(f.swapped) THEN 1
          ELSE levenshtein_less_equal(c.compared, f.folded, f.typos) END AS distance, c.typos
        FROM (
          -- The word whole, when it is not the shop's: 'bebedro' is bebedero.
          SELECT w.word, w.folded AS compared,
            CASE WHEN length(w.word) >= ${TWO_TYPOS_LENGTH} THEN f.typos
              WHEN length(w.word) >= ${ONE_TYPO_LENGTH} THEN least(f.typos, 1) ELSE 0 END AS typos
          FROM search_words w
          WHERE NOT f.is_known AND left(w.folded, 1) = left(f.folded, 1) AND w.word <> q.word
            AND length(w.folded) BETWEEN length(f.folded) - f.typos AND length(f.folded) + f.typos
          UNION ALL
          -- The last word as the start of one, typos included: 'croke' begins croquetas.
          SELECT w.word, left(w.folded, length(f.folded)), f.typos
          FROM search_words w
          WHERE f.is_prefix AND left(w.folded, 1) = left(f.folded, 1) AND w.word <> q.word
            AND length(w.folded) >= length(f.folded) - f.typos AND NOT starts_with(w.word, q.word)
        ) AS c
      ) AS c
      WHERE c.distance <= c.typos
      GROUP BY c.word
      ORDER BY rank
      LIMIT 8
    ) AS w
    WHERE length(q.word) >= 2 AND q.word !~ '[0-9]' AND (f.is_prefix OR NOT f.is_known)) AS forms`);
  const forms = new Map<string, string[]>();
  for (const [word, form] of [...(row?.forms ?? []), ...(row?.splits ?? [])]) {
    forms.set(word, [...(forms.get(word) ?? []), form]);
  }
  return forms;
}

/**
 * The shop's word closest to each of `words` that is not one of its words: the same first
 * sound within two edits (one below six letters), else the most similar by trigrams. Each
 * word's answer is kept in memory like its forms (ADR 043), until the shop's words change: a
 * search that finds little asks it for every word, and shoppers' misspellings repeat.
 */
export async function findClosestWords(words: string[]): Promise<string[]> {
  const keyOf = (word: string) => `closest-word:${word}`;
  const closest = await readSharedMany(getDb(), words.map(keyOf), VOCABULARY_TAGS, async (missing) => {
    const looked = missing.map((key) => key.slice(keyOf("").length));
    const found = await lookUpClosestWords(looked);
    return new Map(missing.map((key, index) => [key, found[index]!]));
  });
  return words.map((word) => closest.get(keyOf(word))!);
}

/** findClosestWords' statement for the words not kept: each word's closest, in their order. */
async function lookUpClosestWords(words: string[]): Promise<string[]> {
  const rows = await query<{ word: string }>(sql`
    SELECT coalesce(CASE WHEN EXISTS (SELECT 1 FROM search_words e WHERE e.word = q.word) OR q.word ~ '[0-9]'
      OR length(q.word) < 3 THEN q.word END, (
        SELECT c.word FROM (
          SELECT w.word, w.folded FROM search_words w
          WHERE left(w.folded, 1) = left(search_fold(q.word), 1)
            AND levenshtein_less_equal(w.folded, search_fold(q.word), 2)
              <= CASE WHEN length(q.word) >= 6 THEN 2 ELSE 1 END
          UNION
          SELECT w.word, w.folded FROM search_words w WHERE w.word % q.word
        ) AS c
        ORDER BY levenshtein(c.folded, search_fold(q.word)), similarity(c.word, q.word) DESC, c.word
        LIMIT 1), q.word) AS word
    FROM jsonb_array_elements_text(${JSON.stringify(words)}::jsonb) WITH ORDINALITY AS q(word, position)
    ORDER BY q.position`);
  return rows.map((row) => row.word);
}
