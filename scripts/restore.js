// npm run restore -- FILE [--force]: rebuilds the shop from a file written by backup.js.
//   Embedded database: into $DATA_DIR/db, which must be empty (--force moves the current
//   database aside to db.replaced-<date> first).
//   PostgreSQL (DATABASE_URL): into a database without tables (--force drops the schemas
//   'public' and 'drizzle' first, in the same transaction as the restore).
// Payment receipts, pet photos, uploaded images and the auth secret go to DATA_DIR. See
// docs/decisions/007-backups.md.
import { existsSync, openAsBlob } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

import { readArchive, readEntryBuffer, writeEntryToFile } from "./backup-archive.js";
import {
  acquireDataDirLock,
  AUTH_SECRET_ENTRY,
  BACKUP_FORMAT,
  countAppliedMigrations,
  countShippedMigrations,
  countTables,
  MANIFEST_ENTRY,
  openPglite,
  PET_PHOTOS_PREFIX,
  PGLITE_ENTRY,
  POSTGRES_ENTRY,
  readBackupConfig,
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

const USAGE = `Usage: npm run restore -- BACKUP_FILE [--force]

Rebuilds the shop from a backup: into DATA_DIR (default ./data), or into the
PostgreSQL database of DATABASE_URL when it is set. The target must be empty;
--force replaces what is there (an embedded database is moved aside, not deleted).
With the S3_* variables set, the images, receipts and pet photos are written to that bucket.`;

function parseArgs(argv) {
  let file;
  let force = false;
  for (const arg of argv) {
    if (arg === "--help" || arg === "-h") {
      console.log(USAGE);
      process.exit(0);
    } else if (arg === "--force") force = true;
    else if (arg.startsWith("-")) throw new UserError(`Unknown option: ${arg}\n\n${USAGE}`);
    else if (file) throw new UserError(`Give one backup file only.\n\n${USAGE}`);
    else file = arg;
  }
  if (!file) throw new UserError(`Which backup? Give the file's path.\n\n${USAGE}`);
  const resolved = resolveUserPath(file);
  if (!existsSync(resolved)) throw new UserError(`${resolved} does not exist.`);
  return { file: resolved, force };
}

function stamp() {
  return new Date().toISOString().replace(/[:.]/g, "-");
}

function checkManifest(manifest, driver) {
  if (manifest?.app !== "patitas-tienda" || typeof manifest.format !== "number") {
    throw new UserError("This file is not a backup of the shop (no valid manifest.json).");
  }
  if (manifest.format > BACKUP_FORMAT) {
    throw new UserError("This backup was written by a newer version of the shop: update the shop first.");
  }
  const shipped = countShippedMigrations();
  if (manifest.migrations.applied > shipped) {
    throw new UserError(
      `This backup's database has ${manifest.migrations.applied} migrations applied; this version of the ` +
        `shop knows ${shipped}. Update the shop's code to the version that made the backup ` +
        `(${manifest.appVersion}) or newer, then restore.`,
    );
  }
  if (manifest.driver !== driver) {
    throw new UserError(
      manifest.driver === "pglite"
        ? "This backup comes from the embedded database: restore it without DATABASE_URL (into a DATA_DIR)."
        : "This backup comes from PostgreSQL: set DATABASE_URL to an empty PostgreSQL database to restore it.",
    );
  }
}

function describeDifferences(expected, actual) {
  const names = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
  return names
    .filter((name) => expected[name] !== actual[name])
    .map((name) => `${name}: ${actual[name] ?? "missing"} rows, the backup had ${expected[name] ?? "none"}`);
}

async function verify(manifest, query) {
  const tables = await countTables(query);
  const migrations = await countAppliedMigrations(query);
  const problems = describeDifferences(manifest.tables, tables);
  if (migrations !== manifest.migrations.applied) {
    problems.push(`migrations: ${migrations} applied, the backup had ${manifest.migrations.applied}`);
  }
  if (problems.length > 0)
    throw new Error(`The restored database differs from the backup:\n  ${problems.join("\n  ")}`);
}

function majorVersion(version) {
  return Number.parseInt(String(version ?? ""), 10);
}

/**
 * PGlite loads only a data directory of its own PostgreSQL major version. When the load fails,
 * says so in words if that is the cause (the shop's PGlite was upgraded since the backup).
 */
async function explainPgliteLoadFailure(error, manifest) {
  const backupMajor = majorVersion(manifest.database?.serverVersion);
  let currentVersion;
  try {
    const probe = await openPglite("memory://");
    try {
      [{ server_version: currentVersion }] = (await probe.query("show server_version")).rows;
    } finally {
      await probe.close();
    }
  } catch {
    return error;
  }
  if (Number.isInteger(backupMajor) && backupMajor !== majorVersion(currentVersion)) {
    return new UserError(
      `This backup holds a PostgreSQL ${manifest.database.serverVersion} database; this version of the shop ` +
        `embeds PostgreSQL ${currentVersion}, which cannot load it. Restore it with the shop's version that ` +
        `made the backup (${manifest.appVersion}), then upgrade the shop as usual.`,
    );
  }
  return error;
}

/**
 * A cut-off or corrupted file fails inside gzip or the tar reader: the owner is told the file is
 * damaged, not shown a stack.
 */
function explainArchiveError(error) {
  const isZlib = typeof error?.code === "string" && error.code.startsWith("Z_");
  const isTar = error instanceof Error && /^The backup file is (truncated|damaged)/.test(error.message);
  if (!isZlib && !isTar) return error;
  return new UserError(
    `The backup file is damaged or incomplete (${error.message}). Nothing was restored from it; ` +
      "use another copy of the backup.",
  );
}

/** The embedded database: the target directory is locked and empty (or moved aside) first. */
function pgliteTarget(dataDir, force) {
  const location = path.join(dataDir, "db");
  let release;
  let movedAside;
  return {
    async prepare() {
      release = acquireDataDirLock(dataDir, "restore");
      if (existsSync(location) && (await readdir(location)).length > 0) {
        if (!force) {
          throw new UserError(
            `${location} already holds a database; the restore will not overwrite it.\n` +
              "Restore into an empty DATA_DIR, or add --force to replace it (it is moved aside, not deleted).",
          );
        }
        movedAside = `${location}.replaced-${stamp()}`;
        await rename(location, movedAside);
        console.log(`The current database was moved aside to ${movedAside}.`);
      }
      await mkdir(location, { recursive: true });
    },
    async load(entry, manifest) {
      if (entry.name !== PGLITE_ENTRY) throw new UserError(`Unexpected database entry ${entry.name} in the backup.`);
      const tarball = path.join(dataDir, `restore-${process.pid}.tar`);
      try {
        await writeEntryToFile(entry, tarball, 0o600);
        let db;
        try {
          db = await openPglite(location, { loadDataDir: await openAsBlob(tarball) });
        } catch (error) {
          throw await explainPgliteLoadFailure(error, manifest);
        }
        try {
          await verify(manifest, async (sql) => (await db.query(sql)).rows);
        } finally {
          await db.close();
        }
      } finally {
        await rm(tarball, { force: true });
      }
    },
    async rollback() {
      await rm(location, { recursive: true, force: true });
      if (movedAside) await rename(movedAside, location);
    },
    finish: () => release?.(),
  };
}

/** PostgreSQL: psql runs the dump (and, with --force, the drops) in one transaction. */
function postgresTarget(databaseUrl, dataDir, force) {
  let pg;
  const withClient = async (work) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    try {
      await client.connect();
    } catch (error) {
      throw new UserError(`Cannot connect to DATABASE_URL: ${error.message}`);
    }
    try {
      return await work(async (sql) => (await client.query(sql)).rows);
    } finally {
      await client.end();
    }
  };
  return {
    async prepare() {
      ({ default: pg } = await import("pg"));
      const [{ n }] = await withClient((query) =>
        query(
          "select count(*)::int as n from information_schema.tables " +
            "where table_schema not in ('pg_catalog', 'information_schema')",
        ),
      );
      if (n > 0 && !force) {
        throw new UserError(
          `The database of DATABASE_URL already has ${n} tables; the restore will not overwrite them.\n` +
            "Create an empty database for it (createdb …), or add --force to drop the shop's schemas " +
            "'public' and 'drizzle' with everything in them first.",
        );
      }
      await mkdir(dataDir, { recursive: true });
    },
    async load(entry, manifest) {
      if (entry.name !== POSTGRES_ENTRY) throw new UserError(`Unexpected database entry ${entry.name} in the backup.`);
      const sqlFile = path.join(dataDir, `restore-${process.pid}.sql`);
      try {
        await writeEntryToFile(entry, sqlFile, 0o600);
        const { url, env } = splitPassword(databaseUrl);
        const replace = force
          ? ["-c", "DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;"]
          : [];
        await runTool(
          "psql",
          ["-X", "-q", "-v", "ON_ERROR_STOP=1", "--single-transaction", ...replace, "-f", sqlFile, `--dbname=${url}`],
          env,
        );
      } finally {
        await rm(sqlFile, { force: true });
      }
      await withClient((query) => verify(manifest, query));
      // A shop still running on this database drops every stored page (ADR 024's bridge).
      await withClient((query) => query(`select pg_notify('page_cache', '{"from":"restore","tags":"all"}')`));
    },
    // psql's single transaction left nothing behind.
    async rollback() {},
    finish() {},
  };
}

async function main(argv) {
  const { file, force } = parseArgs(argv);
  const config = readBackupConfig();
  // A bucket that cannot be written is said before anything is replaced.
  await config.storage.check().catch((error) => {
    throw new UserError(error.message);
  });
  const driver = config.databaseUrl ? "postgres" : "pglite";
  const target =
    driver === "pglite"
      ? pgliteTarget(config.dataDir, force)
      : postgresTarget(config.databaseUrl, config.dataDir, force);

  let manifest;
  let prepared = false;
  let databaseLoaded = false;
  let images = 0;
  let receipts = 0;
  let petPhotos = 0;
  // Receipts and pet photos this restore added (not overwrote): removed again if it fails, being
  // personal data. Files on the disk by path; objects in the bucket by key.
  const addedReceipts = [];
  const addedObjects = [];
  const { storage } = config;
  // A backup of format 1 (before receipts were backed up) has none; before format 3, no pet photos.
  const expectedReceipts = () => manifest.receipts?.files ?? 0;
  const expectedPetPhotos = () => manifest.petPhotos?.files ?? 0;
  /** A private picture (receipts/, pet-photos/), written as the shop writes them (storePrivateImage). */
  const restorePrivateImage = async (entry, prefix, folder) => {
    const name = entry.name.slice(prefix.length);
    if (!SAFE_RECEIPT_NAME.test(name)) throw new UserError(`Refusing the unexpected file name ${entry.name}.`);
    if (storage.kind === "s3") {
      // A private picture is one WebP of the shop's largest width (some hundreds of KB): read whole.
      const key = `${folder}/${name}`;
      const existed = (await storage.stat(key)) !== null;
      await storage.put(key, await readEntryBuffer(entry), { contentType: "image/webp", isPrivate: true });
      if (!existed) addedObjects.push(key);
      return;
    }
    // A folder and files of this user only.
    const dir = path.join(config.dataDir, folder);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const imageFile = path.join(dir, name);
    const existed = existsSync(imageFile);
    await writeEntryToFile(entry, imageFile, 0o600);
    if (!existed) addedReceipts.push(imageFile);
  };
  const secretFile = path.join(config.dataDir, "auth-secret");
  let wroteSecret = false;
  let replacedSecret;
  try {
    await readArchive(file, async (entry) => {
      if (!manifest) {
        if (entry.name !== MANIFEST_ENTRY)
          throw new UserError("This file is not a backup of the shop (no manifest.json first).");
        try {
          manifest = JSON.parse((await readEntryBuffer(entry)).toString("utf8"));
        } catch {
          throw new UserError("The backup's manifest.json is damaged.");
        }
        checkManifest(manifest, driver);
        console.log(
          `Restoring the backup of ${manifest.createdAt} (shop version ${manifest.appVersion}, ${manifest.driver})…`,
        );
        await target.prepare();
        prepared = true;
      } else if (entry.name.startsWith("database/")) {
        await target.load(entry, manifest);
        databaseLoaded = true;
      } else if (entry.name.startsWith(RECEIPTS_PREFIX)) {
        await restorePrivateImage(entry, RECEIPTS_PREFIX, "receipts");
        receipts++;
      } else if (entry.name.startsWith(PET_PHOTOS_PREFIX)) {
        await restorePrivateImage(entry, PET_PHOTOS_PREFIX, "pet-photos");
        petPhotos++;
      } else if (entry.name.startsWith(UPLOADS_PREFIX)) {
        const name = entry.name.slice(UPLOADS_PREFIX.length);
        if (!SAFE_UPLOAD_NAME.test(name)) throw new UserError(`Refusing the unexpected file name ${entry.name}.`);
        if (storage.kind === "s3") {
          await storage.put(`uploads/${name}`, await readEntryBuffer(entry), { contentType: "image/webp" });
        } else {
          const dir = path.join(config.dataDir, "uploads");
          await mkdir(dir, { recursive: true });
          await writeEntryToFile(entry, path.join(dir, name));
        }
        images++;
      } else if (entry.name === AUTH_SECRET_ENTRY) {
        const secret = await readEntryBuffer(entry);
        const hadSecret = existsSync(secretFile);
        // The same secret already in place (this shop's own backup): nothing to change or undo.
        if (!hadSecret || !(await readFile(secretFile)).equals(secret)) {
          if (hadSecret) {
            replacedSecret = `${secretFile}.replaced-${stamp()}`;
            await rename(secretFile, replacedSecret);
          }
          await writeFile(secretFile, secret, { mode: 0o600 });
          wroteSecret = true;
        }
      } else {
        // backup.js writes nothing else ('/etc/…', '../…', a second manifest): a forged file.
        throw new UserError(`Refusing the unexpected entry ${entry.name} in the backup.`);
      }
    });
    if (!manifest) throw new UserError("This file is not a backup of the shop (it is empty).");
    if (!databaseLoaded) throw new UserError("The backup holds no database.");
    if (images !== manifest.uploads.files) {
      throw new Error(`The backup lists ${manifest.uploads.files} image files but holds ${images}.`);
    }
    if (receipts !== expectedReceipts()) {
      throw new UserError(`The backup lists ${expectedReceipts()} payment receipts but holds ${receipts}.`);
    }
    if (petPhotos !== expectedPetPhotos()) {
      throw new UserError(`The backup lists ${expectedPetPhotos()} pet photos but holds ${petPhotos}.`);
    }
  } catch (error) {
    if (prepared) await target.rollback().catch((rollbackError) => console.error(rollbackError));
    for (const file of addedReceipts) await rm(file, { force: true }).catch((rmError) => console.error(rmError));
    for (const key of addedObjects) await storage.remove(key).catch((rmError) => console.error(rmError));
    // The old database is back: so is the secret that signs its sessions.
    if (wroteSecret) {
      await (replacedSecret ? rename(replacedSecret, secretFile) : rm(secretFile, { force: true })).catch(
        (secretError) => console.error(secretError),
      );
    }
    throw explainArchiveError(error);
  } finally {
    target.finish();
  }

  const t = manifest.tables;
  console.log(
    `Restored into ${driver === "pglite" ? path.join(config.dataDir, "db") : "the PostgreSQL database of DATABASE_URL"}: ` +
      `${t.orders ?? 0} orders, ${t.complaints ?? 0} complaints, ${t.products ?? 0} products, ` +
      `${t.users ?? 0} users, ${images} image files, ${receipts} payment receipts, ${petPhotos} pet photos ` +
      `(checked against the backup's counts)${storage.kind === "s3" ? `; the files into ${storage.where}` : ""}.\n` +
      `Start the shop as usual (DATA_DIR=${config.dataDir}${driver === "postgres" ? " and the same DATABASE_URL" : ""}): ` +
      "pending migrations run at start, the demo seed does not run again, and the administrators keep their passwords.",
  );
}

await runCli(main);
