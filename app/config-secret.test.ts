import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { expect, test, vi } from "vitest";

import { readConfig, resolveAuthSecret } from "./config.server";

// Two instances starting at once on one DATA_DIR both find no secret, and both write one.
// existsSync answering "no" for a file that exists is the moment the second one is in.
vi.mock("node:fs", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:fs")>();
  return {
    ...actual,
    existsSync: (file: string) => (String(file).endsWith("auth-secret") ? false : actual.existsSync(file)),
  };
});

test("the instance that comes second keeps the first one's secret, and leaves no file behind", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "patitas-secret-"));
  const config = readConfig({ DATA_DIR: dataDir });
  const first = resolveAuthSecret(config);
  expect(readFileSync(path.join(dataDir, "auth-secret"), "utf8").trim()).toBe(first);

  expect(resolveAuthSecret(config)).toBe(first);
  expect(readdirSync(dataDir)).toEqual(["auth-secret"]);
  writeFileSync(path.join(dataDir, "auth-secret"), "otro-secreto-de-la-otra-instancia\n");
  expect(resolveAuthSecret(config)).toBe("otro-secreto-de-la-otra-instancia");
});
