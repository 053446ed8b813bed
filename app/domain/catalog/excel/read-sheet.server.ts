// Reading an uploaded workbook: the data rows of its first sheet, by the headers of its
// first row, bounded in rows and in what the archive may inflate to.
import { Readable } from "node:stream";

import type { Row } from "exceljs";

import { loadExcelJS } from "~/lib/lazy-modules.server";
import { loadedSize, streamedSize } from "~/lib/unzipped-size.server";

import type { CatalogKind } from "../kinds";
import { cellText } from "./cells";
import {
  type ColumnKey,
  IMPORT_MESSAGES,
  matchHeaders,
  MAX_IMPORT_ROWS,
  MAX_IMPORT_UNZIPPED_BYTES,
  MAX_WHOLE_IMPORT_UNZIPPED_BYTES,
} from "./layout";
import type { SheetRow } from "./types";

export type SheetReading = { ok: true; rows: SheetRow[]; present: Set<ColumnKey> } | { ok: false; message: string };

/** What the streaming reader tells of a worksheet, beyond exceljs's typings. */
type StreamedWorksheet = AsyncIterable<Row> & { id: number; name: string };

type ExcelJSModule = Awaited<ReturnType<typeof loadExcelJS>>;

/**
 * The data rows of the workbook's first sheet, by the headers of its first row. The bytes
 * must start like a ZIP archive (every .xlsx is one) and exceljs must read them: a text
 * file renamed .xlsx, an old .xls or a damaged file is refused with a Spanish message.
 *
 * The sheet is read as a stream, row by row, and no row past MAX_IMPORT_ROWS is kept: a
 * 5 MB file can hold 90,000 short rows or more, which exceljs, reading the whole workbook at
 * once, held in most of the server's heap (ADR 008). The stream is always read to its
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
  const reading = streamed === "within" ? await readStreamed(kind, ExcelJS, buffer) : undefined;
  // A workbook the streaming reader cannot follow (its parts in an order it does not expect)
  // is read whole, as it always was; one that neither reader can open is no Excel file.
  return reading ?? readWhole(kind, ExcelJS, buffer);
}

/** The first tab read as a stream; undefined when the stream failed before reading it. */
async function readStreamed(
  kind: CatalogKind,
  ExcelJS: ExcelJSModule,
  buffer: Buffer,
): Promise<SheetReading | undefined> {
  let reading: SheetReading | undefined;
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
      if (firstTab !== undefined && worksheet.name !== firstTab && worksheet.name !== `Sheet${worksheet.id}`) continue;
      reading = await readWorksheetRows(kind, worksheet);
    }
  } catch {
    // Read whole, unless the first tab was read before the error.
  }
  return reading;
}

/** The first tab of the workbook read whole, once its inflated size is known to fit. */
async function readWhole(kind: CatalogKind, ExcelJS: ExcelJSModule, buffer: Buffer): Promise<SheetReading> {
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

/** The headers of the first row; a sheet whose first row is empty has none. */
function headersOf(row: Row): { column: number; text: string }[] {
  const headers: { column: number; text: string }[] = [];
  if (row.number === 1) row.eachCell((cell, column) => headers.push({ column, text: cellText(cell.value) }));
  return headers;
}

/** Reads every row (see readSheetRows), keeping the data rows of a sheet that passes. */
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
      const match = matchHeaders(kind, headersOf(row));
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
