import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, expect, test } from "vitest";

import { acquireDataDirLock, DataDirLockedError, describeLockOwner } from "./data-dir-lock.server";

let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill("SIGKILL");
  child = undefined;
});

function freshDir() {
  return mkdtempSync(path.join(tmpdir(), "patitas-lock-"));
}

test("the lock records this process and is released", () => {
  const dir = freshDir();
  const lock = acquireDataDirLock(dir);
  // The pid, when the process started (clock ticks) and which boot of the machine.
  const [pid, startTicks, bootId] = readFileSync(path.join(dir, "server.lock"), "utf8").trim().split(" ");
  expect(pid).toBe(String(process.pid));
  expect(startTicks).toMatch(/^\d+$/);
  expect(bootId).toBe(readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim());
  lock.release();
  acquireDataDirLock(dir).release();
});

test("a directory held by another running server is refused with a clear message", async () => {
  const dir = freshDir();
  child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
  await new Promise((resolve) => child!.once("spawn", resolve));
  writeFileSync(path.join(dir, "server.lock"), describeLockOwner(child.pid!));
  expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
  expect(() => acquireDataDirLock(dir)).toThrow(/Another server \(pid \d+\) is already using DATA_DIR/);
});

test("a lock left by a killed server, or an unreadable one, is recovered", async () => {
  const dir = freshDir();
  child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
  await new Promise((resolve) => child!.once("spawn", resolve));
  const deadPid = child.pid!;
  child.kill("SIGKILL");
  await new Promise((resolve) => child!.once("exit", resolve));
  writeFileSync(path.join(dir, "server.lock"), `${deadPid}\n`);
  acquireDataDirLock(dir).release();

  writeFileSync(path.join(dir, "server.lock"), "garbage");
  acquireDataDirLock(dir).release();
});

test("after a restart, a lock whose pid now belongs to another process is recovered", async () => {
  const dir = freshDir();
  // A running node process with the lock's pid, as after a power cut or a container restart.
  child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
  await new Promise((resolve) => child!.once("spawn", resolve));
  const [pid, startTicks, bootId] = describeLockOwner(child.pid!).trim().split(" ");

  // Same pid, but that process started at another moment: not the server that wrote the lock.
  writeFileSync(path.join(dir, "server.lock"), `${pid} ${Number(startTicks) + 1} ${bootId}\n`);
  acquireDataDirLock(dir).release();
  // Same pid and start, but written before the machine last booted.
  writeFileSync(path.join(dir, "server.lock"), `${pid} ${startTicks} 00000000-0000-0000-0000-000000000000\n`);
  acquireDataDirLock(dir).release();
  // An old lock with only a pid still counts a live node process as the server.
  writeFileSync(path.join(dir, "server.lock"), `${pid}\n`);
  expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
});
