import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "./data-dir-lock.server";

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
  expect(readFileSync(path.join(dir, "server.lock"), "utf8").trim()).toBe(String(process.pid));
  lock.release();
  acquireDataDirLock(dir).release();
});

test("a directory held by another running server is refused with a clear message", async () => {
  const dir = freshDir();
  child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
  await new Promise((resolve) => child!.once("spawn", resolve));
  writeFileSync(path.join(dir, "server.lock"), `${child.pid}\n`);
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
