import { randomBytes } from "node:crypto";
import { readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";

import type { FileStorage, StoredFileInfo } from "~/lib/file-storage/storage.js";
import { logWarn } from "~/lib/log.server";

import { DAY_MS, HOUR_MS, HOUSEKEEPING } from "./housekeeping.server";

// The housekeeping's sweep of uploaded images no row names any more (ADR 010), split from
// housekeeping.server.ts.
const MASS_DELETION_MIN = 10;
const UPLOAD_FILE = /^([0-9a-f]{32})-\d+\.webp$/;

/** The same for a stored file (on this disk or in the bucket): checked again just before, as a new upload may have rewritten it. */
async function removeStoredIfOlder(storage: FileStorage, key: string, cutoff: number): Promise<boolean> {
  const info = await storage.stat(key);
  if (!info || info.lastModified.getTime() >= cutoff) return false;
  await storage.remove(key);
  return true;
}

type OrphanLedger = Record<string, string>;

async function readLedger(file: string): Promise<OrphanLedger> {
  try {
    const parsed: unknown = JSON.parse(await readFile(file, "utf8"));
    if (!parsed || typeof parsed !== "object") return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(([hash, seen]) => /^[0-9a-f]{32}$/.test(hash) && typeof seen === "string"),
    );
  } catch {
    // Missing or damaged: every orphan starts its 24 hours again, which only delays deletion.
    return {};
  }
}

/**
 * Uploaded images no row names any more, in the file storage ($DATA_DIR/uploads or the
 * bucket). The ledger of when each was first seen unused stays on this server's disk: on
 * another instance an orphan only starts its wait again, which delays its deletion, never hastens it.
 */
export async function pruneUploads(
  referenced: Set<string>,
  dataDir: string,
  storage: FileStorage,
  now: Date,
): Promise<number> {
  const files = await storage.list("uploads");
  let removed = 0;

  // Writes cut off half-way (only on a disk: an object store writes whole objects).
  const partialCutoff = now.getTime() - HOUSEKEEPING.partialUploadHours * HOUR_MS;
  for (const file of files.filter((candidate) => candidate.name.endsWith(".part"))) {
    if (await removeStoredIfOlder(storage, file.key, partialCutoff)) removed += 1;
  }

  const filesByHash = new Map<string, StoredFileInfo[]>();
  for (const file of files) {
    const hash = UPLOAD_FILE.exec(file.name)?.[1];
    if (hash) filesByHash.set(hash, [...(filesByHash.get(hash) ?? []), file]);
  }
  const ledgerFile = path.join(dataDir, "uploads-orphans.json");
  const ledger = await readLedger(ledgerFile);
  const nextLedger: OrphanLedger = {};
  const ageCutoff = now.getTime() - HOUSEKEEPING.orphanUploadMinAgeDays * DAY_MS;
  const confirmCutoff = now.getTime() - HOUSEKEEPING.orphanUploadConfirmHours * HOUR_MS;

  const due: string[] = [];
  for (const [hash, files] of filesByHash) {
    if (referenced.has(hash)) continue;
    const firstSeen = ledger[hash] ? Date.parse(ledger[hash]) : Number.NaN;
    const newest = Math.max(...files.map((file) => file.lastModified.getTime()));
    if (firstSeen <= confirmCutoff && newest < ageCutoff) due.push(hash);
    nextLedger[hash] = Number.isNaN(firstSeen) ? now.toISOString() : ledger[hash]!;
  }
  // A shop started on an empty or wrong database names none (or few) of its pictures: rather
  // than empty the folder, delete nothing and say so (ADR 010).
  const isImplausible =
    (referenced.size === 0 && due.length > 0) || (due.length > MASS_DELETION_MIN && due.length > filesByHash.size / 2);
  if (isImplausible) {
    logWarn("housekeeping kept unused images", {
      images: due.length,
      of: filesByHash.size,
      reason: "the database names too few of the uploaded images; check DATABASE_URL and DATA_DIR",
    });
  } else {
    for (const hash of due) {
      for (const file of filesByHash.get(hash)!) {
        if (await removeStoredIfOlder(storage, file.key, ageCutoff)) removed += 1;
      }
      delete nextLedger[hash];
    }
  }
  const partial = `${ledgerFile}.${randomBytes(8).toString("hex")}.part`;
  await writeFile(partial, `${JSON.stringify(nextLedger)}\n`);
  await rename(partial, ledgerFile);
  return removed;
}
