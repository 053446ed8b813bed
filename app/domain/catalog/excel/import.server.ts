// The import's two steps. The preview keeps the uploaded file under $DATA_DIR/imports,
// named by a random token, with who uploaded it and the options chosen. The confirmation
// reads that file again and plans it again against the database of that moment: the browser
// sends back only the token and the fingerprint, so nothing it could alter is ever written.
import { createHash } from "node:crypto";
import path from "node:path";

import { readConfig } from "~/config.server";
import { getFileStorage } from "~/lib/file-storage.server";
import { pendingUploads } from "~/lib/pending-upload.server";
import { readBodyWithLimit } from "~/lib/read-body.server";

import { catalogKindBehaviour } from "../kind-behaviour.server";
import type { CatalogKind } from "../kinds";
import { commitImportPlan } from "./commit.server";
import { IMPORT_MESSAGES, MAX_IMPORT_BYTES } from "./layout";
import { planImport } from "./plan";
import { type ImportOutcome, type ImportPreview, toPreview } from "./preview";
import { readSheetRows } from "./read-sheet.server";
import { loadCatalogSnapshot } from "./snapshot.server";
import type { ImportPlan, VariantsPlan } from "./types";

/**
 * The posted form, read up to a little over the file limit (null when the body is larger),
 * so a huge upload is refused before it fills the memory. A body that is no form reads as
 * an empty one: the screen then asks for a file.
 */
export async function readImportForm(request: Request): Promise<FormData | null> {
  // Multipart framing and the other fields need a few bytes beyond the file itself.
  const bytes = await readBodyWithLimit(request, MAX_IMPORT_BYTES + 64 * 1024);
  if (!bytes) return null;
  const headers = { "Content-Type": request.headers.get("Content-Type") ?? "" };
  return new Response(bytes as Uint8Array<ArrayBuffer>, { headers }).formData().catch(() => new FormData());
}

type UploadMeta = { kind: CatalogKind; userId: string; fileName: string; createBrands: boolean };

const uploads = pendingUploads<UploadMeta>({
  directory: () => path.join(readConfig().dataDir, "imports"),
  extension: ".xlsx",
});

/** Reads the sheet and plans it against the database as it is now. */
async function planWorkbook(
  kind: CatalogKind,
  bytes: Uint8Array,
  options: { createBrands: boolean },
): Promise<{ ok: true; plan: ImportPlan } | { ok: false; message: string }> {
  const reading = await readSheetRows(kind, bytes);
  if (!reading.ok) return reading;
  const snapshot = await loadCatalogSnapshot(kind);
  const present = await findPresentUploads(reading.rows);
  // The name comes from a path isUploadedImage has matched: a hash and a width, nothing else.
  const isUploadPresent = (image: string) => present.has(path.basename(image));
  return { ok: true, plan: planImport(kind, reading.rows, reading.present, snapshot, { ...options, isUploadPresent }) };
}

const UPLOAD_NAME = /\/uploads\/([a-f0-9]{32}-\d+\.webp)/g;

/** Which of the uploaded images the sheet names are in the file storage (asked once each). */
async function findPresentUploads(rows: unknown): Promise<Set<string>> {
  const names = new Set([...JSON.stringify(rows).matchAll(UPLOAD_NAME)].map((match) => match[1]!));
  const storage = getFileStorage();
  const present = new Set<string>();
  for (const name of names) if (await storage.stat(`uploads/${name}`)) present.add(name);
  return present;
}

/** A product's presentaciones as they are written: a stock a row does not write is left out. */
function variantWrites(variants: VariantsPlan | undefined) {
  if (!variants) return null;
  const rows = variants.rows.map((row) => ({ ...row, stock: row.isStockChanged ? row.stock : null }));
  return { ...variants, rows };
}

/**
 * Same writes and same changes shown ⇔ same fingerprint: what the admin saw is what gets
 * written. The changes carry the stock and price the row replaces ("Stock (10 → 12)"), so a
 * sale or another admin's edit between the preview and the confirmation shows a new preview;
 * so does an order naming a presentación the sheet would delete (it is archived instead).
 * A stock the row does not write is left out: orders may take units meanwhile. A product's
 * stock is its presentaciones'.
 */
function fingerprintPlan(plan: ImportPlan): string {
  const writes = {
    creates: plan.creates.map((create) => [create.rowNumber, create.values, create.variants ?? null]),
    updates: plan.updates.map((update) => [
      update.rowNumber,
      update.id,
      { ...update.values, stock: update.isStockChanged && !update.variants ? update.values.stock : null },
      update.changes,
      variantWrites(update.variants),
    ]),
    newBrands: plan.newBrands,
  };
  return createHash("sha256").update(JSON.stringify(writes)).digest("hex");
}

/** Step 1: reads and checks the file, keeps it for the confirmation, and says what it would do. */
export async function previewCatalogImport(input: {
  kind: CatalogKind;
  bytes: Uint8Array;
  fileName: string;
  createBrands: boolean;
  userId: string;
}): Promise<{ ok: true; preview: ImportPreview } | { ok: false; message: string }> {
  if (input.bytes.byteLength > MAX_IMPORT_BYTES) return { ok: false, message: IMPORT_MESSAGES.tooLarge };
  const planned = await planWorkbook(input.kind, input.bytes, { createBrands: input.createBrands });
  if (!planned.ok) return planned;
  const { kind, userId, fileName, createBrands } = input;
  const token = await uploads.keep(input.bytes, { kind, userId, fileName, createBrands });
  const preview = toPreview(planned.plan, { token, fingerprint: fingerprintPlan(planned.plan), fileName });
  return { ok: true, preview };
}

export type ConfirmResult =
  { status: "done"; outcome: ImportOutcome } | { status: "changed"; preview: ImportPreview } | { status: "expired" };

/**
 * Step 2: plans the kept file again and writes it, unless the plan is no longer the one
 * previewed (the catalogue changed meanwhile): then the new preview is shown instead.
 */
export async function confirmCatalogImport(input: {
  kind: CatalogKind;
  token: string;
  fingerprint: string;
  userId: string;
}): Promise<ConfirmResult> {
  const upload = await uploads.claim(input.token, (meta) => meta.kind === input.kind && meta.userId === input.userId);
  if (!upload) return { status: "expired" };
  const { meta } = upload;
  try {
    const planned = await planWorkbook(input.kind, upload.bytes, { createBrands: meta.createBrands });
    if (!planned.ok) {
      await uploads.discard(input.token);
      return { status: "expired" };
    }
    const fingerprint = fingerprintPlan(planned.plan);
    if (fingerprint !== input.fingerprint) {
      await uploads.release(input.token);
      const preview = toPreview(planned.plan, { token: input.token, fingerprint, fileName: meta.fileName });
      return { status: "changed", preview };
    }
    const outcome = await commitImportPlan(planned.plan, { userId: input.userId, fileName: meta.fileName });
    // The pages the import changed, and what else it sets off (a product's restock alerts).
    catalogKindBehaviour[planned.plan.kind].excel.afterImport(planned.plan);
    await uploads.discard(input.token);
    return { status: "done", outcome };
  } catch (error) {
    // The transaction rolled back: the admin may confirm again.
    await uploads.release(input.token).catch(() => {});
    throw error;
  }
}
