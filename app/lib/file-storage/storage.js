// Where the shop keeps its files (ADR 041): uploaded images and their WebP variants
// (uploads/), shoppers' payment receipts (receipts/) and pet photos (pet-photos/). One
// interface, two places: the server's own disk under $DATA_DIR (the default, as before), or an
// S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, DigitalOcean Spaces) when S3_BUCKET is
// set, so that several instances of the shop share their files.
//
// Plain JavaScript, so that the app and the command-line scripts (backup, restore,
// files:move-to-s3) share it. The AWS SDK is imported only when a bucket is configured: the
// embedded set-up never loads it.
import { createReadStream } from "node:fs";
import { mkdir, open, readdir, readFile, rename, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";

/** The folders the shop stores files in; a key is `<folder>/<name>`. */
/** @typedef {"uploads" | "receipts" | "pet-photos"} StoredFolder */

// A name of one path segment, nothing a path could hide in ('..', '/', '\').
const KEY = /^(uploads|receipts|pet-photos)\/[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/;
// The object the start-up check writes and deletes again.
const CHECK_KEY = ".patitas-write-check";

/**
 * @typedef {{ bucket: string; endpoint: string | undefined; region: string; accessKeyId: string;
 *   secretAccessKey: string; publicUrl: string | undefined }} S3Settings
 * @typedef {{ key: string; name: string; size: number; lastModified: Date }} StoredFileInfo
 * @typedef {{ body: Readable; size: number; lastModified: Date }} StoredFileBody
 * @typedef {{ contentType?: string; isPrivate?: boolean; sha256?: string }} PutOptions
 *   `sha256`: the content's hash, kept with an object (files:move-to-s3 checks copies by it).
 * @typedef {object} FileStorage
 * @property {"local" | "s3"} kind
 * @property {string} where Said in logs and messages: the folder or the bucket.
 * @property {(key: string, bytes: Uint8Array, options?: PutOptions) => Promise<void>} put
 * @property {(key: string, file: string, options?: PutOptions) => Promise<void>} putFile Streams a local file in.
 * @property {(key: string) => Promise<StoredFileBody | null>} get A stream of the file; null when there is none.
 * @property {(key: string) => Promise<Uint8Array | null>} read
 * @property {(key: string) => Promise<{ size: number; lastModified: Date; sha256?: string } | null>} stat
 * @property {(key: string) => Promise<void>} remove Nothing to do when it is already gone.
 * @property {(folder: StoredFolder) => Promise<StoredFileInfo[]>} list
 * @property {() => Promise<void>} check Throws one sentence when the files cannot be written.
 */

/** @param {string} key */
function assertKey(key) {
  if (!KEY.test(key)) throw new Error(`Not a stored file's key: ${JSON.stringify(key)}`);
}

/** The S3_* variables readS3Settings reads (config.server.ts reads these and its own, nothing else). */
export const S3_VARIABLES = [
  "S3_BUCKET",
  "S3_ENDPOINT",
  "S3_REGION",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_PUBLIC_URL",
];

/**
 * The S3_* variables (empty means unset): no settings when none is set, the settings when the
 * set is whole, or one sentence saying what is missing or wrong.
 * @param {Record<string, string | undefined>} env
 * @returns {{ settings: S3Settings | undefined; problem?: undefined } | { problem: string; settings?: undefined }}
 */
export function readS3Settings(env = process.env) {
  /** @param {string} name */
  const value = (name) => (env[name] ? String(env[name]).trim() : "") || undefined;
  const given = S3_VARIABLES.filter((name) => value(name));
  if (given.length === 0) return { settings: undefined };
  const required = ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"];
  const missing = required.filter((name) => !value(name));
  if (!value("S3_ENDPOINT") && !value("S3_REGION")) missing.push("S3_REGION (or S3_ENDPOINT)");
  if (missing.length > 0) {
    return {
      problem: `S3 storage is half configured: ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} missing (${given.join(", ")} ${given.length === 1 ? "is" : "are"} set).`,
    };
  }
  for (const name of ["S3_ENDPOINT", "S3_PUBLIC_URL"]) {
    const url = value(name);
    if (url && !/^https?:\/\/[^\s/]+/.test(url)) return { problem: `${name} must be an http:// or https:// URL.` };
  }
  return {
    settings: {
      bucket: /** @type {string} */ (value("S3_BUCKET")),
      endpoint: value("S3_ENDPOINT")?.replace(/\/+$/, ""),
      region: value("S3_REGION") ?? "us-east-1",
      accessKeyId: /** @type {string} */ (value("S3_ACCESS_KEY_ID")),
      secretAccessKey: /** @type {string} */ (value("S3_SECRET_ACCESS_KEY")),
      publicUrl: value("S3_PUBLIC_URL")?.replace(/\/+$/, ""),
    },
  };
}

/**
 * The shop's storage: the bucket when S3 is configured, otherwise $DATA_DIR.
 * @param {{ dataDir: string; s3: S3Settings | undefined }} config
 * @returns {FileStorage}
 */
export function createFileStorage(config) {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.dataDir);
}

/** @param {unknown} error */
const isMissing = (error) => /** @type {NodeJS.ErrnoException} */ (error)?.code === "ENOENT";

/**
 * Files under `dataDir/<folder>/`, written aside and renamed so a reader never sees half a
 * file; private ones readable by this user only.
 * @param {string} dataDir
 * @returns {FileStorage}
 */
export function createLocalStorage(dataDir) {
  /** @param {string} key */
  const fileOf = (key) => {
    assertKey(key);
    return path.join(dataDir, key);
  };
  /** @param {string} file @param {boolean | undefined} isPrivate */
  const prepare = async (file, isPrivate) => {
    await mkdir(path.dirname(file), { recursive: true, ...(isPrivate ? { mode: 0o700 } : {}) });
    return `${file}.${process.pid}.part`;
  };
  return {
    kind: "local",
    where: dataDir,
    async put(key, bytes, options = {}) {
      const file = fileOf(key);
      const partial = await prepare(file, options.isPrivate);
      await writeFile(partial, bytes, options.isPrivate ? { mode: 0o600 } : undefined);
      await rename(partial, file);
    },
    async putFile(key, source, options = {}) {
      const file = fileOf(key);
      const partial = await prepare(file, options.isPrivate);
      const { pipeline } = await import("node:stream/promises");
      const { createWriteStream } = await import("node:fs");
      await pipeline(createReadStream(source), createWriteStream(partial, options.isPrivate ? { mode: 0o600 } : {}));
      await rename(partial, file);
    },
    async get(key) {
      let handle;
      try {
        handle = await open(fileOf(key), "r");
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      const info = await handle.stat();
      return { body: handle.createReadStream(), size: info.size, lastModified: info.mtime };
    },
    async read(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async stat(key) {
      try {
        const info = await stat(fileOf(key));
        return { size: info.size, lastModified: info.mtime };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      await unlink(fileOf(key)).catch((error) => {
        if (!isMissing(error)) throw error;
      });
    },
    async list(folder) {
      const dir = path.join(dataDir, folder);
      /** @type {import("node:fs").Dirent[]} */
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
      /** @type {StoredFileInfo[]} */
      const files = [];
      for (const entry of entries) {
        const key = `${folder}/${entry.name}`;
        if (!entry.isFile() || !KEY.test(key)) continue;
        const info = await stat(path.join(dir, entry.name)).catch(() => null);
        if (info) files.push({ key, name: entry.name, size: info.size, lastModified: info.mtime });
      }
      return files.sort((a, b) => a.name.localeCompare(b.name));
    },
    async check() {},
  };
}

// Loaded once, when a bucket is first used.
/** @type {Promise<typeof import("@aws-sdk/client-s3")> | undefined} */
let sdk;
const loadSdk = () => {
  // The shop runs on Node 20 (the runtime contract); package-lock.json pins an SDK that
  // supports it, so the SDK's notice about later versions needing Node 22 is not repeated at
  // every start (ADR 041).
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  return (sdk ??= import("@aws-sdk/client-s3"));
};

/** @param {unknown} error */
function errorName(error) {
  const e = /** @type {{ name?: string; Code?: string; code?: string; $metadata?: { httpStatusCode?: number } }} */ (
    error
  );
  return e?.Code ?? e?.name ?? e?.code ?? "";
}

/** @param {unknown} error */
const isNotFound = (error) =>
  ["NoSuchKey", "NotFound"].includes(errorName(error)) ||
  /** @type {{ $metadata?: { httpStatusCode?: number } }} */ (error)?.$metadata?.httpStatusCode === 404;

/**
 * Objects `<folder>/<name>` in one bucket. Nothing is made public by the shop: the app streams
 * every file after its own checks, unless S3_PUBLIC_URL names where uploads/ is served.
 * @param {S3Settings} settings
 * @returns {FileStorage}
 */
export function createS3Storage(settings) {
  /** @type {Promise<import("@aws-sdk/client-s3").S3Client> | undefined} */
  let client;
  const getClient = () =>
    (client ??= loadSdk().then(
      ({ S3Client }) =>
        new S3Client({
          region: settings.region,
          ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
          credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
          // Checksums only where S3 requires them: several S3-compatible servers refuse the rest.
          requestChecksumCalculation: "WHEN_REQUIRED",
          responseChecksumValidation: "WHEN_REQUIRED",
          maxAttempts: 3,
          requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
        }),
    ));
  const Bucket = settings.bucket;
  /** @param {string} key @param {PutOptions} options */
  const headersFor = (key, options) => ({
    ContentType: options.contentType ?? "application/octet-stream",
    // Uploads are named by their content: a name never changes meaning.
    ...(key.startsWith("uploads/") ? { CacheControl: "public, max-age=31536000, immutable" } : {}),
    ...(options.sha256 ? { Metadata: { sha256: options.sha256 } } : {}),
  });
  return {
    kind: "s3",
    where: `s3://${Bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ""}`,
    async put(key, bytes, options = {}) {
      assertKey(key);
      const { PutObjectCommand } = await loadSdk();
      await (
        await getClient()
      ).send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ...headersFor(key, options) }));
    },
    async putFile(key, file, options = {}) {
      assertKey(key);
      const { PutObjectCommand } = await loadSdk();
      const { size } = await stat(file);
      const Body = createReadStream(file);
      await (
        await getClient()
      ).send(new PutObjectCommand({ Bucket, Key: key, Body, ContentLength: size, ...headersFor(key, options) }));
    },
    async get(key) {
      assertKey(key);
      const { GetObjectCommand } = await loadSdk();
      try {
        const answer = await (await getClient()).send(new GetObjectCommand({ Bucket, Key: key }));
        const body = /** @type {Readable} */ (answer.Body instanceof Readable ? answer.Body : Readable.from([]));
        return { body, size: answer.ContentLength ?? 0, lastModified: answer.LastModified ?? new Date(0) };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async read(key) {
      const file = await this.get(key);
      if (!file) return null;
      const chunks = [];
      for await (const chunk of file.body) chunks.push(/** @type {Buffer} */ (chunk));
      return Buffer.concat(chunks);
    },
    async stat(key) {
      assertKey(key);
      const { HeadObjectCommand } = await loadSdk();
      try {
        const answer = await (await getClient()).send(new HeadObjectCommand({ Bucket, Key: key }));
        return {
          size: answer.ContentLength ?? 0,
          lastModified: answer.LastModified ?? new Date(0),
          sha256: answer.Metadata?.sha256,
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      assertKey(key);
      const { DeleteObjectCommand } = await loadSdk();
      await (await getClient()).send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async list(folder) {
      const { ListObjectsV2Command } = await loadSdk();
      /** @type {StoredFileInfo[]} */
      const files = [];
      /** @type {string | undefined} */
      let ContinuationToken;
      do {
        const answer = await (
          await getClient()
        ).send(new ListObjectsV2Command({ Bucket, Prefix: `${folder}/`, ContinuationToken }));
        for (const object of answer.Contents ?? []) {
          if (!object.Key || !KEY.test(object.Key)) continue;
          const name = object.Key.slice(folder.length + 1);
          files.push({
            key: object.Key,
            name,
            size: object.Size ?? 0,
            lastModified: object.LastModified ?? new Date(0),
          });
        }
        ContinuationToken = answer.IsTruncated ? answer.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return files.sort((a, b) => a.name.localeCompare(b.name));
    },
    async check() {
      const { PutObjectCommand, DeleteObjectCommand } = await loadSdk();
      const s3 = await getClient();
      try {
        await s3.send(new PutObjectCommand({ Bucket, Key: CHECK_KEY, Body: "ok", ContentType: "text/plain" }));
        await s3.send(new DeleteObjectCommand({ Bucket, Key: CHECK_KEY }));
      } catch (error) {
        throw new Error(explainS3Failure(error, settings), { cause: error });
      }
    },
  };
}

/**
 * The start-up check's one sentence for a bucket that cannot be used.
 * @param {unknown} error
 * @param {S3Settings} settings
 */
function explainS3Failure(error, settings) {
  const name = errorName(error);
  const where = settings.endpoint ?? `AWS region ${settings.region}`;
  if (name === "NoSuchBucket") return `S3 bucket "${settings.bucket}" does not exist at ${where} (S3_BUCKET).`;
  if (["InvalidAccessKeyId", "SignatureDoesNotMatch", "AccessDenied", "Forbidden", "InvalidToken"].includes(name)) {
    return (
      `S3 keys cannot write to bucket "${settings.bucket}" at ${where} (${name}): ` +
      "check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and the keys' permissions."
    );
  }
  const status = /** @type {{ $metadata?: { httpStatusCode?: number } }} */ (error)?.$metadata?.httpStatusCode;
  if (status === 403) return `S3 keys cannot write to bucket "${settings.bucket}" at ${where} (HTTP 403).`;
  const detail = name || (error instanceof Error ? error.message : String(error));
  return `S3 bucket "${settings.bucket}" cannot be reached at ${where} (${detail}): check S3_ENDPOINT and S3_REGION.`;
}
