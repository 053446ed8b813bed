// The catalogue search's own tables (issue 27, migration 0013, ADR 025). The search documents
// themselves are columns of products and services (search_vector, search_title), kept by
// triggers whatever writes them.
import { sql } from "drizzle-orm";
import { check, customType, date, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/** PostgreSQL's tsvector, read as its text form (it is only ever compared in SQL). */
export const tsvector = customType<{ data: string }>({
  dataType() {
    return "tsvector";
  },
});

/**
 * The shop's own words (titles, brands, levels, presentaciones), normalised, with their
 * spelling folded by sound (search_fold): what a typo is corrected to and '¿Quisiste decir…?'
 * is taken from. Only ever added to by triggers; a word no product uses any longer matches
 * nothing, and refreshSearchWords() clears those.
 */
export const searchWords = pgTable(
  "search_words",
  {
    word: text().primaryKey(),
    folded: text().notNull(),
  },
  (t) => [
    index("search_words_first_letter_idx").on(sql`left(${t.folded}, 1)`, sql`length(${t.folded})`),
    // No pending list: new words go straight into the index (migration 0013, ADR 025).
    index("search_words_word_trgm_idx").using("gin", t.word.op("gin_trgm_ops")).with({ fastupdate: false }),
  ],
);

/** Normalised searches that found nothing, for the owner (/admin/busqueda): no personal data. */
export const searchMisses = pgTable(
  "search_misses",
  {
    query: text().primaryKey(),
    count: integer().notNull().default(1),
    lastSearchedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("search_misses_last_searched_idx").on(t.lastSearchedAt),
    check("search_misses_count_positive", sql`${t.count} > 0`),
  ],
);

/**
 * Each normalised search of a Lima day, with how often it was made and how often it found
 * nothing, for the reports' 'Búsquedas' (issue 49). Only the words, never who searched.
 */
export const searchDays = pgTable(
  "search_days",
  {
    day: date({ mode: "string" }).notNull(),
    query: text().notNull(),
    searches: integer().notNull().default(1),
    misses: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.query] }),
    check("search_days_searches_positive", sql`${t.searches} > 0`),
    check("search_days_misses_within", sql`${t.misses} >= 0 AND ${t.misses} <= ${t.searches}`),
  ],
);
