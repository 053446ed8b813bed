import { mkdtempSync, readdirSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";

import { pendingUploads } from "./pending-upload.server";

type Meta = { owner: string };

let dir = "";
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "pending-uploads-"));
});
afterEach(() => {
  vi.useRealTimers();
  rmSync(dir, { recursive: true, force: true });
});

const store = () => pendingUploads<Meta>({ directory: () => dir, extension: ".xlsx" });
const isAnn = (meta: Meta) => meta.owner === "ann";

describe("pending uploads", () => {
  test("keeps the bytes and their meta under a token, for one claim at a time", async () => {
    const uploads = store();
    const token = await uploads.keep(new Uint8Array([1, 2, 3]), { owner: "ann" });
    expect(token).toMatch(/^[a-f0-9]{32}$/);
    expect(readdirSync(dir).sort()).toEqual([`${token}.json`, `${token}.xlsx`]);

    const claimed = await uploads.claim(token, isAnn);
    expect([...claimed!.bytes]).toEqual([1, 2, 3]);
    expect(claimed!.meta).toMatchObject({ owner: "ann", createdAt: expect.any(Number) });
    // Claimed: a second click finds nothing until it is given back.
    expect(await uploads.claim(token, isAnn)).toBeNull();
    await uploads.release(token);
    expect(await uploads.claim(token, isAnn)).not.toBeNull();
    await uploads.discard(token);
    expect(readdirSync(dir)).toEqual([]);
    expect(await uploads.claim(token, isAnn)).toBeNull();
  });

  test("someone else's upload, an unknown token or one that is no token is never claimed", async () => {
    const uploads = store();
    const token = await uploads.keep(new Uint8Array([1]), { owner: "ann" });
    expect(await uploads.claim(token, (meta) => meta.owner === "bob")).toBeNull();
    expect(await uploads.claim("0".repeat(32), isAnn)).toBeNull();
    expect(await uploads.claim("../../etc/passwd", isAnn)).toBeNull();
    expect(await uploads.claim(token, isAnn)).not.toBeNull();
  });

  test("an upload older than an hour expires, and the next one removes its files", async () => {
    const uploads = store();
    const old = await uploads.keep(new Uint8Array([1]), { owner: "ann" });
    vi.useFakeTimers({ now: Date.now() + 61 * 60 * 1000, toFake: ["Date"] });
    expect(await uploads.claim(old, isAnn)).toBeNull();
    const hourAgo = new Date(Date.now() - 61 * 60 * 1000);
    for (const name of readdirSync(dir)) utimesSync(path.join(dir, name), hourAgo, hourAgo);
    const fresh = await uploads.keep(new Uint8Array([2]), { owner: "ann" });
    expect(readdirSync(dir).sort()).toEqual([`${fresh}.json`, `${fresh}.xlsx`]);
  });
});
