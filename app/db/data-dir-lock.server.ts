import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Another server (pid ${pid}) is already using DATA_DIR ${dataDir}. ` +
        "The embedded database allows a single server per data directory: stop that " +
        "server first, or give this one another DATA_DIR (or a DATABASE_URL).",
    );
    this.name = "DataDirLockedError";
  }
}

function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  // A recycled pid that now belongs to something else is not our server.
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
    return cmdline.includes("node");
  } catch {
    return true;
  }
}

/**
 * PGlite has no lock between processes: two servers on one directory both "work"
 * and one silently loses its commits. Take an exclusive pid-file lock; a lock left
 * by a killed server is recovered.
 */
export function acquireDataDirLock(dataDir: string): { release: () => void } {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "server.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            if (Number(readFileSync(file, "utf8").trim()) === process.pid) unlinkSync(file);
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      let owner = Number.NaN;
      try {
        owner = Number(readFileSync(file, "utf8").trim());
      } catch {
        // Unreadable or vanished lock: treat as stale.
      }
      if (isProcessAlive(owner)) throw new DataDirLockedError(dataDir, owner);
      try {
        unlinkSync(file);
      } catch {
        // Another starter removed it first; the retry decides who wins.
      }
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}
