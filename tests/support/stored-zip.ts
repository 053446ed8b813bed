// ZIP archives written by hand, entry by entry, in the order given. Tests use them to build
// workbooks whose parts come in an order exceljs's own writer never produces, and archives
// crafted as an attacker would: an entry that inflates far beyond its size ("ZIP bomb"),
// headers that lie about that size, an entry only the central directory knows of.

import { deflateRawSync } from "node:zlib";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export type ZipEntry = {
  name: string;
  /** The entry's content: text (UTF-8) or bytes. */
  text?: string;
  bytes?: Uint8Array;
  /** Deflated (method 8) instead of stored. */
  deflate?: boolean;
  /** The uncompressed size the headers claim, when they should lie about it. */
  claimedSize?: number;
  /**
   * An entry written inside this one's data, where a reader that walks the entries in order
   * sees only bytes, and listed in the central directory, where a reader that starts there
   * finds it.
   */
  hides?: ZipEntry;
};

type Written = { header: Buffer; name: Buffer; data: Buffer; crc: number; size: number; method: number };

function write(entry: ZipEntry, offset: number, centrals: Buffer[]): Written {
  const name = Buffer.from(entry.name, "utf8");
  const content = entry.bytes ? Buffer.from(entry.bytes) : Buffer.from(entry.text ?? "", "utf8");
  const crc = crc32(content);
  const method = entry.deflate ? 8 : 0;
  let data = entry.deflate ? deflateRawSync(content, { level: 9 }) : content;
  if (entry.hides) {
    const inner = write(entry.hides, offset + 30 + name.length, centrals);
    data = Buffer.concat([inner.header, inner.name, inner.data]);
  }
  const size = entry.claimedSize ?? content.length;
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0); // local file header
  header.writeUInt16LE(20, 4); // version needed
  header.writeUInt16LE(0x0800, 6); // UTF-8 names
  header.writeUInt16LE(method, 8);
  header.writeUInt32LE(entry.hides ? crc32(data) : crc, 14);
  header.writeUInt32LE(data.length, 18);
  header.writeUInt32LE(entry.hides ? data.length : size, 22);
  header.writeUInt16LE(name.length, 26);

  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0); // central directory header
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(0x0800, 8);
  central.writeUInt16LE(method, 10);
  central.writeUInt32LE(header.readUInt32LE(14), 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(header.readUInt32LE(22), 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(offset, 42);
  centrals.push(central, name);
  return { header, name, data, crc, size, method };
}

export function zipArchive(entries: ZipEntry[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const written = write(entry, offset, centrals);
    locals.push(written.header, written.name, written.data);
    offset += written.header.length + written.name.length + written.data.length;
  }
  const directory = Buffer.concat(centrals);
  const count = centrals.length / 2;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0); // end of central directory
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

/** An archive of uncompressed ("stored") text entries. */
export function storedZip(entries: { name: string; text: string }[]): Uint8Array {
  return zipArchive(entries);
}
