// npm run files:move-to-s3: copies the shop's files from $DATA_DIR (uploads/, receipts/,
// pet-photos/) into the S3 bucket of S3_BUCKET & co. (ADR 041). Each copy is read back and its
// SHA-256 compared; a file already in the bucket with the same size and hash is not copied
// again, so a run cut off half-way is simply run again, and a second run copies nothing. At the
// end every local file's object is checked by size and hash and the counts are compared. The
// local files are left where they are (delete them once the shop runs on the bucket).
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import path from "node:path";

import pLimit from "p-limit";

import { createLocalStorage, createS3Storage, readS3Settings } from "../app/lib/file-storage/storage.js";
import { runCli, SAFE_RECEIPT_NAME, SAFE_UPLOAD_NAME, UserError } from "./backup-support.js";

const USAGE = `Usage: npm run files:move-to-s3

Copies the images, payment receipts and pet photos of DATA_DIR (default ./data) into the
bucket of S3_BUCKET (with S3_ENDPOINT or S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY),
checking each copy by its SHA-256. Safe to run again: what is already there is not copied.`;

const FOLDERS = [
  { folder: "uploads", safeName: SAFE_UPLOAD_NAME, isPrivate: false, label: "images" },
  { folder: "receipts", safeName: SAFE_RECEIPT_NAME, isPrivate: true, label: "payment receipts" },
  { folder: "pet-photos", safeName: SAFE_RECEIPT_NAME, isPrivate: true, label: "pet photos" },
];
// A few copies at a time: the bucket answers in tens of milliseconds, the disk is faster.
const PARALLEL_COPIES = 4;

/** @param {AsyncIterable<Buffer | Uint8Array>} chunks */
async function sha256Of(chunks) {
  const hash = createHash("sha256");
  for await (const chunk of chunks) hash.update(chunk);
  return hash.digest("hex");
}

/** The bucket's copy matches: same size and hash (its recorded hash, or its bytes read back). */
async function matches(bucket, key, size, sha256, { readBack }) {
  const info = await bucket.stat(key);
  if (!info || info.size !== size) return false;
  if (info.sha256 && !readBack) return info.sha256 === sha256;
  const file = await bucket.get(key);
  return file !== null && (await sha256Of(file.body)) === sha256;
}

async function moveFolder(local, bucket, dataDir, { folder, safeName, isPrivate }) {
  const files = (await local.list(folder)).filter((file) => safeName.test(file.name) && !file.name.endsWith(".part"));
  const limit = pLimit(PARALLEL_COPIES);
  let copied = 0;
  const failed = [];
  await Promise.all(
    files.map((file) =>
      limit(async () => {
        const source = path.join(dataDir, file.key);
        const sha256 = await sha256Of(createReadStream(source));
        if (await matches(bucket, file.key, file.size, sha256, { readBack: false })) return;
        await bucket.putFile(file.key, source, { contentType: "image/webp", isPrivate, sha256 });
        // Read back whole: what is in the bucket is what was on the disk.
        if (await matches(bucket, file.key, file.size, sha256, { readBack: true })) copied++;
        else failed.push(file.key);
      }),
    ),
  );
  return { files, copied, failed };
}

/** Every local file has its object, same size and hash; the bucket holds at least as many. */
async function verifyFolder(local, bucket, folder, files) {
  const objects = new Map((await bucket.list(folder)).map((object) => [object.key, object]));
  const wrong = [];
  for (const file of files) {
    const object = objects.get(file.key);
    const info = object ? await bucket.stat(file.key) : null;
    const sha256 = await sha256Of((await local.get(file.key)).body);
    if (!info || info.size !== file.size || (info.sha256 !== undefined && info.sha256 !== sha256)) wrong.push(file.key);
  }
  return { inBucket: objects.size, wrong };
}

async function main(argv) {
  if (argv.includes("--help") || argv.includes("-h")) {
    console.log(USAGE);
    return;
  }
  if (argv.length > 0) throw new UserError(`Unknown argument: ${argv[0]}\n\n${USAGE}`);
  const s3 = readS3Settings(process.env);
  if (s3.problem !== undefined) throw new UserError(s3.problem);
  if (!s3.settings) {
    throw new UserError(
      "No bucket configured: set S3_BUCKET, S3_ENDPOINT (or S3_REGION), S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.",
    );
  }
  const dataDir = path.resolve(process.env.DATA_DIR || "./data");
  const local = createLocalStorage(dataDir);
  const bucket = createS3Storage(s3.settings);
  await bucket.check().catch((error) => {
    throw new UserError(error.message);
  });
  console.log(`Copying the files of ${dataDir} into ${bucket.where}…`);
  const lines = [];
  let problems = 0;
  for (const spec of FOLDERS) {
    const { files, copied, failed } = await moveFolder(local, bucket, dataDir, spec);
    const { inBucket, wrong } = await verifyFolder(local, bucket, spec.folder, files);
    const bad = [...new Set([...failed, ...wrong])];
    problems += bad.length + (inBucket < files.length ? 1 : 0);
    lines.push(
      `  ${spec.label}: ${files.length} on disk, ${copied} copied, ${files.length - copied - bad.length} already there; ` +
        `${inBucket} in the bucket${bad.length ? `; NOT matching: ${bad.join(", ")}` : ""}`,
    );
  }
  console.log(lines.join("\n"));
  if (problems > 0) throw new UserError("Some files do not match in the bucket: run the command again.");
  console.log(
    "Every file is in the bucket, checked by size and SHA-256. Start the shop with the same S3_* variables; " +
      "the files under DATA_DIR are kept (delete them once the shop runs on the bucket).",
  );
}

await runCli(main);
