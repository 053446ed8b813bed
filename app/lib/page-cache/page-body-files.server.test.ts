import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, describe, expect, test } from "vitest";

import { openPageBodyFiles } from "./page-body-files.server";
import { createPageCache } from "./page-cache.server";

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

function newRoot(): string {
  const root = mkdtempSync(path.join(tmpdir(), "page-bodies-"));
  roots.push(root);
  return root;
}

const waitFor = async (condition: () => boolean) => {
  for (let tries = 0; tries < 200 && !condition(); tries++) await new Promise((resolve) => setTimeout(resolve, 5));
  return condition();
};

describe("openPageBodyFiles", () => {
  test("keeps each copy in a file of the instance's own folder, and reads it back", async () => {
    const files = openPageBodyFiles(newRoot());
    const copy = await files.keep(Buffer.from("<h1>S/ 60.00</h1>"));
    expect(copy.byteLength).toBe(17);
    expect(copy.read().toString()).toBe("<h1>S/ 60.00</h1>");
    const [name] = readdirSync(files.folder);
    expect(readFileSync(path.join(files.folder, name!), "utf8")).toBe("<h1>S/ 60.00</h1>");
    files.close();
    expect(existsSync(files.folder)).toBe(false);
  });

  test("a released copy's file is removed after the delay, not before", async () => {
    const files = openPageBodyFiles(newRoot(), { releaseDelayMs: 50 });
    const copy = await files.keep(Buffer.from("uno"));
    copy.release?.();
    expect(copy.read().toString()).toBe("uno");
    expect(await waitFor(() => readdirSync(files.folder).length === 0)).toBe(true);
    expect(() => copy.read()).toThrow();
    files.close();
  });

  test("the copies read again stay in memory, within their bound: a hot page is not read from its file again", async () => {
    const files = openPageBodyFiles(newRoot(), { hotBytes: 10 });
    const home = await files.keep(Buffer.from("inicio"));
    const other = await files.keep(Buffer.from("catalogo"));
    const first = home.read();
    const second = home.read();
    // Read once (the render's own answer, a crawler), a copy is not kept: read twice, it is.
    expect(second).not.toBe(first);
    expect(home.read()).toBe(second);
    expect(other.read().toString()).toBe("catalogo");
    for (const name of readdirSync(files.folder)) rmSync(path.join(files.folder, name));
    expect(home.read().toString()).toBe("inicio");
    // The copy read once was not kept: its file is read again (here: gone).
    expect(() => other.read()).toThrow();
    const third = await files.keep(Buffer.from("producto"));
    expect(third.read().toString()).toBe("producto");
    expect(third.read().toString()).toBe("producto");
    // Past the bound the older copy leaves memory.
    expect(() => home.read()).toThrow();
    files.close();
  });

  test("two instances on one DATA_DIR get their own folders; an abandoned folder is removed at start", async () => {
    const root = newRoot();
    const abandoned = path.join(root, "1234-old");
    mkdirSync(abandoned);
    const longAgo = new Date(Date.now() - 7 * 60 * 60_000);
    utimesSync(abandoned, longAgo, longAgo);
    const first = openPageBodyFiles(root);
    const second = openPageBodyFiles(root);
    expect(first.folder).not.toBe(second.folder);
    expect(existsSync(abandoned)).toBe(false);
    expect(existsSync(first.folder)).toBe(true);
    await first.keep(Buffer.from("a"));
    await second.keep(Buffer.from("b"));
    expect(readdirSync(first.folder)).toHaveLength(1);
    expect(readdirSync(second.folder)).toHaveLength(1);
  });

  test("a folder removed under a live instance is made again by its next write", async () => {
    const files = openPageBodyFiles(newRoot());
    rmSync(files.folder, { recursive: true });
    const copy = await files.keep(Buffer.from("otra vez"));
    expect(copy.read().toString()).toBe("otra vez");
  });
});

test("the page cache's evicted pages leave no file behind, and its bound counts the files' bytes", async () => {
  const files = openPageBodyFiles(newRoot(), { releaseDelayMs: 20 });
  const cache = createPageCache({ maxBytes: 16_000, maxEntryBytes: 8_000, keep: files.keep });
  // Random text: it does not compress, so each page costs some 2 KB of files per copy.
  const body = () => Buffer.from(Array.from({ length: 3000 }, () => Math.random().toString(36)[2]).join(""));
  for (let id = 1; id <= 6; id++) {
    await cache.getOrRender(`/producto/${id}`, async () => ({
      status: 200,
      headers: { "content-type": "text/html" },
      body: body(),
      tags: [`product:${id}`],
    }));
  }
  const { entries } = cache.stats();
  expect(entries).toBeGreaterThan(1);
  expect(entries).toBeLessThan(6);
  expect(await waitFor(() => readdirSync(files.folder).length === entries * 2)).toBe(true);
  expect(cache.get("/producto/6", "br")?.variant.body.byteLength).toBeGreaterThan(1000);
  files.close();
});
