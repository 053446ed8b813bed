// The statements a page runs on every request, built once (ADR 043). Drizzle builds a query's
// SQL from its objects on every call, a measurable part of a page's time (bench/README.md,
// issue 47): a prepared one keeps its SQL and its mapping, and on PostgreSQL the server keeps
// its plan per connection. One per database (a test opens many).
import { type Database, getDb } from "./client.server";

/** `build(db)` once per database; the prepared statement of the database open now. */
export function preparedPerDatabase<T>(build: (db: Database) => T): () => T {
  const byDatabase = new WeakMap<Database, T>();
  return () => {
    const db = getDb();
    let prepared = byDatabase.get(db);
    if (!prepared) {
      prepared = build(db);
      byDatabase.set(db, prepared);
    }
    return prepared;
  };
}
