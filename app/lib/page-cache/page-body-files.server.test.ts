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

/** Every copy in a file, however small (the tests of the files themselves). */
const inFiles = { smallCopyBytes: 0 };

describe("openPageBodyFiles", () => {
  test("a small copy stays in memory, within its bound; beyond it, or larger, it goes to a file", async () => {
    const files = openPageBodyFiles(newRoot(), { smallCopyBytes: 8, smallCopiesBytes: 12 });
    const instant = await files.keep(Buffer.from("[1,2,3]"));
    const other = await files.keep(Buffer.from("[4,5]"));
    expect(readdirSync(files.folder)).toEqual([]);
    // Past the bound (7 + 5 bytes held), and a larger copy: files.
    const third = await files.keep(Buffer.from("[6]"));
    const page = await files.keep(Buffer.from("<h1>S/ 60.00</h1>"));
    expect(readdirSync(files.folder)).toHaveLength(2);
    expect([instant, other, third, page].map((copy) => copy.read().toString())).toEqual([
      "[1,2,3]",
      "[4,5]",
      "[6]",
      "<h1>S/ 60.00</h1>",
    ]);
    // A released small copy makes room for the next.
    other.release?.();
    await files.keep(Buffer.from("[7,8]"));
    expect(readdirSync(files.folder)).toHaveLength(2);
    files.close();
  });

  test("keeps each copy in a file of the instance's own folder, and reads it back", async () => {
    const files = openPageBodyFiles(newRoot(), inFiles);
    const copy = await files.keep(Buffer.from("<h1>S/ 60.00</h1>"));
    expect(copy.byteLength).toBe(17);
    expect(copy.read().toString()).toBe("<h1>S/ 60.00</h1>");
    const [name] = readdirSync(files.folder);
    expect(readFileSync(path.join(files.folder, name!), "utf8")).toBe("<h1>S/ 60.00</h1>");
    files.close();
    expect(existsSync(files.folder)).toBe(false);
  });

  test("a released copy is readable until the delay ends; its file is then written over by a later copy", async () => {
    const files = openPageBodyFiles(newRoot(), { ...inFiles, releaseDelayMs: 50 });
    const copy = await files.keep(Buffer.from("uno"));
    copy.read();
    copy.release?.();
    expect(copy.read().toString()).toBe("uno");
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(() => copy.read()).toThrow();
    // The file is taken back and written over, not created anew (ADR 065).
    const [name] = readdirSync(files.folder);
    const next = await files.keep(Buffer.from("dos, más largo"));
    expect(readdirSync(files.folder)).toEqual([name]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(next.read().toString()).toBe("dos, más largo");
    expect(() => copy.read()).toThrow();
    files.close();
  });

  test("past the spare files' bound, a released file is removed", async () => {
    const files = openPageBodyFiles(newRoot(), { ...inFiles, releaseDelayMs: 20, maxSpareFiles: 1 });
    const copies = await Promise.all(["a", "b", "c"].map((text) => files.keep(Buffer.from(text))));
    for (const copy of copies) copy.release?.();
    expect(await waitFor(() => readdirSync(files.folder).length === 1)).toBe(true);
    for (const copy of copies) expect(() => copy.read()).toThrow();
    files.close();
  });

  test("the copies read again stay in memory, within their bound: a hot page is not read from its file again", async () => {
    const files = openPageBodyFiles(newRoot(), { ...inFiles, hotBytes: 10 });
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
    const first = openPageBodyFiles(root, inFiles);
    const second = openPageBodyFiles(root, inFiles);
    expect(first.folder).not.toBe(second.folder);
    expect(existsSync(abandoned)).toBe(false);
    expect(existsSync(first.folder)).toBe(true);
    await first.keep(Buffer.from("a"));
    await second.keep(Buffer.from("b"));
    expect(readdirSync(first.folder)).toHaveLength(1);
    expect(readdirSync(second.folder)).toHaveLength(1);
  });

  test("a folder removed under a live instance is made again by its next write", async () => {
    const files = openPageBodyFiles(newRoot(), inFiles);
    rmSync(files.folder, { recursive: true });
    const copy = await files.keep(Buffer.from("otra vez"));
    expect(copy.read().toString()).toBe("otra vez");
  });
});

test("the page cache's evicted pages leave only spare files within their bound, and its bound counts the files' bytes", async () => {
  const files = openPageBodyFiles(newRoot(), { ...inFiles, releaseDelayMs: 20, maxSpareBytes: 4_500 });
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
  // Each evicted page's two files are taken back: kept to be written over while their stale
  // bytes fit the bound (two of about 2 KB), removed beyond.
  expect(await waitFor(() => readdirSync(files.folder).length === entries * 2 + 2)).toBe(true);
  expect(cache.get("/producto/6", "br")?.variant.body.byteLength).toBeGreaterThan(1000);
  files.close();
});
