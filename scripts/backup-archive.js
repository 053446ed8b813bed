// The backup file: a gzip-compressed tar (ustar) that `tar -tzf` can list and unpack by
// hand. Written and read as streams, so a shop with a gigabyte of photos does not need a
// gigabyte of memory. Only what backup.js writes is supported: regular files, names of at
// most 100 bytes, no links.
import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { rename, rm, stat } from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";

const BLOCK = 512;

function tarHeader(name, size, mtime) {
  const nameBytes = Buffer.from(name, "utf8");
  if (nameBytes.length > 100) throw new Error(`Name too long for the backup archive: ${name}`);
  const header = Buffer.alloc(BLOCK);
  const octal = (value, length) => Buffer.from(`${value.toString(8).padStart(length - 1, "0")}\0`, "ascii");
  nameBytes.copy(header, 0);
  octal(0o600, 8).copy(header, 100);
  octal(0, 8).copy(header, 108);
  octal(0, 8).copy(header, 116);
  octal(size, 12).copy(header, 124);
  octal(Math.floor(mtime / 1000), 12).copy(header, 136);
  header.fill(" ", 148, 156);
  header.write("0", 156, "ascii");
  header.write("ustar\0", 257, "ascii");
  header.write("00", 263, "ascii");
  let sum = 0;
  for (const byte of header) sum += byte;
  Buffer.from(`${sum.toString(8).padStart(6, "0")}\0 `, "ascii").copy(header, 148);
  return header;
}

function padding(size) {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
}

/**
 * Writes `${file}.partial` and renames it to `file` on finish(): an interrupted backup never
 * leaves a file that looks complete.
 */
export function createArchiveWriter(file) {
  const partial = `${file}.partial`;
  const gzip = createGzip({ level: 6 });
  const output = createWriteStream(partial, { mode: 0o600 });
  const done = pipeline(gzip, output);
  // A write error surfaces through `done`; keep it from being reported as unhandled meanwhile.
  done.catch(() => {});

  async function write(chunk) {
    if (!gzip.write(chunk)) await Promise.race([once(gzip, "drain"), done]);
  }

  return {
    async addBuffer(name, buffer) {
      await write(tarHeader(name, buffer.length, Date.now()));
      await write(buffer);
      await write(padding(buffer.length));
    },
    /** An entry of `size` bytes read from a stream (a file in the S3 bucket). */
    async addStream(name, { size, mtimeMs, body }) {
      await write(tarHeader(name, size, mtimeMs));
      let written = 0;
      for await (const chunk of body) {
        written += chunk.length;
        await write(chunk);
      }
      if (written !== size) throw new Error(`${name} changed while it was being backed up`);
      await write(padding(size));
    },
    async addFile(name, source) {
      const { size, mtimeMs } = await stat(source);
      await write(tarHeader(name, size, mtimeMs));
      let written = 0;
      for await (const chunk of createReadStream(source)) {
        written += chunk.length;
        await write(chunk);
      }
      if (written !== size) throw new Error(`${source} changed while it was being backed up`);
      await write(padding(size));
    },
    async finish() {
      gzip.end(Buffer.alloc(BLOCK * 2));
      await done;
      await rename(partial, file);
    },
    async abort() {
      gzip.destroy();
      await done.catch(() => {});
      await rm(partial, { force: true });
    },
  };
}

/** Pulls exact byte counts out of a stream of chunks. */
class ChunkReader {
  constructor(stream) {
    this.iterator = stream[Symbol.asyncIterator]();
    this.buffer = Buffer.alloc(0);
  }

  async fill() {
    const { done, value } = await this.iterator.next();
    if (done) return false;
    this.buffer = this.buffer.length > 0 ? Buffer.concat([this.buffer, value]) : value;
    return true;
  }

  async readExactly(length) {
    while (this.buffer.length < length) {
      if (!(await this.fill())) throw new Error("The backup file is truncated.");
    }
    const out = this.buffer.subarray(0, length);
    this.buffer = this.buffer.subarray(length);
    return out;
  }

  /**
   * Reads to the end of the stream, dropping what is left: a gzip stream checks its trailer
   * (CRC and length) only at its end, so a copy cut off in its last bytes fails only here.
   */
  async drain() {
    this.buffer = Buffer.alloc(0);
    while (await this.fill()) this.buffer = Buffer.alloc(0);
  }

  /** Up to `max` bytes, at least one. */
  async readSome(max) {
    if (this.buffer.length === 0 && !(await this.fill())) throw new Error("The backup file is truncated.");
    const out = this.buffer.subarray(0, Math.min(max, this.buffer.length));
    this.buffer = this.buffer.subarray(out.length);
    return out;
  }
}

function readOctal(header, offset, length) {
  const text = header
    .toString("ascii", offset, offset + length)
    .replace(/\0.*$/s, "")
    .trim();
  return text === "" ? 0 : Number.parseInt(text, 8);
}

/**
 * Calls `onEntry({ name, size, read })` for each file in order; `read(sink)` streams the
 * body into `sink(chunk)` and must be awaited before the next entry (an entry not read
 * is skipped).
 */
export async function readArchive(file, onEntry) {
  const gunzip = createGunzip();
  const source = createReadStream(file);
  source.on("error", (error) => gunzip.destroy(error));
  source.pipe(gunzip);
  const reader = new ChunkReader(gunzip);
  try {
    for (;;) {
      const header = await reader.readExactly(BLOCK);
      if (header.every((byte) => byte === 0)) {
        await reader.drain();
        return;
      }
      let sum = 0;
      for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : header[i];
      if (sum !== readOctal(header, 148, 8)) throw new Error("The backup file is damaged (bad tar header).");
      const name = header.toString("utf8", 0, 100).replace(/\0.*$/s, "");
      const size = readOctal(header, 124, 12);
      let remaining = size;
      const read = async (sink) => {
        while (remaining > 0) {
          const chunk = await reader.readSome(Math.min(remaining, 1 << 20));
          remaining -= chunk.length;
          await sink(chunk);
        }
      };
      await onEntry({ name, size, read });
      await read(() => {});
      await reader.readExactly(padding(size).length);
    }
  } finally {
    source.destroy();
    gunzip.destroy();
  }
}

/** Reads an entry whole (small entries only: the manifest, the secret). */
export async function readEntryBuffer(entry) {
  const chunks = [];
  await entry.read((chunk) => chunks.push(Buffer.from(chunk)));
  return Buffer.concat(chunks);
}

/** Streams an entry into `target` through `${target}.part` and a rename. */
export async function writeEntryToFile(entry, target, mode = 0o644) {
  const partial = `${target}.part`;
  const output = createWriteStream(partial, { mode });
  try {
    await entry.read(async (chunk) => {
      if (!output.write(chunk)) await once(output, "drain");
    });
    output.end();
    await once(output, "close");
    await rename(partial, target);
  } catch (error) {
    // A write still pending when the archive failed would fail too ("write after destroyed"):
    // that is the same failure, already being reported, not a new one to crash on.
    output.on("error", () => {});
    if (!output.closed) {
      // Not events.once: it would reject with that same pending write's error.
      const closed = new Promise((resolve) => output.once("close", resolve));
      output.destroy();
      await closed;
    }
    await rm(partial, { force: true });
    throw error;
  }
}
