// The import's batched SQL: rows in batches, and one UPDATE per batch from a VALUES list.
import { type SQL, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

// Rows per statement: 500 rows of 14 fields stay far below PostgreSQL's 65,535 parameters.
const BATCH_SIZE = 500;

export function inBatches<T>(items: T[]): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += BATCH_SIZE) batches.push(items.slice(start, start + BATCH_SIZE));
  return batches;
}

/**
 * `(VALUES (id, …), …) AS v(id, …)` and the SET list reading from it: one UPDATE per batch
 * instead of one per row, so re-pricing a whole catalogue takes seconds, not minutes.
 */
export function batchUpdate<Field extends string>(
  types: Record<Field, string>,
  rows: ({ id: number } & Record<NoInfer<Field>, unknown>)[],
): { set: Record<Field, SQL>; from: SQL } {
  const fields = Object.keys(types) as Field[];
  const tuples = rows.map(
    (row) =>
      sql`(${sql.join(
        [sql`${row.id}::integer`, ...fields.map((field) => sql`${row[field]}::${sql.raw(types[field])}`)],
        sql`, `,
      )})`,
  );
  const names = ["id", ...fields].map((name) => `"${name}"`).join(", ");
  const set = Object.fromEntries(fields.map((field) => [field, sql.raw(`v."${field}"`)])) as Record<Field, SQL>;
  return { set, from: sql`(values ${sql.join(tuples, sql`, `)}) as v(${sql.raw(names)})` };
}
