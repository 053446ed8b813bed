import { readFileSync } from "node:fs";
import path from "node:path";

import { expect, test } from "vitest";

import { NPM_START_COMMAND, SERVER_ENV, SERVER_NODE_FLAGS } from "../../scripts/server-node-flags.js";
import { projectRoot } from "../support/server-process";

// The tests and the benchmarks start the server with SERVER_NODE_FLAGS and SERVER_ENV;
// package.json cannot import them, so this keeps `npm start` on the same ones.
test("npm start runs the server with the Node flags and environment the tests and the benchmarks use", () => {
  const packageJson = JSON.parse(readFileSync(path.join(projectRoot, "package.json"), "utf8"));
  expect(SERVER_NODE_FLAGS).toEqual([
    "--v8-pool-size=1",
    "--max-old-space-size=512",
    "--max-semi-space-size=4",
    "--heap-growing-percent=15",
  ]);
  expect(SERVER_ENV).toEqual({ MALLOC_MMAP_THRESHOLD_: "131072", MALLOC_ARENA_MAX: "2" });
  expect(packageJson.scripts.start).toBe(NPM_START_COMMAND);
  expect(packageJson.scripts.start).toBe(
    "MALLOC_MMAP_THRESHOLD_=131072 MALLOC_ARENA_MAX=2 node --v8-pool-size=1 --max-old-space-size=512 --max-semi-space-size=4 --heap-growing-percent=15 scripts/start.js",
  );
});
