// ADR 041 on PostgreSQL: a shop whose files are in an S3-compatible bucket (s3rver) is backed up
// while it runs and restored into another database and another bucket, which serves the same
// files. Runs only with TEST_DATABASE_URL (see vitest.config.ts).
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, expect, test } from "vitest";

import { createS3Storage, readS3Settings } from "~/lib/file-storage/storage.js";

import { startS3Server } from "../support/s3-server.js";
import { makeDataDir, signInAtAdmin, startServer } from "../support/server-process";
import { runScript, uploadImageOverHttp, withPostgres } from "../support/shop-traffic";

const serverUrl = process.env.TEST_DATABASE_URL!;
const SHOP_SECRET = "s3-backup-shop-secret-0123456789";
const suffix = randomBytes(5).toString("hex");
const sourceName = `patitas_s3_backup_${suffix}`;
const targetName = `patitas_s3_restore_${suffix}`;
const urlOf = (name: string) => Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
let s3: Awaited<ReturnType<typeof startS3Server>>;
let restoreBucket: Awaited<ReturnType<typeof startS3Server>>;

beforeAll(async () => {
  await withPostgres(serverUrl, async (query) => {
    await query(`CREATE DATABASE ${sourceName}`);
    await query(`CREATE DATABASE ${targetName}`);
  });
  [s3, restoreBucket] = await Promise.all([startS3Server(), startS3Server({ bucket: "patitas-restaurada" })]);
});
afterAll(async () => {
  await Promise.all([s3?.close(), restoreBucket?.close()]);
  await withPostgres(serverUrl, async (query) => {
    await query(`DROP DATABASE IF EXISTS ${sourceName} WITH (FORCE)`);
    await query(`DROP DATABASE IF EXISTS ${targetName} WITH (FORCE)`);
  });
});

const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

test(
  "backup while the shop runs, restore into another database and bucket: the same files, served",
  { timeout: 90_000 },
  async () => {
    const dataDir = makeDataDir();
    // On PostgreSQL the start needs AUTH_SECRET (ADR 042); the restored shop is given the same.
    const server = await startServer({
      DATABASE_URL: urlOf(sourceName),
      DATA_DIR: dataDir,
      AUTH_SECRET: SHOP_SECRET,
      ...s3.env,
    });
    const backupFile = path.join(mkdtempSync(path.join(tmpdir(), "patitas-s3-backup-")), "copia.tar.gz");
    let imageUrl: string;
    try {
      imageUrl = await uploadImageOverHttp(server.url, await signInAtAdmin(server.url));
      const backup = await runScript("backup.js", ["--out", backupFile], {
        DATABASE_URL: urlOf(sourceName),
        DATA_DIR: dataDir,
        ...s3.env,
      });
      expect(backup.code, backup.output).toBe(0);
    } finally {
      await server.stop();
    }
    const source = createS3Storage(readS3Settings(s3.env).settings!);
    const restoredDir = makeDataDir();
    const restore = await runScript("restore.js", [backupFile], {
      DATABASE_URL: urlOf(targetName),
      DATA_DIR: restoredDir,
      ...restoreBucket.env,
    });
    expect(restore.code, restore.output).toBe(0);
    const target = createS3Storage(readS3Settings(restoreBucket.env).settings!);
    for (const folder of ["uploads", "receipts"] as const) {
      const files = await source.list(folder);
      expect(files.length, folder).toBeGreaterThan(0);
      expect((await target.list(folder)).map((file) => file.key)).toEqual(files.map((file) => file.key));
      for (const file of files) expect(sha((await target.read(file.key))!)).toBe(sha((await source.read(file.key))!));
    }
    expect(existsSync(path.join(restoredDir, "receipts"))).toBe(false);

    const restored = await startServer({
      DATABASE_URL: urlOf(targetName),
      DATA_DIR: restoredDir,
      AUTH_SECRET: SHOP_SECRET,
      ...restoreBucket.env,
    });
    try {
      const response = await fetch(`${restored.url}${imageUrl!}`);
      expect(response.status).toBe(200);
      expect(sha(new Uint8Array(await response.arrayBuffer()))).toBe(
        sha((await source.read(`uploads/${path.basename(imageUrl!)}`))!),
      );
    } finally {
      await restored.stop();
    }
  },
);
