// Creates a new embedded database (PGlite's initdb) in the directory given, then exits.
//   node scripts/init-embedded-database.js DIR [START_PARAMS_JSON]
// The server runs it as a child process the first time it opens a DATA_DIR
// (app/db/client.server.ts): PGlite's initdb grows its WebAssembly memory far past the server's
// needs, which a process never gives back, so done in the server itself it would stay resident
// until the next restart (ADR 008; bench/README.md, 'A new shop's first npm start').
import { PGlite } from "@electric-sql/pglite";

const [location, startParamsJson] = process.argv.slice(2);
if (!location) {
  console.error("usage: node scripts/init-embedded-database.js DIR [START_PARAMS_JSON]");
  process.exit(2);
}
const startParams = startParamsJson ? JSON.parse(startParamsJson) : PGlite.defaultStartParams;
const db = await PGlite.create(location, { startParams });
await db.query("select 1");
await db.close();
