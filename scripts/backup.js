// npm run backup [-- --out FILE|DIR]: the whole shop (database, shoppers' payment receipts and
// pet photos, uploaded images, the generated auth secret) in one .tar.gz. See docs/decisions/007-backups.md.
//   Embedded database: the shop's server must be stopped (one process per DATA_DIR).
//   PostgreSQL (DATABASE_URL): pg_dump, while the shop keeps running.
import { existsSync, statSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { createArchiveWriter } from "./backup-archive.js";
import {
  acquireDataDirLock,
  AUTH_SECRET_ENTRY,
  BACKUP_FORMAT,
  countAppliedMigrations,
  countShippedMigrations,
  countTables,
  formatBytes,
  MANIFEST_ENTRY,
  openPglite,
  PET_PHOTOS_PREFIX,
  PGLITE_ENTRY,
  POSTGRES_ENTRY,
  readBackupConfig,
  readPackageVersion,
  RECEIPTS_PREFIX,
  resolveUserPath,
  runCli,
  runTool,
  SAFE_RECEIPT_NAME,
  SAFE_UPLOAD_NAME,
  splitPassword,
  UPLOADS_PREFIX,
  UserError,
} from "./backup-support.js";

const USAGE = `Usage: npm run backup [-- --out FILE_OR_DIRECTORY]

Writes patitas-backup-<date>.tar.gz (in the current directory by default) with the
database, the payment receipts, the pet photos, the uploaded images and the auth secret of DATA_DIR
(default ./data); with the S3_* variables set, the files are read from that bucket.
With the embedded database, stop the shop first. With DATABASE_URL (PostgreSQL),
pg_dump is used and the shop may keep running.`;

function parseArgs(argv) {
  let out;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--help" || arg === "-h") {
      console.log(USAGE);
      process.exit(0);
    } else if (arg === "--out" || arg === "-o") {
      out = argv[++i];
      if (!out) throw new UserError(`--out needs a path.\n\n${USAGE}`);
    } else if (arg.startsWith("--out=")) {
      out = arg.slice("--out=".length);
    } else {
      throw new UserError(`Unknown argument: ${arg}\n\n${USAGE}`);
    }
  }
  return { out };
}

function defaultFileName(now) {
  const pad = (n) => String(n).padStart(2, "0");
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  const time = `${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  return `patitas-backup-${date}T${time}.tar.gz`;
}

function resolveOutput(out, now) {
  const name = defaultFileName(now);
  if (!out) return resolveUserPath(name);
  const target = resolveUserPath(out);
  if (existsSync(target) && statSync(target).isDirectory()) return path.join(target, name);
  return target;
}

/** The embedded database, read by this process alone while it holds DATA_DIR's lock. */
function assertPgliteDatabase(dataDir) {
  const location = path.join(dataDir, "db");
  if (!existsSync(path.join(location, "PG_VERSION"))) {
    throw new UserError(
      `There is no database in ${location}.\n` +
        "Set DATA_DIR to the shop's data directory (or DATABASE_URL if the shop runs on PostgreSQL).",
    );
  }
}

async function readPgliteDatabase(dataDir) {
  assertPgliteDatabase(dataDir);
  const location = path.join(dataDir, "db");
  const db = await openPglite(location);
  try {
    const query = async (sql) => (await db.query(sql)).rows;
    const [{ server_version: serverVersion }] = await query("show server_version");
    const tables = await countTables(query);
    const migrations = await countAppliedMigrations(query);
    // 'none': the archive is gzipped as a whole.
    const dump = Buffer.from(await (await db.dumpDataDir("none")).arrayBuffer());
    return {
      serverVersion,
      tables,
      migrations,
      entry: PGLITE_ENTRY,
      write: (archive) => archive.addBuffer(PGLITE_ENTRY, dump),
    };
  } finally {
    await db.close();
  }
}

async function connectPostgres(databaseUrl) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch (error) {
    throw new UserError(`Cannot connect to DATABASE_URL: ${error.message}`);
  }
  return client;
}

/**
 * pg_dump reads the snapshot this transaction exported, so the manifest's counts describe
 * exactly the dumped data even while the shop keeps taking orders.
 */
async function readPostgresDatabase(databaseUrl, workDir) {
  const client = await connectPostgres(databaseUrl);
  try {
    const query = async (sql) => (await client.query(sql)).rows;
    await query("begin isolation level repeatable read read only");
    const [{ snapshot }] = await query("select pg_export_snapshot() as snapshot");
    const [{ server_version: serverVersion }] = await query("show server_version");
    const tables = await countTables(query);
    const migrations = await countAppliedMigrations(query);
    if (Object.keys(tables).length === 0) {
      throw new UserError("The database of DATABASE_URL has no tables: there is nothing to back up.");
    }
    const file = path.join(workDir, "postgres.sql");
    const { url, env } = splitPassword(databaseUrl);
    await runTool(
      "pg_dump",
      [
        "--format=plain",
        "--no-owner",
        "--no-privileges",
        `--snapshot=${snapshot}`,
        `--file=${file}`,
        `--dbname=${url}`,
      ],
      env,
    );
    await query("commit");
    return {
      serverVersion,
      tables,
      migrations,
      entry: POSTGRES_ENTRY,
      write: (archive) => archive.addFile(POSTGRES_ENTRY, file),
    };
  } finally {
    await client.end();
  }
}

// app/domain/operations/housekeeping.server.ts's HOUSEKEEPING_LOCK_ID: while a backup holds it, the shop's
// housekeeping skips its run, so no image the dumped database names is deleted before the
// backup has copied it.
const HOUSEKEEPING_LOCK_ID = 72_730_002;

/** PostgreSQL: holds the housekeeping's lock on a connection of its own; returns its release. */
async function pauseHousekeeping(databaseUrl) {
  const client = await connectPostgres(databaseUrl);
  // Waits for a run under way to finish (seconds at most).
  await client.query("select pg_advisory_lock($1)", [HOUSEKEEPING_LOCK_ID]);
  return () => client.end();
}

/**
 * The files of a storage folder (uploads/, receipts/, pet-photos/: in $DATA_DIR or the S3
 * bucket, ADR 041) whose names pass `safeName`.
 */
async function listImages(storage, folder, safeName) {
  const files = await storage.list(folder);
  // '.part' files are images being written; they are not images yet.
  return files
    .filter((file) => safeName.test(file.name) && !file.name.endsWith(".part"))
    .map((file) => ({ name: file.name, key: file.key, size: file.size }));
}

/** Adds a stored file: read from the disk, or streamed from the bucket (ENOENT when it is gone). */
async function addStoredFile(archive, storage, dataDir, entryName, image) {
  if (storage.kind === "local") return archive.addFile(entryName, path.join(dataDir, image.key));
  const file = await storage.get(image.key);
  if (!file) throw Object.assign(new Error(`${image.key} is gone`), { code: "ENOENT" });
  await archive.addStream(entryName, { size: file.size, mtimeMs: file.lastModified.getTime(), body: file.body });
}

const totalBytes = (files) => files.reduce((sum, file) => sum + file.size, 0);

/**
 * A receipt's (or a pet photo's) file is deleted when its shopper sends another picture: on
 * PostgreSQL, where the shop keeps running, that may happen between the listing (counted in the
 * manifest) and the copy. The backup then fails in words (rare; running it again is enough).
 */
async function addPrivateImage(archive, config, prefix, image, what) {
  try {
    await addStoredFile(archive, config.storage, config.dataDir, prefix + image.name, image);
  } catch (error) {
    if (error.code !== "ENOENT") throw error;
    throw new UserError(
      `The ${what} ${image.name} was deleted while the backup ran (its shopper sent ` +
        "another one): no backup was written; run the backup again.",
    );
  }
}

async function main(argv) {
  const { out } = parseArgs(argv);
  const started = Date.now();
  const now = new Date();
  const config = readBackupConfig();
  const output = resolveOutput(out, now);
  if (existsSync(output)) throw new UserError(`${output} already exists: choose another --out.`);
  if (!existsSync(path.dirname(output))) throw new UserError(`The folder ${path.dirname(output)} does not exist.`);

  const driver = config.databaseUrl ? "postgres" : "pglite";
  // Checked before the lock too, so a mistyped DATA_DIR is not created by taking it.
  if (driver === "pglite") assertPgliteDatabase(config.dataDir);
  // The embedded database: the lock is held to the end, so the images match the database too.
  const release =
    driver === "pglite" ? acquireDataDirLock(config.dataDir, "backup") : await pauseHousekeeping(config.databaseUrl);
  const workDir = await mkdtemp(path.join(tmpdir(), "patitas-backup-"));
  let archive;
  try {
    console.log(
      `Backing up the ${driver === "pglite" ? "embedded database in " + config.dataDir : "PostgreSQL database"}` +
        `${config.storage.kind === "s3" ? ` and the files in ${config.storage.where}` : ""}…`,
    );
    const database =
      driver === "pglite"
        ? await readPgliteDatabase(config.dataDir)
        : await readPostgresDatabase(config.databaseUrl, workDir);
    const receipts = await listImages(config.storage, "receipts", SAFE_RECEIPT_NAME);
    const petPhotos = await listImages(config.storage, "pet-photos", SAFE_RECEIPT_NAME);
    const uploads = await listImages(config.storage, "uploads", SAFE_UPLOAD_NAME);
    const secretFile = path.join(config.dataDir, "auth-secret");
    const hasSecret = existsSync(secretFile);
    const manifest = {
      format: BACKUP_FORMAT,
      app: "patitas-tienda",
      appVersion: readPackageVersion(),
      createdAt: now.toISOString(),
      driver,
      database: { entry: database.entry, serverVersion: database.serverVersion },
      migrations: { applied: database.migrations, shipped: countShippedMigrations() },
      tables: database.tables,
      uploads: { files: uploads.length, bytes: totalBytes(uploads) },
      receipts: { files: receipts.length, bytes: totalBytes(receipts) },
      petPhotos: { files: petPhotos.length, bytes: totalBytes(petPhotos) },
      authSecret: hasSecret,
    };

    archive = createArchiveWriter(output);
    await archive.addBuffer(MANIFEST_ENTRY, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    await database.write(archive);
    // Right after the database, the sooner to be copied (see addPrivateImage).
    for (const receipt of receipts) await addPrivateImage(archive, config, RECEIPTS_PREFIX, receipt, "payment receipt");
    for (const photo of petPhotos) await addPrivateImage(archive, config, PET_PHOTOS_PREFIX, photo, "pet photo");
    for (const upload of uploads) {
      await addStoredFile(archive, config.storage, config.dataDir, UPLOADS_PREFIX + upload.name, upload);
    }
    if (hasSecret) await archive.addBuffer(AUTH_SECRET_ENTRY, await readFile(secretFile));
    await archive.finish();
    archive = undefined;

    const size = statSync(output).size;
    const t = manifest.tables;
    console.log(
      `Backup written: ${output}\n` +
        `  ${formatBytes(size)} in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
        `${t.orders ?? 0} orders, ${t.complaints ?? 0} complaints, ${t.products ?? 0} products, ` +
        `${t.users ?? 0} users, ${uploads.length} image files, ${receipts.length} payment receipts, ${petPhotos.length} pet photos.\n` +
        "  It holds customers' personal data and password hashes: keep it private, and keep a copy off this server.",
    );
  } finally {
    await archive?.abort();
    await rm(workDir, { recursive: true, force: true });
    await release();
  }
}

await runCli(main);
