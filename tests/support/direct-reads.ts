// Setup for every Vitest file (vitest.config.ts). Most tests write the shop's settings, payment
// methods and districts straight into their database, as no request would, and read them back
// at once: they run without the values kept in memory (lib/page-cache/shared-reads.server.ts,
// ADR 043). shared-reads.server.test.ts and shared-reads-writes.test.ts turn the store back on
// and check that every write through the shop's own code drops what it changes.
import { setSharedReadsEnabled } from "~/lib/page-cache/shared-reads.server";

setSharedReadsEnabled(false);
