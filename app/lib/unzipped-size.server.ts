// How much an uploaded ZIP archive (an .xlsx) inflates to, counted with the very parsers
// exceljs reads it with, and stopped as soon as the count passes a limit. A 5 MB upload can
// be a "ZIP bomb" that inflates to gigabytes: exceljs would write it to a temporary file,
// keep its shared strings in memory, or, reading a workbook whole, hold every part as one
// string. Counting with exceljs's own parsers means the count sees exactly the entries and
// bytes exceljs would, however the archive was crafted (a central directory that does not
// match the entries as they come, sizes that lie). Nothing inflated is kept.
//
// Both parsers are loaded on first use, as exceljs is (`lazy-modules.server.ts`): the
// storefront never needs them.

import { Readable } from "node:stream";

import type JSZip from "jszip";

/** "over": the archive inflates past the limit; "unreadable": the parser cannot read it. */
export type UnzippedSize = "within" | "over" | "unreadable";

/**
 * As exceljs's streaming reader (`WorkbookReader`) reads it: entry after entry, in the order
 * they come, with unzipper's sequential parser.
 */
export async function streamedSize(buffer: Buffer, limit: number): Promise<UnzippedSize> {
  const unzip = (await import("unzipper")).default;
  const input = Readable.from([buffer]);
  const zip = unzip.Parse({ forceStream: true });
  input.pipe(zip);
  let total = 0;
  try {
    for await (const entry of zip) {
      for await (const chunk of entry) {
        total += (chunk as Buffer).length;
        if (total > limit) return "over";
      }
    }
    return "within";
  } catch {
    return "unreadable";
  } finally {
    input.unpipe(zip);
    input.destroy();
    zip.destroy();
  }
}

/**
 * As exceljs reads a workbook whole (`workbook.xlsx.load`): every file of JSZip's central
 * directory, inflated through the same internal stream as `file.async()`, which exceljs
 * calls, uses.
 */
export async function loadedSize(buffer: Buffer, limit: number): Promise<UnzippedSize> {
  const { default: JSZipClass } = await import("jszip");
  let zip: JSZip;
  try {
    zip = await JSZipClass.loadAsync(buffer);
  } catch {
    return "unreadable";
  }
  let total = 0;
  for (const file of Object.values(zip.files)) {
    if (file.dir) continue;
    const size = await inflatedSize(file as InternallyStreamed, limit - total);
    if (typeof size === "string") return size;
    total += size;
  }
  return "within";
}

/** JSZip's own file stream, which its typings leave out. */
type InternallyStreamed = JSZip.JSZipObject & {
  internalStream(type: "uint8array"): JSZip.JSZipStreamHelper<Uint8Array>;
};

/** The file's inflated size, or "over" as soon as it passes `limit` (the rest is not inflated). */
function inflatedSize(file: InternallyStreamed, limit: number): Promise<number | "over" | "unreadable"> {
  return new Promise((resolve) => {
    let size = 0;
    let helper: JSZip.JSZipStreamHelper<Uint8Array>;
    try {
      helper = file.internalStream("uint8array");
    } catch {
      resolve("unreadable");
      return;
    }
    helper
      .on("data", (chunk) => {
        size += chunk.length;
        if (size > limit) {
          helper.pause();
          resolve("over");
        }
      })
      .on("error", () => resolve("unreadable"))
      .on("end", () => resolve(size))
      .resume();
  });
}
