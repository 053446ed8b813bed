// The shop on an S3-compatible bucket (ADR 041, s3rver on a free port): the start refuses a
// half-set configuration, an unreachable bucket, a missing one and keys it does not know, each
// in one line; a running shop keeps its uploads and the demo receipt in the bucket and serves
// them; backup and restore carry the bucket's files into another bucket.
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { createS3Storage, readS3Settings } from "~/lib/file-storage/storage.js";

import { startS3Server } from "../support/s3-server.js";
import { makeDataDir, runServerExpectingFailure, signInAtAdmin, startServer } from "../support/server-process";
import { placeOrderOverHttp, runScript, uploadImageOverHttp } from "../support/shop-traffic";

let s3: Awaited<ReturnType<typeof startS3Server>>;
let restoreBucket: Awaited<ReturnType<typeof startS3Server>>;
beforeAll(async () => {
  [s3, restoreBucket] = await Promise.all([startS3Server(), startS3Server({ bucket: "patitas-restaurada" })]);
});
afterAll(async () => {
  await Promise.all([s3?.close(), restoreBucket?.close()]);
});

const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const storageOf = (env: Record<string, string>) => createS3Storage(readS3Settings(env).settings!);

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The start's refusal: exit 1 and one line, no stack. */
async function refusal(env: Record<string, string>): Promise<string> {
  const { code, output } = await runServerExpectingFailure({ DATA_DIR: makeDataDir(), ...env });
  expect(code, output).toBe(1);
  expect(output).not.toMatch(/^\s+at /m);
  const lines = output.trim().split("\n");
  expect(lines, output).toHaveLength(1);
  return lines[0]!;
}

describe("the start checks the bucket", () => {
  test("a half-set configuration, an unreachable or missing bucket, unknown keys: one line each", async () => {
    expect(await refusal({ S3_BUCKET: "tienda", S3_ENDPOINT: "http://127.0.0.1:9000" })).toBe(
      "Cannot start: Invalid configuration: S3 storage is half configured: S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY " +
        "are missing (S3_BUCKET, S3_ENDPOINT are set).",
    );
    const port = await closedPort();
    expect(await refusal({ ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${port}` })).toMatch(
      new RegExp(
        `^Cannot start: S3 bucket "patitas-test" cannot be reached at http://127\\.0\\.0\\.1:${port} \\(.+\\): ` +
          "check S3_ENDPOINT and S3_REGION\\.$",
      ),
    );
    expect(await refusal({ ...s3.env, S3_BUCKET: "no-existe" })).toBe(
      `Cannot start: S3 bucket "no-existe" does not exist at ${s3.endpoint} (S3_BUCKET).`,
    );
    expect(await refusal({ ...s3.env, S3_ACCESS_KEY_ID: "CLAVE-DE-OTRA-TIENDA" })).toBe(
      `Cannot start: S3 keys cannot write to bucket "patitas-test" at ${s3.endpoint} (InvalidAccessKeyId): ` +
        "check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and the keys' permissions.",
    );
  }, 120_000);
});

test("a shop on the bucket serves its uploads from it; backup and restore carry them to another bucket", async () => {
  const dataDir = makeDataDir();
  const server = await startServer({ DATA_DIR: dataDir, ...s3.env });
  let imageUrl: string;
  try {
    expect(server.output()).toContain(`Files (images, receipts, pet photos) in s3://patitas-test at ${s3.endpoint}.`);
    const adminCookie = await signInAtAdmin(server.url);
    imageUrl = await uploadImageOverHttp(server.url, adminCookie);
    await placeOrderOverHttp(server.url, [{ productId: 1, quantity: 1 }]);
    const response = await fetch(`${server.url}${imageUrl}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const served = new Uint8Array(await response.arrayBuffer());
    expect(sha(served)).toBe(sha((await storageOf(s3.env).read(`uploads${imageUrl.slice("/uploads".length)}`))!));
  } finally {
    expect(await server.stop()).toBe(0);
  }
  // Nothing of the shop's files on the disk: all in the bucket (the demo order's receipt too).
  for (const folder of ["uploads", "receipts", "pet-photos"])
    expect(existsSync(path.join(dataDir, folder))).toBe(false);
  const source = storageOf(s3.env);
  const uploads = await source.list("uploads");
  const receipts = await source.list("receipts");
  expect(uploads.length).toBeGreaterThanOrEqual(3);
  expect(receipts.length).toBeGreaterThanOrEqual(1);

  const backupFile = path.join(mkdtempSync(path.join(tmpdir(), "patitas-s3-backup-")), "copia.tar.gz");
  const backup = await runScript("backup.js", ["--out", backupFile], { DATA_DIR: dataDir, ...s3.env });
  expect(backup.code, backup.output).toBe(0);
  expect(backup.output).toContain(`and the files in s3://patitas-test at ${s3.endpoint}`);
  expect(backup.output).toContain(`${uploads.length} image files, ${receipts.length} payment receipts`);

  const restoredDir = makeDataDir();
  const restore = await runScript("restore.js", [backupFile], { DATA_DIR: restoredDir, ...restoreBucket.env });
  expect(restore.code, restore.output).toBe(0);
  expect(restore.output).toContain(`the files into s3://patitas-restaurada at ${restoreBucket.endpoint}`);
  const target = storageOf(restoreBucket.env);
  for (const [folder, files] of [
    ["uploads", uploads],
    ["receipts", receipts],
  ] as const) {
    const restored = await target.list(folder);
    expect(restored.map((file) => file.key)).toEqual(files.map((file) => file.key));
    for (const file of files) expect(sha((await target.read(file.key))!)).toBe(sha((await source.read(file.key))!));
  }
  expect(existsSync(path.join(restoredDir, "uploads"))).toBe(false);

  // The restored shop serves the image from its bucket.
  const restoredServer = await startServer({ DATA_DIR: restoredDir, ...restoreBucket.env });
  try {
    const response = await fetch(`${restoredServer.url}${imageUrl!}`);
    expect(response.status).toBe(200);
  } finally {
    await restoredServer.stop();
  }
}, 180_000);
