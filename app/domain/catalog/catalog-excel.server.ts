// Excel files of the catalogue: the export, reading an uploaded sheet, keeping it on the
// server between the preview and the confirmation, and writing an import plan.
import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";

import { and, asc, eq, gt, max, type SQL, sql } from "drizzle-orm";
import type { Row } from "exceljs";

import { readConfig } from "~/config.server";
import type { Database } from "~/db/client.server";
import { getDb } from "~/db/client.server";
import {
  brands,
  productCategories,
  productFamilies,
  products,
  productSubcategories,
  serviceCategories,
  serviceFamilies,
  services,
  serviceSubcategories,
} from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit.server";
import { getLimaDate } from "~/domain/calendar/lima-time";
import { getUploadsDir, readBodyWithLimit } from "~/domain/media/image-upload.server";
import { streamedTableWorkbook } from "~/lib/excel-writer.server";
import { loadExcelJS } from "~/lib/lazy-modules.server";
import { normalizeForSearch, toSlug } from "~/lib/text";
import { loadedSize, streamedSize } from "~/lib/unzipped-size.server";

import {
  type CatalogKind,
  catalogKinds,
  catalogLayouts,
  type CatalogSnapshot,
  type CatalogValues,
  cellText,
  type ColumnKey,
  formatFlag,
  IMPORT_MESSAGES,
  type ImportOutcome,
  type ImportPlan,
  type ImportPreview,
  matchHeaders,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  MAX_IMPORT_UNZIPPED_BYTES,
  MAX_WHOLE_IMPORT_UNZIPPED_BYTES,
  planImport,
  type SheetRow,
  toBrandKey,
  toPreview,
} from "./catalog-excel";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

const taxonomyTables = {
  products: { families: productFamilies, categories: productCategories, subcategories: productSubcategories },
  services: { families: serviceFamilies, categories: serviceCategories, subcategories: serviceSubcategories },
};

type CatalogItem = CatalogSnapshot["items"][number];

/** The taxonomy and the brands: a few hundred rows at most. */
async function loadTaxonomy(kind: CatalogKind, db: Database): Promise<Omit<CatalogSnapshot, "items">> {
  const tree = taxonomyTables[kind];
  const [families, categories, subcategories, brandRows] = await Promise.all([
    db.select({ id: tree.families.id, name: tree.families.name }).from(tree.families),
    db
      .select({ id: tree.categories.id, name: tree.categories.name, parentId: tree.categories.familyId })
      .from(tree.categories),
    db
      .select({
        id: tree.subcategories.id,
        name: tree.subcategories.name,
        parentId: tree.subcategories.categoryId,
      })
      .from(tree.subcategories),
    kind === "products" ? db.select({ id: brands.id, name: brands.name, slug: brands.slug }).from(brands) : [],
  ]);
  return {
    families: families.map((family) => ({ ...family, parentId: null })),
    categories,
    subcategories,
    brands: brandRows,
  };
}

/** Live products (or services) with their fields, in id order: after `afterId`, `limit` of them. */
async function selectItems(
  kind: CatalogKind,
  db: Database,
  page?: { afterId: number; limit: number },
): Promise<CatalogItem[]> {
  if (kind === "products") {
    const query = db
      .select({
        id: products.id,
        title: products.title,
        description: products.description,
        familyId: products.familyId,
        categoryId: products.categoryId,
        subcategoryId: products.subcategoryId,
        brandId: products.brandId,
        brandName: brands.name,
        priceCents: products.priceCents,
        stock: products.stock,
        isOfferActive: products.isOfferActive,
        offerPriceCents: products.offerPriceCents,
        image: products.image,
        imageAlt: products.imageAlt,
      })
      .from(products)
      .leftJoin(brands, eq(brands.id, products.brandId))
      .where(and(eq(products.isArchived, false), page ? gt(products.id, page.afterId) : undefined))
      .orderBy(asc(products.id));
    const rows = page ? await query.limit(page.limit) : await query;
    return rows.map((row) => ({ ...row, showPrice: true }));
  }
  const query = db
    .select({
      id: services.id,
      title: services.title,
      description: services.description,
      familyId: services.familyId,
      categoryId: services.categoryId,
      subcategoryId: services.subcategoryId,
      priceCents: services.priceCents,
      showPrice: services.showPrice,
      isOfferActive: services.isOfferActive,
      offerPriceCents: services.offerPriceCents,
      image: services.image,
      imageAlt: services.imageAlt,
    })
    .from(services)
    .where(page ? gt(services.id, page.afterId) : undefined)
    .orderBy(asc(services.id));
  const rows = page ? await query.limit(page.limit) : await query;
  return rows.map((row) => ({ ...row, brandId: null, brandName: null, stock: 0 }));
}

/**
 * The taxonomy, the brands and every live product (or every service) with its fields, in
 * id order. A 10,000-product catalogue is a few megabytes: one read serves the import's
 * matching, which then needs no query per row.
 */
export async function loadCatalogSnapshot(kind: CatalogKind, db: Database = getDb()): Promise<CatalogSnapshot> {
  const [taxonomy, items] = await Promise.all([loadTaxonomy(kind, db), selectItems(kind, db)]);
  return { ...taxonomy, items };
}

// ---------------------------------------------------------------------------------------
// Export

/** How many products the export reads at a time. */
const EXPORT_PAGE_SIZE = 1_000;

/**
 * The whole catalogue as an .xlsx in the import's layout, and its download name, written as
 * a stream (`~/lib/excel-writer.server`) a page of products at a time.
 */
export async function exportCatalogWorkbook(
  kind: CatalogKind,
  now = new Date(),
  db: Database = getDb(),
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const taxonomy = await loadTaxonomy(kind, db);
  const names = (entries: { id: number; name: string }[]) => new Map(entries.map((entry) => [entry.id, entry.name]));
  const familyNames = names(taxonomy.families);
  const categoryNames = names(taxonomy.categories);
  const subcategoryNames = names(taxonomy.subcategories);
  const nameOf = (map: Map<number, string>, id: number | null) => (id === null ? "" : (map.get(id) ?? ""));
  const soles = (cents: number | null) => (cents === null ? null : cents / 100);

  const { sheet, finish } = await streamedTableWorkbook(
    catalogKinds[kind].sheetName,
    catalogLayouts[kind].columns.map((column) => ({
      header: column.header,
      key: column.key,
      width: column.width,
      hidden: column.hidden,
      style: column.format === "money" ? { numFmt: "0.00" } : {},
    })),
    now,
  );
  for (let afterId = 0; ;) {
    const items = await selectItems(kind, db, { afterId, limit: EXPORT_PAGE_SIZE });
    for (const item of items) {
      const cells: Record<ColumnKey, string | number | null> = {
        id: item.id,
        title: item.title,
        description: item.description,
        family: nameOf(familyNames, item.familyId),
        category: nameOf(categoryNames, item.categoryId),
        subcategory: nameOf(subcategoryNames, item.subcategoryId),
        brand: item.brandName ?? "",
        price: soles(item.priceCents),
        stock: item.stock,
        exportedStock: item.stock,
        showPrice: formatFlag(item.showPrice),
        isOfferActive: formatFlag(item.isOfferActive),
        offerPrice: soles(item.offerPriceCents),
        image: item.image ?? "",
        imageAlt: item.imageAlt,
      };
      sheet.addRow(cells).commit();
    }
    if (items.length < EXPORT_PAGE_SIZE) break;
    afterId = items[items.length - 1]!.id;
  }
  return {
    bytes: await finish(),
    fileName: `${catalogKinds[kind].filePrefix}-${getLimaDate(now)}.xlsx`,
  };
}

// ---------------------------------------------------------------------------------------
// Reading an upload

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

type SheetReading = { ok: true; rows: SheetRow[]; present: Set<ColumnKey> } | { ok: false; message: string };

/** What the streaming reader tells of a worksheet, beyond exceljs's typings. */
type StreamedWorksheet = AsyncIterable<Row> & { id: number; name: string };

/**
 * The data rows of the workbook's first sheet, by the headers of its first row. The bytes
 * must start like a ZIP archive (every .xlsx is one) and exceljs must read them: a text
 * file renamed .xlsx, an old .xls or a damaged file is refused with a Spanish message.
 *
 * The sheet is read as a stream, row by row, and no row past MAX_IMPORT_ROWS is kept: a
 * 5 MB file can hold 90,000 short rows or more, which exceljs, reading the whole workbook at
 * once, held in some 380 MB of the server's heap (ADR 008). The stream is always read to its
 * end, even once the answer is known: exceljs may have written a sheet to a temporary file
 * (when it comes before the shared strings, as Excel and exceljs write them), and removes
 * that file only then.
 *
 * Before exceljs inflates anything, the archive is inflated once and thrown away, counting,
 * with the parser the reader at hand uses (`~/lib/unzipped-size.server`): a file that
 * inflates past the limits (a "ZIP bomb") is refused before it reaches the disk or the heap.
 */
export async function readSheetRows(kind: CatalogKind, bytes: Uint8Array): Promise<SheetReading> {
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  if (!isZip) return { ok: false, message: IMPORT_MESSAGES.notExcel };
  const ExcelJS = await loadExcelJS();
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const streamed = await streamedSize(buffer, MAX_IMPORT_UNZIPPED_BYTES);
  if (streamed === "over") return { ok: false, message: IMPORT_MESSAGES.tooMuchData };
  let reading: SheetReading | undefined;
  if (streamed === "within") {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buffer]), {
      worksheets: "emit",
      sharedStrings: "cache",
      styles: "cache",
      hyperlinks: "ignore",
      entries: "ignore",
    });
    try {
      for await (const worksheet of reader as unknown as AsyncIterable<StreamedWorksheet>) {
        if (reading) continue;
        // The first tab, as the workbook lists its sheets; a sheet the reader could not name
        // keeps exceljs's "Sheet<id>", and the first such one is taken.
        const firstTab = (reader.model as { sheets?: { name?: string }[] } | undefined)?.sheets?.[0]?.name;
        if (firstTab !== undefined && worksheet.name !== firstTab && worksheet.name !== `Sheet${worksheet.id}`)
          continue;
        reading = await readWorksheetRows(kind, worksheet);
      }
    } catch {
      // Read whole below, unless the first tab was read before the error.
    }
  }
  if (reading) return reading;
  // A workbook the streaming reader cannot follow (its parts in an order it does not expect)
  // is read whole, as it always was; one that neither reader can open is no Excel file.
  const loaded = await loadedSize(buffer, MAX_WHOLE_IMPORT_UNZIPPED_BYTES);
  if (loaded === "unreadable") return { ok: false, message: IMPORT_MESSAGES.notExcel };
  if (loaded === "over") return { ok: false, message: IMPORT_MESSAGES.tooMuchData };
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as never);
  } catch {
    return { ok: false, message: IMPORT_MESSAGES.notExcel };
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { ok: false, message: IMPORT_MESSAGES.notExcel };
  const rows: Row[] = [];
  sheet.eachRow((row) => rows.push(row));
  return readWorksheetRows(kind, rows);
}

/** Reads every row (see above), keeping the data rows of a sheet that passes. */
async function readWorksheetRows(
  kind: CatalogKind,
  worksheet: AsyncIterable<Row> | Iterable<Row>,
): Promise<SheetReading> {
  let positions: Map<ColumnKey, number> | undefined;
  let refusal: SheetReading | undefined;
  let rowsWithValues = 0;
  const rows: SheetRow[] = [];
  for await (const row of worksheet) {
    if (refusal) continue;
    if (!positions) {
      // The headers are the first row; a sheet whose first row is empty has none.
      const headers: { column: number; text: string }[] = [];
      if (row.number === 1) row.eachCell((cell, column) => headers.push({ column, text: cellText(cell.value) }));
      const match = matchHeaders(kind, headers);
      if (match.missing.length > 0) {
        refusal = missingColumns(match.missing);
        continue;
      }
      positions = match.positions;
      if (row.number === 1) continue;
    }
    if (!row.hasValues) continue;
    rowsWithValues += 1;
    if (rowsWithValues > MAX_IMPORT_ROWS) {
      refusal = { ok: false, message: IMPORT_MESSAGES.tooManyRows };
      rows.length = 0;
      continue;
    }
    const cells: SheetRow["cells"] = {};
    for (const [key, column] of positions) cells[key] = row.getCell(column).value;
    if (Object.values(cells).some((value) => cellText(value) !== "")) rows.push({ rowNumber: row.number, cells });
  }
  if (refusal) return refusal;
  if (!positions) return missingColumns(matchHeaders(kind, []).missing);
  if (rows.length === 0) return { ok: false, message: IMPORT_MESSAGES.noRows };
  return { ok: true, rows, present: new Set(positions.keys()) };
}

function missingColumns(missing: string[]): SheetReading {
  const list = missing.map((header) => `"${header}"`).join(", ");
  return {
    ok: false,
    message: `Falta${missing.length > 1 ? "n las columnas" : " la columna"} ${list} en la primera fila. Usa el formato de la exportación.`,
  };
}

/** Reads the sheet and plans it against the database as it is now. */
async function planWorkbook(
  kind: CatalogKind,
  bytes: Uint8Array,
  options: { createBrands: boolean },
): Promise<{ ok: true; plan: ImportPlan } | { ok: false; message: string }> {
  const reading = await readSheetRows(kind, bytes);
  if (!reading.ok) return reading;
  const snapshot = await loadCatalogSnapshot(kind);
  const uploadsDir = getUploadsDir();
  // The name comes from a path isUploadedImage has matched: a hash and a width, nothing else.
  const isUploadPresent = (image: string) => existsSync(path.join(uploadsDir, path.basename(image)));
  return { ok: true, plan: planImport(kind, reading.rows, reading.present, snapshot, { ...options, isUploadPresent }) };
}

/**
 * Same writes and same changes shown ⇔ same fingerprint: what the admin saw is what gets
 * written. The changes carry the stock and price the row replaces ("Stock (10 → 12)"), so a
 * sale or another admin's edit between the preview and the confirmation shows a new preview.
 * A stock the row does not write is left out: orders may take units meanwhile.
 */
function fingerprintPlan(plan: ImportPlan): string {
  const writes = {
    creates: plan.creates.map((create) => [create.rowNumber, create.values]),
    updates: plan.updates.map((update) => [
      update.rowNumber,
      update.id,
      { ...update.values, stock: update.isStockChanged ? update.values.stock : null },
      update.changes,
    ]),
    newBrands: plan.newBrands,
  };
  return createHash("sha256").update(JSON.stringify(writes)).digest("hex");
}

// ---------------------------------------------------------------------------------------
// The upload between preview and confirmation
//
// The preview keeps the uploaded file under $DATA_DIR/imports, named by a random token,
// with who uploaded it and the options chosen. The confirmation reads that file again and
// plans it again against the database of that moment: the browser sends back only the
// token and the fingerprint, so nothing it could alter is ever written.

const UPLOAD_LIFETIME_MS = 60 * 60 * 1000;
const TOKEN_PATTERN = /^[a-f0-9]{32}$/;

type UploadMeta = {
  kind: CatalogKind;
  userId: string;
  fileName: string;
  createBrands: boolean;
  createdAt: number;
};

function getImportsDir(): string {
  return path.join(readConfig().dataDir, "imports");
}

function uploadPaths(token: string) {
  const dir = getImportsDir();
  return {
    file: path.join(dir, `${token}.xlsx`),
    claimed: path.join(dir, `${token}.xlsx.claimed`),
    meta: path.join(dir, `${token}.json`),
  };
}

async function keepUpload(bytes: Uint8Array, meta: UploadMeta): Promise<string> {
  const dir = getImportsDir();
  await mkdir(dir, { recursive: true });
  await removeExpiredUploads(dir, meta.createdAt);
  const token = randomBytes(16).toString("hex");
  const paths = uploadPaths(token);
  await writeFile(paths.meta, JSON.stringify(meta), { mode: 0o600 });
  await writeFile(paths.file, bytes, { mode: 0o600 });
  return token;
}

/** Previews abandoned without confirming are removed after an hour. */
async function removeExpiredUploads(dir: string, now: number): Promise<void> {
  for (const name of await readdir(dir)) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info && now - info.mtimeMs > UPLOAD_LIFETIME_MS) await rm(file, { force: true });
  }
}

/**
 * Takes the upload for one confirmation: renaming it is atomic, so a double click or two
 * tabs cannot import the same file twice. Null when it is unknown, expired, already used,
 * or someone else's.
 */
async function claimUpload(
  token: string,
  expected: { kind: CatalogKind; userId: string },
): Promise<{ bytes: Uint8Array; meta: UploadMeta } | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const paths = uploadPaths(token);
  const meta = await readFile(paths.meta, "utf8")
    .then((text) => JSON.parse(text) as UploadMeta)
    .catch(() => null);
  if (!meta || meta.kind !== expected.kind || meta.userId !== expected.userId) return null;
  if (Date.now() - meta.createdAt > UPLOAD_LIFETIME_MS) return null;
  try {
    await rename(paths.file, paths.claimed);
  } catch {
    return null;
  }
  return { bytes: new Uint8Array(await readFile(paths.claimed)), meta };
}

async function releaseUpload(token: string): Promise<void> {
  const paths = uploadPaths(token);
  await rename(paths.claimed, paths.file);
}

async function discardUpload(token: string): Promise<void> {
  const paths = uploadPaths(token);
  await Promise.all([rm(paths.claimed, { force: true }), rm(paths.meta, { force: true })]);
}

// ---------------------------------------------------------------------------------------
// The import's two steps

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
  const token = await keepUpload(input.bytes, {
    kind: input.kind,
    userId: input.userId,
    fileName: input.fileName,
    createBrands: input.createBrands,
    createdAt: Date.now(),
  });
  const preview = toPreview(planned.plan, {
    token,
    fingerprint: fingerprintPlan(planned.plan),
    fileName: input.fileName,
  });
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
  const upload = await claimUpload(input.token, input);
  if (!upload) return { status: "expired" };
  const { meta } = upload;
  try {
    const planned = await planWorkbook(input.kind, upload.bytes, { createBrands: meta.createBrands });
    if (!planned.ok) {
      await discardUpload(input.token);
      return { status: "expired" };
    }
    const fingerprint = fingerprintPlan(planned.plan);
    if (fingerprint !== input.fingerprint) {
      await releaseUpload(input.token);
      return {
        status: "changed",
        preview: toPreview(planned.plan, { token: input.token, fingerprint, fileName: meta.fileName }),
      };
    }
    const outcome = await commitImportPlan(planned.plan, { userId: input.userId, fileName: meta.fileName });
    await discardUpload(input.token);
    return { status: "done", outcome };
  } catch (error) {
    // The transaction rolled back: the admin may confirm again.
    await releaseUpload(input.token).catch(() => {});
    throw error;
  }
}

// ---------------------------------------------------------------------------------------
// Writing

// Rows per statement: 500 rows of 14 fields stay far below PostgreSQL's 65,535 parameters.
const BATCH_SIZE = 500;

function inBatches<T>(items: T[]): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += BATCH_SIZE) batches.push(items.slice(start, start + BATCH_SIZE));
  return batches;
}

// The SQL type of each written field, for the VALUES list of a batched UPDATE.
const productFieldTypes = {
  title: "text",
  description: "text",
  familyId: "integer",
  categoryId: "integer",
  subcategoryId: "integer",
  brandId: "integer",
  priceCents: "integer",
  stock: "integer",
  isOfferActive: "boolean",
  offerPriceCents: "integer",
  image: "text",
  imageAlt: "text",
  searchText: "text",
} as const;

const serviceFieldTypes = {
  title: "text",
  description: "text",
  familyId: "integer",
  categoryId: "integer",
  subcategoryId: "integer",
  priceCents: "integer",
  showPrice: "boolean",
  isOfferActive: "boolean",
  offerPriceCents: "integer",
  image: "text",
  imageAlt: "text",
  searchText: "text",
} as const;

/**
 * `(VALUES (id, …), …) AS v(id, …)` and the SET list reading from it: one UPDATE per batch
 * instead of one per row, so re-pricing a whole catalogue takes seconds, not minutes.
 */
function batchUpdate<Field extends string>(
  types: Record<Field, string>,
  rows: ({ id: number } & Record<NoInfer<Field>, unknown>)[],
): { set: Record<Field, SQL>; from: SQL } {
  const fields = Object.keys(types) as Field[];
  const tuples = rows.map(
    (row) =>
      sql`(${sql.join(
        [sql`${row.id}::integer`, ...fields.map((field) => sql`${row[field]}::${sql.raw(types[field])}`)],
        sql`, `,
      )})`,
  );
  const names = ["id", ...fields].map((name) => `"${name}"`).join(", ");
  const set = Object.fromEntries(fields.map((field) => [field, sql.raw(`v."${field}"`)])) as Record<Field, SQL>;
  return { set, from: sql`(values ${sql.join(tuples, sql`, `)}) as v(${sql.raw(names)})` };
}

/**
 * Writes a plan's valid rows, the brands it needs and one audit entry in a single
 * transaction: either the whole import is in the catalogue or none of it is.
 */
export async function commitImportPlan(
  plan: ImportPlan,
  meta: { userId: string; fileName: string },
): Promise<ImportOutcome> {
  return getDb().transaction(async (tx) => {
    const brandIds = await createBrands(tx, plan.newBrands);
    if (plan.kind === "products") {
      const toColumns = (values: CatalogValues) => productColumns(values, brandIds);
      for (const batch of inBatches(plan.creates)) {
        await tx.insert(products).values(batch.map((create) => toColumns(create.values)));
      }
      for (const batch of inBatches(plan.updates)) {
        const { set, from } = batchUpdate(
          { ...productFieldTypes, isStockChanged: "boolean" },
          batch.map((update) => ({
            id: update.id,
            ...toColumns(update.values),
            isStockChanged: update.isStockChanged,
          })),
        );
        // The stock is written only where the sheet changes it: a row that changes the price
        // keeps the units that orders took since the preview (or since the file was exported).
        const { isStockChanged: _, ...columns } = set;
        await tx
          .update(products)
          .set({ ...columns, stock: sql`case when v."isStockChanged" then v."stock" else ${products.stock} end` })
          .from(from)
          .where(eq(products.id, sql`v.id`));
      }
    } else {
      for (const batch of inBatches(plan.creates)) {
        await tx.insert(services).values(batch.map((create) => serviceColumns(create.values)));
      }
      for (const batch of inBatches(plan.updates)) {
        const { set, from } = batchUpdate(
          serviceFieldTypes,
          batch.map((update) => ({ id: update.id, ...serviceColumns(update.values) })),
        );
        await tx
          .update(services)
          .set(set)
          .from(from)
          .where(eq(services.id, sql`v.id`));
      }
    }
    const outcome: ImportOutcome = {
      created: plan.creates.length,
      updated: plan.updates.length,
      unchanged: plan.unchanged.length,
      skipped: plan.errors.length,
      brandsCreated: brandIds.size,
    };
    await recordAudit(
      {
        userId: meta.userId,
        action: "import",
        entity: catalogKinds[plan.kind].auditEntity,
        summary: { file: meta.fileName, ...outcome, newBrands: plan.newBrands },
      },
      tx,
    );
    return outcome;
  });
}

/** Creates the brands, after the existing ones; their ids by brand key. */
async function createBrands(tx: Transaction, names: string[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  if (names.length === 0) return ids;
  const [last] = await tx.select({ sortOrder: max(brands.sortOrder) }).from(brands);
  const rows = await tx
    .insert(brands)
    .values(
      names.map((name, index) => ({
        name,
        slug: toSlug(name),
        sortOrder: (last?.sortOrder ?? -1) + 1 + index,
      })),
    )
    .returning({ id: brands.id, name: brands.name });
  for (const row of rows) ids.set(toBrandKey(row.name), row.id);
  return ids;
}

function requireId(id: number | null, level: string): number {
  if (id === null) throw new Error(`An import row reached the database without its ${level}.`);
  return id;
}

function productColumns(values: CatalogValues, newBrandIds: Map<string, number>) {
  const newBrandId = values.brandName ? (newBrandIds.get(toBrandKey(values.brandName)) ?? null) : null;
  const brandId = values.brandId ?? (values.brandName ? requireId(newBrandId, "brand") : null);
  return {
    title: values.title,
    description: values.description,
    familyId: requireId(values.familyId, "family"),
    categoryId: requireId(values.categoryId, "category"),
    subcategoryId: values.subcategoryId,
    brandId,
    priceCents: values.priceCents,
    stock: values.stock,
    isOfferActive: values.isOfferActive,
    offerPriceCents: values.isOfferActive ? values.offerPriceCents : null,
    image: values.image,
    imageAlt: values.imageAlt,
    searchText: normalizeForSearch(`${values.title} ${values.brandName ?? ""}`),
  };
}

function serviceColumns(values: CatalogValues) {
  return {
    title: values.title,
    description: values.description,
    familyId: values.familyId,
    categoryId: values.categoryId,
    subcategoryId: values.subcategoryId,
    priceCents: values.priceCents,
    showPrice: values.showPrice,
    isOfferActive: values.isOfferActive,
    offerPriceCents: values.isOfferActive ? values.offerPriceCents : null,
    image: values.image,
    imageAlt: values.imageAlt,
    searchText: normalizeForSearch(values.title),
  };
}
