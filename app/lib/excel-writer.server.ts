// Excel downloads written with exceljs's streaming writer: each row goes into the compressed
// file as it is added, so the server holds the file and the rows of the page at hand, not a
// model of the whole workbook. Built whole, a large catalogue ended a process capped at 512 MB;
// streamed, the writer's memory stays small (ADR 008; bench/README.md, 'Excel export').
// Strings are written inline, not shared, which keeps the writer's memory flat; the file is
// about a fifth larger.
import { Writable } from "node:stream";

import type { Style, Worksheet } from "exceljs";

import { loadExcelJS } from "~/lib/lazy-modules.server";

export type TableColumn = { header: string; key: string; width: number; hidden?: boolean; style?: Partial<Style> };

/**
 * A workbook with one sheet laid out as a table: bold header row frozen at the top, with
 * filters. Add rows with `addRow(values).commit()`, then `finish()` for the file's bytes.
 */
export async function streamedTableWorkbook(
  sheetName: string,
  columns: readonly TableColumn[],
  created: Date,
): Promise<{ sheet: Worksheet; finish: () => Promise<Uint8Array> }> {
  const ExcelJS = await loadExcelJS();
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true, useSharedStrings: false });
  workbook.created = created;
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({ ...column }));
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  return {
    sheet,
    async finish() {
      sheet.commit();
      await workbook.commit();
      return new Uint8Array(Buffer.concat(chunks));
    },
  };
}
