-- Trigram indexes make the catalogue's substring search (LIKE '%term%') use an index.
-- pg_trgm is a trusted extension (PostgreSQL 13+); PGlite loads it in openDatabase().
CREATE EXTENSION IF NOT EXISTS pg_trgm;
