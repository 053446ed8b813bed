// ADR 041: without S3_BUCKET the AWS SDK is never imported, so the embedded set-up's memory is
// what it was. The SDK's module is replaced by one that records being loaded.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import sharp from "sharp";
import { afterAll, beforeAll, expect, test, vi } from "vitest";

import { storeUploadedImage } from "~/domain/media/image-upload.server";
import { readPetPhotoFile, removePetPhoto, storePetPhoto } from "~/domain/pets/pet-photo.server";
import { getFileStorage } from "~/lib/file-storage.server";

const loaded = vi.hoisted(() => ({ sdk: false }));
vi.mock("@aws-sdk/client-s3", () => {
  loaded.sdk = true;
  return {};
});

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "patitas-embedded-files-"));
  vi.stubEnv("DATA_DIR", dataDir);
});
afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(dataDir, { recursive: true, force: true });
});

test("images and private files on the disk never load the AWS SDK", async () => {
  const png = await sharp({ create: { width: 200, height: 120, channels: 3, background: "#ffaa00" } })
    .png()
    .toBuffer();
  const image = await storeUploadedImage(png);
  expect(image.ok).toBe(true);
  const photo = await storePetPhoto(png);
  if (!photo.ok) throw new Error(photo.message);
  expect((await readPetPhotoFile(photo.fileName))?.contentType).toBe("image/webp");
  await removePetPhoto(photo.fileName);
  const storage = getFileStorage();
  expect(storage.kind).toBe("local");
  expect((await storage.list("uploads")).length).toBe(3);
  await storage.check();
  expect(loaded.sdk).toBe(false);

  // The mock does record a load: a bucket's storage imports it at its first call.
  vi.stubEnv("S3_BUCKET", "b");
  vi.stubEnv("S3_REGION", "us-east-1");
  vi.stubEnv("S3_ACCESS_KEY_ID", "k");
  vi.stubEnv("S3_SECRET_ACCESS_KEY", "s");
  await getFileStorage()
    .stat("uploads/x.webp")
    .catch(() => null);
  expect(loaded.sdk).toBe(true);
});
