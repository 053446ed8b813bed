import { unlink } from "node:fs/promises";
import path from "node:path";

import { readConfig } from "~/config.server";
import {
  PRIVATE_IMAGE_NAME,
  readPrivateImage,
  type StoredPrivateImage,
  storePrivateImage,
} from "~/domain/media/image-upload.server";
import { logError } from "~/lib/log.server";

// A pet's photo is personal, like a payment receipt (payment-receipt.server.ts): it passes the
// shop's upload checks (a real image, 5 MB at most, re-encoded without its metadata), is
// written under $DATA_DIR/pet-photos, which nothing serves, and is read back only through
// /mascota/{id}/foto for the pet's owner or an administrator.

function getPetPhotosDir(): string {
  return path.join(readConfig().dataDir, "pet-photos");
}

/** Checks and stores a photo under a random name; refused with a Spanish message when it is not an image. */
export function storePetPhoto(bytes: Uint8Array): Promise<StoredPrivateImage> {
  return storePrivateImage(bytes, getPetPhotosDir());
}

/** Deletes a stored photo; a name that is not one of ours, or a file already gone, is nothing to do. */
export async function removePetPhoto(fileName: string | null | undefined): Promise<void> {
  if (!fileName || !PRIVATE_IMAGE_NAME.test(fileName)) return;
  await unlink(path.join(getPetPhotosDir(), fileName)).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "ENOENT") logError("pet photo not removed", error, { fileName });
  });
}

/** A stored photo's bytes and the type they really are; null when the name or the file is not one. */
export function readPetPhotoFile(fileName: string | null) {
  return readPrivateImage(getPetPhotosDir(), fileName);
}
