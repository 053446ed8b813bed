// npm run files:move-to-s3 (ADR 041) on a shop's DATA_DIR with images, payment receipts and pet
// photos, into a bucket of s3rver: counts and hashes compared, a second run copies nothing, a
// run after an interrupted one copies only what is missing or wrong.
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, expect, test } from "vitest";

import { createS3Storage, readS3Settings } from "~/lib/file-storage/storage.js";

import { startS3Server } from "../support/s3-server.js";
import { runScript } from "../support/shop-traffic";

let s3: Awaited<ReturnType<typeof startS3Server>>;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
});

const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const hex = (bytes: number) => randomBytes(bytes).toString("hex");

/** A DATA_DIR as the shop leaves it: key → bytes of every file that must reach the bucket. */
function makeShopFiles(dataDir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const write = (key: string, bytes: Buffer) => {
    mkdirSync(path.join(dataDir, path.dirname(key)), { recursive: true });
    writeFileSync(path.join(dataDir, key), bytes);
  };
  for (let image = 0; image < 4; image++) {
    const hash = hex(16);
    for (const width of [320, 640, 1280]) files.set(`uploads/${hash}-${width}.webp`, randomBytes(2000 + width));
  }
  for (let receipt = 0; receipt < 3; receipt++) files.set(`receipts/${hex(16)}.webp`, randomBytes(5000));
  for (let photo = 0; photo < 2; photo++) files.set(`pet-photos/${hex(16)}.webp`, randomBytes(7000));
  for (const [key, bytes] of files) write(key, bytes);
  // Not files to move: one being written, a stray note, the database.
  write(`uploads/${hex(16)}-640.webp.4242.part`, Buffer.from("half"));
  write("receipts/notas.txt", Buffer.from("not a receipt"));
  write("db/PG_VERSION", Buffer.from("18"));
  return files;
}

test("copies images, receipts and pet photos, checked; again copies nothing; after a cut, only what is missing", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "patitas-move-"));
  const files = makeShopFiles(dataDir);
  const env = { DATA_DIR: dataDir, ...s3.env };
  const bucket = createS3Storage(readS3Settings(s3.env).settings!);

  const first = await runScript("move-files-to-s3.js", [], env);
  expect(first.output).toContain("images: 12 on disk, 12 copied, 0 already there; 12 in the bucket");
  expect(first.output).toContain("payment receipts: 3 on disk, 3 copied, 0 already there; 3 in the bucket");
  expect(first.output).toContain("pet photos: 2 on disk, 2 copied, 0 already there; 2 in the bucket");
  expect(first.output).toContain("checked by size and SHA-256");
  expect(first.code).toBe(0);
  const objects = [
    ...(await bucket.list("uploads")),
    ...(await bucket.list("receipts")),
    ...(await bucket.list("pet-photos")),
  ].map((object) => object.key);
  expect(objects.sort()).toEqual([...files.keys()].sort());
  for (const [key, bytes] of files) expect(sha((await bucket.read(key))!), key).toBe(sha(bytes));
  // The local files stay.
  for (const key of files.keys()) expect(readFileSync(path.join(dataDir, key)).length).toBeGreaterThan(0);

  const second = await runScript("move-files-to-s3.js", [], env);
  expect(second.code).toBe(0);
  expect(second.output).toContain("images: 12 on disk, 0 copied, 12 already there");
  expect(second.output).toContain("payment receipts: 3 on disk, 0 copied, 3 already there");
  expect(second.output).toContain("pet photos: 2 on disk, 0 copied, 2 already there");

  // A run cut off: one receipt never reached the bucket, one image arrived short.
  const [lostReceipt] = [...files.keys()].filter((key) => key.startsWith("receipts/"));
  const [shortImage] = [...files.keys()].filter((key) => key.startsWith("uploads/"));
  await bucket.remove(lostReceipt!);
  await bucket.put(shortImage!, files.get(shortImage!)!.subarray(0, 100));
  const resumed = await runScript("move-files-to-s3.js", [], env);
  expect(resumed.code).toBe(0);
  expect(resumed.output).toContain("images: 12 on disk, 1 copied, 11 already there");
  expect(resumed.output).toContain("payment receipts: 3 on disk, 1 copied, 2 already there");
  for (const key of [lostReceipt!, shortImage!]) expect(sha((await bucket.read(key))!)).toBe(sha(files.get(key)!));
}, 60_000);

test("without a whole S3 configuration it says what is missing and copies nothing", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "patitas-move-"));
  makeShopFiles(dataDir);
  const none = await runScript("move-files-to-s3.js", [], { DATA_DIR: dataDir, S3_BUCKET: "", S3_ENDPOINT: "" });
  expect(none.code).toBe(1);
  expect(none.output).toContain("Error: No bucket configured: set S3_BUCKET");
  const half = await runScript("move-files-to-s3.js", [], {
    DATA_DIR: dataDir,
    S3_BUCKET: "tienda",
    S3_REGION: "us-east-1",
  });
  expect(half.code).toBe(1);
  expect(half.output.trim()).toBe(
    "Error: S3 storage is half configured: S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are missing (S3_BUCKET, S3_REGION are set).",
  );
  const wrongKeys = await runScript("move-files-to-s3.js", [], {
    DATA_DIR: dataDir,
    ...s3.env,
    // s3rver checks the key's id (not a SigV4 signature): an unknown id is what a bucket refuses.
    S3_ACCESS_KEY_ID: "CLAVE-DE-OTRA-TIENDA",
  });
  expect(wrongKeys.code).toBe(1);
  expect(wrongKeys.output).toMatch(
    /^Error: S3 keys cannot write to bucket "patitas-test" at http:\/\/127\.0\.0\.1:\d+ \(InvalidAccessKeyId\)/,
  );
});
