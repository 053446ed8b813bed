import {
  readPrivateImage,
  removePrivateImage,
  type StoredPrivateImage,
  storePrivateImage,
} from "~/domain/media/image-upload.server";

// A pet's photo is personal, like a payment receipt (payment-receipt.server.ts): it passes the
// shop's upload checks (a real image, 5 MB at most, re-encoded without its metadata), is
// written under pet-photos/ in the file storage ($DATA_DIR/pet-photos or the bucket), which
// nothing serves, and is read back only through /mascota/{id}/foto for the pet's owner or an
// administrator.

/** Checks and stores a photo under a random name; refused with a Spanish message when it is not an image. */
export function storePetPhoto(bytes: Uint8Array): Promise<StoredPrivateImage> {
  return storePrivateImage(bytes, "pet-photos");
}

/** Deletes a stored photo; a name that is not one of ours, or a file already gone, is nothing to do. */
export function removePetPhoto(fileName: string | null | undefined): Promise<void> {
  return removePrivateImage("pet-photos", fileName);
}

/** A stored photo's bytes and the type they really are; null when the name or the file is not one. */
export function readPetPhotoFile(fileName: string | null) {
  return readPrivateImage("pet-photos", fileName);
}
