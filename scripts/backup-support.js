// What backup.js and restore.js share: the configuration they read, the DATA_DIR lock,
// the embedded database's options and the manifest's table counts.
import { spawn } from "node:child_process";
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { createFileStorage, readS3Settings } from "../app/lib/file-storage/storage.js";

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Version 3: manifest.json, then database/…, then receipts/…, then pet-photos/…, then
 * uploads/…, then auth-secret. Version 2 (still restored) had no pet-photos/ and no `petPhotos`
 * in its manifest; version 1 had no receipts/ either.
 */
export const BACKUP_FORMAT = 3;
export const MANIFEST_ENTRY = "manifest.json";
export const PGLITE_ENTRY = "database/pglite-datadir.tar";
export const POSTGRES_ENTRY = "database/postgres.sql";
export const RECEIPTS_PREFIX = "receipts/";
// The shoppers' pet photos (issue 28): private files like the receipts, with the same names.
export const PET_PHOTOS_PREFIX = "pet-photos/";
export const UPLOADS_PREFIX = "uploads/";
export const AUTH_SECRET_ENTRY = "auth-secret";
// Content-hash names (see image-upload.server.ts): anything else in the archive is refused.
export const SAFE_UPLOAD_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,90}$/;
// Payment receipts: image-upload.server.ts's PRIVATE_IMAGE_NAME (a test keeps the two equal),
// 32 random hex characters and '.webp'. Anything else under receipts/ is refused.
export const SAFE_RECEIPT_NAME = /^[a-f0-9]{32}\.webp$/;

/** Thrown for the owner's mistakes: the message is printed without a stack trace. */
export class UserError extends Error {}

/**
 * DATA_DIR, DATABASE_URL and the S3 bucket (ADR 041) as app/config.server.ts reads them
 * (empty means unset); `storage` is where the shop's files are.
 */
export function readBackupConfig(env = process.env) {
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new UserError("DATABASE_URL must be a postgres:// URL.");
  }
  const s3 = readS3Settings(env);
  if (s3.problem !== undefined) throw new UserError(s3.problem);
  const dataDir = path.resolve(env.DATA_DIR || "./data");
  return { dataDir, databaseUrl, s3: s3.settings, storage: createFileStorage({ dataDir, s3: s3.settings }) };
}

/**
 * Paths the owner types (the backup file, --out) are relative to where they ran the command:
 * `npm run` moves into the project, but keeps that directory in INIT_CWD. DATA_DIR stays
 * relative to the project, as it is for `npm start`.
 */
export function resolveUserPath(file) {
  return path.resolve(process.env.INIT_CWD || process.cwd(), file);
}

export function readPackageVersion() {
  return JSON.parse(readFileSync(path.join(projectRoot, "package.json"), "utf8")).version;
}

/** How many migrations this version of the app ships. */
export function countShippedMigrations() {
  const journal = path.join(projectRoot, "app/db/migrations/meta/_journal.json");
  return JSON.parse(readFileSync(journal, "utf8")).entries.length;
}

export async function openPglite(location, options = {}) {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  return PGlite.create(location, { ...options, extensions: { pg_trgm } });
}

// The lock file's "pid start-ticks boot-id", read exactly as app/db/data-dir-lock.server.ts
// reads it (tested there): a pid reused after a reboot is not the shop's server.
function readBootId() {
  try {
    return readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
  } catch {
    return "";
  }
}

function readStartTicks(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? "";
  } catch {
    return "";
  }
}

const readLockPid = (content) => Number(content.trim().split(/\s+/)[0]);

function isLockOwnerAlive(content) {
  const [pidText, startTicks = "-", bootId = "-"] = content.trim().split(/\s+/);
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  const currentBoot = readBootId();
  if (bootId !== "-" && currentBoot && bootId !== currentBoot) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return error.code === "EPERM";
  }
  const currentTicks = readStartTicks(pid);
  if (startTicks !== "-" && currentTicks) return startTicks === currentTicks;
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("node");
  } catch {
    return true;
  }
}

/**
 * Takes $DATA_DIR/server.lock exactly like the server does (app/db/data-dir-lock.server.ts),
 * so the shop cannot start on the directory while a backup or restore works on it.
 */
export function acquireDataDirLock(dataDir, whatFor) {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "server.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, `${process.pid} ${readStartTicks(process.pid) || "-"} ${readBootId() || "-"}\n`);
      closeSync(fd);
      return () => {
        try {
          if (readLockPid(readFileSync(file, "utf8")) === process.pid) unlinkSync(file);
        } catch {
          // Already gone.
        }
      };
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
      let content = "";
      try {
        content = readFileSync(file, "utf8");
      } catch {
        // Vanished or unreadable: stale.
      }
      const owner = readLockPid(content);
      if (isLockOwnerAlive(content)) {
        throw new UserError(
          `The shop's server (pid ${owner}) is running on DATA_DIR ${dataDir}.\n` +
            "The embedded database can be opened by one process only, so the " +
            `${whatFor} cannot read it while the shop runs.\n` +
            `Stop the server (Ctrl+C, or: kill ${owner}), run the ${whatFor} again, then start the shop.`,
        );
      }
      try {
        unlinkSync(file);
      } catch {
        // Someone else removed it first; the retry decides.
      }
    }
  }
  throw new UserError(`Could not take the lock ${file}.`);
}

/** Row counts of every table of the app (schema public), for the manifest and the check after a restore. */
export async function countTables(query) {
  const tables = await query(
    "select table_name as name from information_schema.tables " +
      "where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
  );
  const counts = {};
  for (const { name } of tables) {
    const [row] = await query(`select count(*)::int as n from public."${name.replaceAll('"', '""')}"`);
    counts[name] = row.n;
  }
  return counts;
}

/** Migrations recorded as applied (drizzle's journal table); 0 on a database never migrated. */
export async function countAppliedMigrations(query) {
  const [exists] = await query("select to_regclass('drizzle.__drizzle_migrations') is not null as present");
  if (!exists.present) return 0;
  const [row] = await query("select count(*)::int as n from drizzle.__drizzle_migrations");
  return row.n;
}

export function runTool(command, args, env) {
  return new Promise((resolve, reject) => {
    let stderr = "";
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "pipe"] });
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", (error) => {
      if (error.code === "ENOENT") {
        reject(
          new UserError(
            `${command} was not found. Install the PostgreSQL client tools (the same major ` +
              "version as the server, or newer), e.g. apt install postgresql-client.",
          ),
        );
      } else reject(error);
    });
    child.on("exit", (code) => {
      if (code === 0) resolve();
      else reject(new UserError(`${command} failed (exit code ${code}):\n${stderr.trim()}`));
    });
  });
}

/** The URL without its password (visible to `ps`), and the password for PGPASSWORD. */
export function splitPassword(databaseUrl) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  return { url: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}

export function formatBytes(bytes) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Runs a CLI's main function: UserError → its message, anything else → the stack; exit 1. */
export async function runCli(main) {
  try {
    await main(process.argv.slice(2));
  } catch (error) {
    if (error instanceof UserError) console.error(`Error: ${error.message}`);
    else console.error(error);
    process.exit(1);
  }
}
