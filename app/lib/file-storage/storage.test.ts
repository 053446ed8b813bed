import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { startS3Server } from "~test/s3-server.js";

import { createLocalStorage, createS3Storage, type FileStorage, readS3Settings } from "./storage.js";

// The storage's contract, run against both implementations: the server's disk and an
// S3-compatible bucket (s3rver on a free port).
let s3: Awaited<ReturnType<typeof startS3Server>>;
let dataDir: string;
const implementations: Record<string, () => FileStorage> = {};

beforeAll(async () => {
  s3 = await startS3Server();
  dataDir = mkdtempSync(path.join(tmpdir(), "patitas-storage-"));
  implementations.local = () => createLocalStorage(dataDir);
  implementations.s3 = () => createS3Storage(readS3Settings(s3.env).settings!);
});

afterAll(async () => {
  await s3?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe.each(["local", "s3"])("%s storage", (kind) => {
  const storage = () => implementations[kind]!();

  test("a file put is read back whole, streamed and stated with its size", async () => {
    const bytes = Buffer.from(`imagen ${kind} `.repeat(5000));
    await storage().put("uploads/0123456789abcdef0123456789abcdef-640.webp", bytes, { contentType: "image/webp" });
    expect(sha((await storage().read("uploads/0123456789abcdef0123456789abcdef-640.webp"))!)).toBe(sha(bytes));
    const file = await storage().get("uploads/0123456789abcdef0123456789abcdef-640.webp");
    expect(file?.size).toBe(bytes.length);
    const chunks: Buffer[] = [];
    for await (const chunk of file!.body) chunks.push(chunk as Buffer);
    expect(sha(Buffer.concat(chunks))).toBe(sha(bytes));
    const info = await storage().stat("uploads/0123456789abcdef0123456789abcdef-640.webp");
    expect(info?.size).toBe(bytes.length);
    expect(Math.abs(info!.lastModified.getTime() - Date.now())).toBeLessThan(60_000);
  });

  test("a missing file is null everywhere, and removing it is nothing to do", async () => {
    expect(await storage().read("receipts/ffffffffffffffffffffffffffffffff.webp")).toBeNull();
    expect(await storage().get("receipts/ffffffffffffffffffffffffffffffff.webp")).toBeNull();
    expect(await storage().stat("receipts/ffffffffffffffffffffffffffffffff.webp")).toBeNull();
    await expect(storage().remove("receipts/ffffffffffffffffffffffffffffffff.webp")).resolves.toBeUndefined();
  });

  test("list names a folder's files only; remove deletes one; a local file is streamed in", async () => {
    const source = path.join(dataDir, "source.bin");
    writeFileSync(source, Buffer.alloc(300_000, 7));
    await storage().put("pet-photos/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.webp", Buffer.from("a"), { isPrivate: true });
    await storage().putFile("pet-photos/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.webp", source, { isPrivate: true });
    await storage().put("receipts/cccccccccccccccccccccccccccccccc.webp", Buffer.from("c"), { isPrivate: true });
    const listed = await storage().list("pet-photos");
    expect(listed.map((file) => [file.name, file.size])).toEqual([
      ["aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.webp", 1],
      ["bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.webp", 300_000],
    ]);
    await storage().remove("pet-photos/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.webp");
    expect((await storage().list("pet-photos")).map((file) => file.key)).toEqual([
      "pet-photos/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.webp",
    ]);
  });

  test("a key outside the shop's folders, or one that climbs out, is refused", async () => {
    for (const key of ["../etc/passwd", "uploads/../db/x", "db/pglite", "uploads/", "receipts/a/b.webp"]) {
      await expect(storage().put(key, Buffer.from("x"))).rejects.toThrow(/Not a stored file's key/);
    }
  });

  test("the start-up check passes on a writable store", async () => {
    await expect(storage().check()).resolves.toBeUndefined();
  });
});

describe("the S3 variables", () => {
  test("none set: the disk; a whole set: the bucket, with the region defaulting", () => {
    expect(readS3Settings({})).toEqual({ settings: undefined });
    expect(
      readS3Settings({
        S3_BUCKET: "b",
        S3_ENDPOINT: "http://minio:9000/",
        S3_ACCESS_KEY_ID: "k",
        S3_SECRET_ACCESS_KEY: "s",
      }),
    ).toEqual({
      settings: {
        bucket: "b",
        endpoint: "http://minio:9000",
        region: "us-east-1",
        accessKeyId: "k",
        secretAccessKey: "s",
        publicUrl: undefined,
      },
    });
  });

  test("a half-set configuration says in one line what is missing", () => {
    expect(readS3Settings({ S3_BUCKET: "tienda", S3_REGION: "sa-east-1", S3_ACCESS_KEY_ID: "k" }).problem).toBe(
      "S3 storage is half configured: S3_SECRET_ACCESS_KEY is missing (S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID are set).",
    );
    expect(readS3Settings({ S3_PUBLIC_URL: "https://cdn.example.com" }).problem).toBe(
      "S3 storage is half configured: S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION (or S3_ENDPOINT) " +
        "are missing (S3_PUBLIC_URL is set).",
    );
    expect(
      readS3Settings({ S3_BUCKET: "b", S3_ENDPOINT: "minio:9000", S3_ACCESS_KEY_ID: "k", S3_SECRET_ACCESS_KEY: "s" })
        .problem,
    ).toBe("S3_ENDPOINT must be an http:// or https:// URL.");
  });
});
