// Setup for every Vitest file (vitest.config.ts): each worker process has its own DATA_DIR
// (uploads, the outbox, backups, the page cache's files), so two files running at once on the
// two cores never read each other's files. Files in one worker run one after another, as all
// files did before the suite ran in parallel (issue 42).
import path from "node:path";

const base = process.env.DATA_DIR ?? "/tmp/patitas-vitest-data";
const worker = process.env.VITEST_POOL_ID ?? "1";
if (path.basename(base) !== `worker-${worker}`) process.env.DATA_DIR = path.join(base, `worker-${worker}`);
