// ADR 041: the shop's files in an S3-compatible bucket (s3rver on a free port, never a real
// cloud). A product image is stored in the bucket and served by the app with a year's cache;
// a payment receipt is there too, shown to its owner and a 404 to another shopper; a pet's photo
// the same; the housekeeping deletes the unused images from the bucket, not the used ones.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";

import { eq } from "drizzle-orm";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";

import { readConfig } from "~/config.server";
import { orders, products } from "~/db/schema";
import { storeUploadedImage } from "~/domain/media/image-upload.server";
import { runHousekeeping } from "~/domain/operations/housekeeping.server";
import { savePaymentReceipt } from "~/domain/orders/payment-receipt.server";
import { readPetPhotoFile, removePetPhoto, storePetPhoto } from "~/domain/pets/pet-photo.server";
import { loader as receiptImageLoader } from "~/routes/api/order-receipt-image";
import { requestAs, signUpCustomer } from "~test/auth";
import { insertTestOrder, makePng, withOwnDataDir } from "~test/order-page";
import { startS3Server } from "~test/s3-server.js";
import { seededShopWithAdmin } from "~test/seeded-shop";

import { serveUploads } from "./serve-uploads.server";
import { createS3Storage, readS3Settings } from "./storage.js";

const shop = seededShopWithAdmin();
const dataDir = withOwnDataDir();
let s3: Awaited<ReturnType<typeof startS3Server>>;
let server: ReturnType<ReturnType<typeof express>["listen"]>;
let baseUrl: string;
const bucket = () => createS3Storage(readS3Settings(s3.env).settings!);

beforeAll(async () => {
  s3 = await startS3Server();
  for (const [name, value] of Object.entries(s3.env)) vi.stubEnv(name, value);
  const app = express();
  app.use("/uploads", ...serveUploads(readConfig()));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await s3?.close();
});

const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function makeJpeg(seed: number): Promise<Uint8Array> {
  return sharp({ create: { width: 900, height: 600, channels: 3, background: { r: seed, g: 90, b: 200 } } })
    .jpeg()
    .toBuffer();
}

describe("public images in the bucket", () => {
  test("an uploaded product image's variants go to the bucket, not the disk, and the app serves them for a year", async () => {
    const stored = await storeUploadedImage(await makeJpeg(10));
    if (!stored.ok) throw new Error(stored.message);
    const name = path.basename(stored.url);
    const objects = (await bucket().list("uploads")).map((file) => file.name);
    expect(objects).toEqual(
      expect.arrayContaining([name, name.replace("-1280", "-320"), name.replace("-1280", "-640")]),
    );
    expect(existsSync(path.join(dataDir(), "uploads"))).toBe(false);

    const response = await fetch(`${baseUrl}${stored.url}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    const served = new Uint8Array(await response.arrayBuffer());
    expect(sha(served)).toBe(sha((await bucket().read(`uploads/${name}`))!));
    expect((await sharp(served).metadata()).format).toBe("webp");

    const again = await fetch(`${baseUrl}${stored.url}`, {
      headers: { "If-None-Match": response.headers.get("ETag")! },
    });
    expect(again.status).toBe(304);
    const missing = await fetch(`${baseUrl}/uploads/${"0".repeat(32)}-640.webp`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe("Imagen no encontrada.");
    expect((await fetch(`${baseUrl}/uploads/..%2Fdb%2Fx`)).status).toBe(404);
  });

  test("with S3_PUBLIC_URL the app sends the browser to the CDN's copy", async () => {
    const app = express();
    app.use(
      "/uploads",
      ...serveUploads({ ...readConfig(), s3: { ...readConfig().s3!, publicUrl: "https://cdn.example.pe" } }),
    );
    const cdnServer = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => cdnServer.once("listening", resolve));
    try {
      const port = (cdnServer.address() as AddressInfo).port;
      const name = `${"a".repeat(32)}-640.webp`;
      const response = await fetch(`http://127.0.0.1:${port}/uploads/${name}`, { redirect: "manual" });
      expect(response.status).toBe(302);
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=86400");
      expect(response.headers.get("Location")).toBe(`https://cdn.example.pe/uploads/${name}`);
    } finally {
      await new Promise((resolve) => cdnServer.close(resolve));
    }
  });

  test("the housekeeping deletes from the bucket the images no row names, and keeps the named one", async () => {
    const db = shop.handle().db;
    const named = await storeUploadedImage(await makeJpeg(30));
    const unused = await storeUploadedImage(await makeJpeg(60));
    if (!named.ok || !unused.ok) throw new Error("not stored");
    const [product] = await db.select({ id: products.id }).from(products).limit(1);
    await db.update(products).set({ image: named.url }).where(eq(products.id, product!.id));
    const hashOf = (url: string) => path.basename(url).split("-")[0]!;
    const later = new Date(Date.now() + 8 * 24 * 3600_000);
    await runHousekeeping(db, { dataDir: dataDir(), now: later });
    await runHousekeeping(db, { dataDir: dataDir(), now: new Date(later.getTime() + 25 * 3600_000) });
    const left = (await bucket().list("uploads")).map((file) => file.name);
    expect(left.filter((name) => name.startsWith(hashOf(named.url)))).toHaveLength(3);
    expect(left.filter((name) => name.startsWith(hashOf(unused.url)))).toEqual([]);
  });
});

describe("private files in the bucket", () => {
  test("a payment receipt is kept in the bucket, shown to its owner and to nobody else", async () => {
    const db = shop.handle().db;
    const ownerCookie = await signUpCustomer("duena-s3@example.pe");
    const otherCookie = await signUpCustomer("otro-s3@example.pe");
    const [owner] = await db.query.users.findMany({ where: (u, { eq: is }) => is(u.email, "duena-s3@example.pe") });
    const order = await insertTestOrder(db, { userId: owner!.id });
    expect(await savePaymentReceipt(order.id, { image: await makePng(), operation: "" })).toEqual({
      status: "received",
    });
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    const stored = await bucket().read(`receipts/${row!.receiptImage}`);
    expect(stored).not.toBeNull();
    expect(existsSync(path.join(dataDir(), "receipts"))).toBe(false);

    const open = (cookie: string | null) =>
      receiptImageLoader({
        request: requestAs(cookie, `/pedido/${order.code}/comprobante`),
        params: { code: order.code },
        context: {},
      } as never) as Promise<Response>;
    const seen = await open(ownerCookie);
    expect(seen.status).toBe(200);
    expect(seen.headers.get("Cache-Control")).toBe("private, no-store");
    expect(sha(new Uint8Array(await seen.arrayBuffer()))).toBe(sha(stored!));
    expect((await open(shop.adminCookie())).status).toBe(200);
    const refused = await open(otherCookie);
    expect(refused.status).toBe(404);
    expect(await refused.text()).toBe("Comprobante no encontrado.");
    expect((await open(null)).status).toBe(404);

    // A new picture replaces the old object in the bucket.
    await savePaymentReceipt(order.id, { image: await makePng(40), operation: "" });
    const [after] = await db.select().from(orders).where(eq(orders.id, order.id));
    const receipts = (await bucket().list("receipts")).map((file) => file.name);
    expect(receipts).toContain(after!.receiptImage);
    expect(receipts).not.toContain(row!.receiptImage);
  });

  test("a pet's photo is kept in the bucket, read back and deleted there", async () => {
    const stored = await storePetPhoto(await makePng(80));
    if (!stored.ok) throw new Error(stored.message);
    expect((await bucket().list("pet-photos")).map((file) => file.name)).toContain(stored.fileName);
    expect((await readPetPhotoFile(stored.fileName))?.contentType).toBe("image/webp");
    await removePetPhoto(stored.fileName);
    expect(await readPetPhotoFile(stored.fileName)).toBeNull();
    expect(existsSync(path.join(dataDir(), "pet-photos"))).toBe(false);
  });
});
