import type { PGlite } from "@electric-sql/pglite";

// PostgreSQL asks a relation file's size (lseek to its end) each time it plans or scans the
// relation: some 100 to 400 times per page. PGlite's Node file system answers each with an
// fstat of the file, about 2.5 µs apiece in Node, 3–5 % of a page's CPU (issue 47, ADR 058).
// The embedded database's files are written by this process alone (DATA_DIR's lock, and
// PGlite's single backend), and every write goes through the same file system: so the size
// is asked of the file once, then kept on the file's node and moved by each write past it.
// Whatever could change it otherwise forgets it: opening the file (O_TRUNC), truncating it,
// appending, a write at the descriptor's own position.

const SEEK_END = 2;
const O_APPEND = 1024;
/** Where PGlite mounts its data directory in its file system (PGDATA). */
const DATA_MOUNT = "/pglite/data";
const SIZE = Symbol("patitas.fileSize");
const PATCHED = Symbol("patitas.fileSizesKept");

type FileNode = { mode: number; [SIZE]?: number | undefined };
type Stream = { node: FileNode; flags: number };
type StreamOps = {
  open: (stream: Stream) => void;
  write: (stream: Stream, buffer: unknown, offset: number, length: number, position?: number) => number;
  llseek: (stream: Stream, offset: number, whence: number) => number;
  setattr?: (stream: Stream, attr: unknown) => void;
};
type NodeOps = { setattr: (node: FileNode, attr: unknown) => void };
type NodeFs = { stream_ops: StreamOps; node_ops: NodeOps; flagsForNode?: unknown; [PATCHED]?: true };
type EmscriptenFs = {
  lookupPath: (path: string) => { node: { mount: { type: NodeFs } } };
  isFile: (mode: number) => boolean;
};

/** The file system of PGlite's data directory, when it is Node's (a directory on disk); else null. */
function nodeFileSystem(client: PGlite): NodeFs | null {
  const fs = (client as unknown as { Module: { FS: EmscriptenFs } }).Module.FS;
  try {
    const type = fs.lookupPath(DATA_MOUNT).node.mount.type;
    // Emscripten's NODEFS (a directory on disk); MEMFS, in memory, has no flags for Node.
    const isNodeFs = typeof type.flagsForNode === "function" && typeof type.stream_ops?.llseek === "function";
    return isNodeFs && typeof type.node_ops?.setattr === "function" ? type : null;
  } catch {
    return null;
  }
}

/**
 * Keeps the files' sizes of an embedded database on disk (ADR 058). Does nothing for one in
 * memory (its file system keeps sizes itself). Whether it applied.
 */
export function keepFileSizes(client: PGlite): boolean {
  const nodeFs = nodeFileSystem(client);
  if (!nodeFs) return false;
  if (nodeFs[PATCHED]) return true;
  const isFile = (client as unknown as { Module: { FS: EmscriptenFs } }).Module.FS.isFile;
  const streams = nodeFs.stream_ops;
  const { open, write, llseek, setattr: truncateOpen } = streams;
  const { setattr: truncatePath } = nodeFs.node_ops;

  streams.open = (stream) => {
    stream.node[SIZE] = undefined;
    open(stream);
  };
  streams.write = (stream, buffer, offset, length, position) => {
    const written = write(stream, buffer, offset, length, position);
    const kept = stream.node[SIZE];
    if (kept === undefined) return written;
    if (stream.flags & O_APPEND || typeof position !== "number") stream.node[SIZE] = undefined;
    else if (position + written > kept) stream.node[SIZE] = position + written;
    return written;
  };
  streams.llseek = (stream, offset, whence) => {
    if (whence !== SEEK_END || !isFile(stream.node.mode)) return llseek(stream, offset, whence);
    // The first time, the file system's own answer (its errors too) gives the size.
    const size = (stream.node[SIZE] ??= llseek(stream, 0, SEEK_END));
    return offset + size < 0 ? llseek(stream, offset, whence) : offset + size;
  };
  if (truncateOpen) {
    streams.setattr = (stream, attr) => {
      stream.node[SIZE] = undefined;
      truncateOpen(stream, attr);
    };
  }
  nodeFs.node_ops.setattr = (node, attr) => {
    node[SIZE] = undefined;
    truncatePath(node, attr);
  };
  nodeFs[PATCHED] = true;
  return true;
}
