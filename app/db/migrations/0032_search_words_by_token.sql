-- The same vocabulary, found by splitting the texts at their spaces and normalising each
-- distinct piece once, instead of normalising every text whole. Normalising works letter by
-- letter and a space is never a letter, so a text's words are the words of its pieces; the
-- catalogue's 40,000 texts at 10,000 products hold some 150 distinct pieces, and the daily
-- rebuild (refreshSearchWords) went from 1-1.9 s to about 0.1 s, a pause every page waited
-- through on the embedded database (bench/history.md, twenty-first session). Each word is
-- folded once, after DISTINCT, not once per occurrence.
CREATE OR REPLACE FUNCTION search_words_add(sources text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "search_words" ("word", "folded")
  SELECT w, search_fold(w)
  FROM (
    SELECT DISTINCT w
    FROM (SELECT DISTINCT piece FROM unnest(sources) AS s, string_to_table(s, ' ') AS piece) AS pieces,
      regexp_split_to_table(search_normalize(piece), ' ') AS w
    WHERE length(w) BETWEEN 2 AND 40 AND w !~ '[0-9]'
  ) AS words
  ON CONFLICT DO NOTHING
$$;
