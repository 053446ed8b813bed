import { createRequire } from "node:module";

import ExcelJS from "exceljs";
import { describe, expect, test } from "vitest";

import { zipArchive } from "~test/stored-zip";

import { loadedSize, streamedSize } from "./unzipped-size.server";

const MB = 1024 * 1024;
const buffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

async function workbookBytes(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Productos");
  sheet.addRow(["Título", "Familia", "Categoría"]);
  for (let n = 1; n <= 200; n += 1) sheet.addRow([`Pelota ${n}`, "Perros", "Juguetes"]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** What every entry of the archive inflates to, read whole by JSZip. */
async function inflatedTotal(bytes: Buffer): Promise<number> {
  const { default: JSZip } = await import("jszip");
  const zip = await JSZip.loadAsync(bytes);
  let total = 0;
  for (const file of Object.values(zip.files)) if (!file.dir) total += (await file.async("nodebuffer")).length;
  return total;
}

describe("an archive's inflated size, as exceljs's two readers would inflate it", () => {
  test("a real workbook is within a limit of exactly its inflated size, and over one byte less", async () => {
    const bytes = await workbookBytes();
    const total = await inflatedTotal(bytes);
    expect(total).toBeGreaterThan(bytes.length);
    for (const measure of [streamedSize, loadedSize]) {
      expect(await measure(bytes, total)).toBe("within");
      expect(await measure(bytes, total - 1)).toBe("over");
    }
  });

  test("a ZIP bomb is over the limit, even when its headers claim a tiny size", async () => {
    // 64 MB of one letter deflates to some 64 KB; its headers say 100 bytes.
    const bomb = buffer(
      zipArchive([
        { name: "[Content_Types].xml", text: "<Types/>" },
        {
          name: "xl/worksheets/sheet1.xml",
          bytes: new Uint8Array(64 * MB).fill(0x61),
          deflate: true,
          claimedSize: 100,
        },
      ]),
    );
    expect(bomb.length).toBeLessThan(MB);
    for (const measure of [streamedSize, loadedSize]) expect(await measure(bomb, 16 * MB)).toBe("over");
  });

  test("an entry only the central directory lists is counted by the whole reader's measure", async () => {
    // Written inside another entry's data: the sequential parser sees a small stored entry,
    // JSZip the bomb. Each reader's measure sees what that reader would inflate.
    const hidden = buffer(
      zipArchive([
        { name: "[Content_Types].xml", text: "<Types/>" },
        {
          name: "docProps/relleno.bin",
          hides: { name: "xl/worksheets/sheet1.xml", bytes: new Uint8Array(32 * MB).fill(0x61), deflate: true },
        },
      ]),
    );
    expect(await streamedSize(hidden, 16 * MB)).toBe("within");
    expect(await loadedSize(hidden, 16 * MB)).toBe("over");
  });

  test("bytes that are no ZIP archive are unreadable to both", async () => {
    const garbage = Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await streamedSize(garbage, MB)).toBe("unreadable");
    expect(await loadedSize(garbage, MB)).toBe("unreadable");
  });

  test("the parsers measured are the very copies exceljs reads with", () => {
    const fromExcelJS = createRequire(createRequire(import.meta.url).resolve("exceljs"));
    const fromHere = createRequire(import.meta.url);
    for (const name of ["jszip", "unzipper"]) expect(fromExcelJS.resolve(name)).toBe(fromHere.resolve(name));
  });
});
