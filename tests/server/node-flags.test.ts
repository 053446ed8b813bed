import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { SERVER_NODE_FLAGS } from "../../scripts/server-node-flags.js";
import { projectRoot } from "../support/server-process";

// The tests and the benchmarks start the server with SERVER_NODE_FLAGS; package.json cannot
// import them, so this keeps `npm start` on the same flags.
test("npm start runs the server with the Node flags the tests and the benchmarks use", () => {
  const packageJson = JSON.parse(readFileSync(path.join(projectRoot, "package.json"), "utf8"));
  expect(SERVER_NODE_FLAGS).toContain("--v8-pool-size=1");
  expect(packageJson.scripts.start).toBe(`node ${SERVER_NODE_FLAGS.join(" ")} scripts/start.js`);
});
