import { readConfig } from "~/config.server";

import { createFileStorage, type FileStorage } from "./file-storage/storage.js";
import { callingOutside } from "./render-queue.server";

export type { FileStorage } from "./file-storage/storage.js";

// One storage per configuration: tests point DATA_DIR (or a bucket) elsewhere between files.
let current: { id: string; storage: FileStorage } | undefined;

/** Where the shop's files live (ADR 041): the S3 bucket when configured, otherwise $DATA_DIR. */
export function getFileStorage(): FileStorage {
  const config = readConfig();
  const id = JSON.stringify([config.dataDir, config.s3 ?? null]);
  if (current?.id !== id) current = { id, storage: waitingOutside(createFileStorage(config)) };
  return current.storage;
}

/** A bucket's calls wait outside the render line (ADR 062); the server's own disk is no outside service. */
function waitingOutside(storage: FileStorage): FileStorage {
  return storage.kind === "s3"
    ? callingOutside(storage, ["put", "putFile", "get", "read", "stat", "remove", "list", "check"])
    : storage;
}
