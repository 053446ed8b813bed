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

/** The machine's boot, and when a process started in it (clock ticks): "" when unknown. */
function readBootId(): string {
  try {
    return readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
  } catch {
    return "";
  }
}

function readStartTicks(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Field 22, counted after the command name, which may itself hold spaces and brackets.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? "";
  } catch {
    return "";
  }
}

/**
 * What the lock file says: "pid start-ticks boot-id". The pid alone is not enough: after a
 * power cut or a container restart the same pid may belong to another process (even another
 * node), and the shop would refuse to start until someone deleted the file.
 */
export function describeLockOwner(pid: number): string {
  return `${pid} ${readStartTicks(pid) || "-"} ${readBootId() || "-"}\n`;
}

function readLockPid(content: string): number {
  return Number(content.trim().split(/\s+/)[0]);
}

function isLockOwnerAlive(content: string): boolean {
  const [pidText, startTicks = "-", bootId = "-"] = content.trim().split(/\s+/);
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  const currentBoot = readBootId();
  if (bootId !== "-" && currentBoot && bootId !== currentBoot) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  const currentTicks = readStartTicks(pid);
  if (startTicks !== "-" && currentTicks) return startTicks === currentTicks;
  // A lock of the pid-only kind: a recycled pid that now belongs to something else is not our server.
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
      writeSync(fd, describeLockOwner(process.pid));
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            if (readLockPid(readFileSync(file, "utf8")) === process.pid) unlinkSync(file);
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      let content = "";
      try {
        content = readFileSync(file, "utf8");
      } catch {
        // Unreadable or vanished lock: treat as stale.
      }
      if (isLockOwnerAlive(content)) throw new DataDirLockedError(dataDir, readLockPid(content));
      try {
        unlinkSync(file);
      } catch {
        // Another starter removed it first; the retry decides who wins.
      }
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}
