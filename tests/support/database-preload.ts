// Setup for the integration files only (vitest.config.ts): the file's database starts loading
// from the run's migrated dump at once, before the test file's own modules are fetched and
// imported, instead of after them in its beforeAll. PGlite's start (about half a second) then
// overlaps the imports, whose transforms run in Vitest's main process on the other core.
// setUpTestDatabase takes it; a file that wants no migrated PGlite (a migration's own test,
// or one that opens its databases itself) leaves it, and it is closed after the file.
import { afterAll, inject } from "vitest";

import { type DatabaseHandle, openDatabase } from "~/db/client.server";

import { readPgliteDump } from "./database-template";

let preloaded: Promise<DatabaseHandle> | undefined;

if (!process.env.TEST_DATABASE_URL) {
  const templates = inject("databaseTemplates");
  if (templates.driver === "pglite") {
    preloaded = readPgliteDump(templates.migratedDump).then((dump) =>
      openDatabase({ dataDir: "memory://", loadDataDir: dump }),
    );
    // Not awaited here: a failure is reported by the file that takes it.
    preloaded.catch(() => {});
  }
}

/** The migrated PGlite loading since the file started, once; undefined when there is none (PostgreSQL, or taken). */
export function takePreloadedDatabase(): Promise<DatabaseHandle> | undefined {
  const taken = preloaded;
  preloaded = undefined;
  return taken;
}

afterAll(async () => {
  const unused = takePreloadedDatabase();
  if (unused) await (await unused).close();
});
