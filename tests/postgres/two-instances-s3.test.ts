// Runs only with TEST_DATABASE_URL (see vitest.config.ts and .ci/run): two production servers
// on one PostgreSQL database and one S3-compatible bucket (s3rver, ADR 041 and 042), each with
// its own DATA_DIR. A file sent through A is served through B, to whom may see it and no one
// else, as a load balancer would spread one shopper's requests.
import { createHash } from "node:crypto";

import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, expect, test } from "vitest";

import { orders, pets, products } from "~/db/schema";

import { startS3Server } from "../support/s3-server.js";
import { registerAtAuth, type ServerProcess, signInAtAdmin } from "../support/server-process";
import { placeGuestOrderOverHttp, uploadImageOverHttp } from "../support/shop-traffic";
import { startTwoInstances, type TwoInstances } from "../support/two-instances";

let s3: Awaited<ReturnType<typeof startS3Server>>;
let shop: TwoInstances;

beforeAll(async () => {
  s3 = await startS3Server();
  shop = await startTwoInstances(s3.env);
}, 120_000);

afterAll(async () => {
  await shop?.stop();
  await s3?.close();
});

const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** GET through `server`: status, headers and the body's bytes. */
async function get(server: ServerProcess, path: string, cookie?: string) {
  const response = await fetch(`${server.url}${path}`, {
    redirect: "manual",
    headers: cookie ? { Cookie: cookie } : {},
  });
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

/** A multipart form posted as the shop's own page posts it. */
async function multipartPost(server: ServerProcess, path: string, form: FormData, cookie: string) {
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, Cookie: cookie },
    body: form,
  });
  await response.body?.cancel();
  return response;
}

const picture = (width: number, background: string) =>
  sharp({ create: { width, height: 240, channels: 3, background } })
    .png()
    .toBuffer();

test("both instances use the bucket", () => {
  for (const server of [shop.a, shop.b]) {
    expect(server.output()).toContain(`Files (images, receipts, pet photos) in s3://patitas-test at ${s3.endpoint}.`);
  }
});

test("an image the admin uploads through A is served by B, the same bytes, cached for a year", async () => {
  const adminCookie = await signInAtAdmin(shop.a.url);
  const imageUrl = await uploadImageOverHttp(shop.a.url, adminCookie);
  const throughA = await get(shop.a, imageUrl);
  expect(throughA.status).toBe(200);
  const throughB = await get(shop.b, imageUrl);
  expect(throughB.status).toBe(200);
  expect(throughB.headers.get("Content-Type")).toMatch(/^image\//);
  expect(throughB.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
  expect(throughB.bytes.byteLength).toBeGreaterThan(0);
  expect(sha(throughB.bytes)).toBe(sha(throughA.bytes));
});

test("a receipt a shopper sends through A is shown through B to the admin and the shopper, to no one else", async () => {
  const [product] = await shop.database.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.title, "Snack Dental para Perro x 7 unidades"));
  const line = [{ productId: product!.id, quantity: 1 }];
  const shopper = await placeGuestOrderOverHttp(shop.a.url, line, "Rosa Quispe");
  const other = await placeGuestOrderOverHttp(shop.a.url, line, "Jorge Salas");

  const form = new FormData();
  form.set("receipt", new Blob([await picture(320, "#f4b860")]), "comprobante.png");
  form.set("operation", "OP-778899");
  const sent = await multipartPost(shop.a, `/pedido/${shopper.code}`, form, shopper.cookie);
  expect(sent.status).toBe(302);
  const [stored] = await shop.database.db
    .select({ receiptImage: orders.receiptImage, receiptOperation: orders.receiptOperation })
    .from(orders)
    .where(eq(orders.code, shopper.code));
  expect(stored!.receiptImage).not.toBeNull();
  expect(stored!.receiptOperation).toBe("OP-778899");

  const receiptPath = `/pedido/${shopper.code}/comprobante`;
  const fromA = await get(shop.a, receiptPath, shopper.cookie);
  expect(fromA.status).toBe(200);
  // The admin signs in on A; the session (in the database) opens B too.
  const adminCookie = await signInAtAdmin(shop.a.url);
  for (const cookie of [adminCookie, shopper.cookie]) {
    const throughB = await get(shop.b, receiptPath, cookie);
    expect(throughB.status).toBe(200);
    expect(throughB.headers.get("Content-Type")).toBe("image/webp");
    expect(throughB.headers.get("Cache-Control")).toBe("private, no-store");
    expect(sha(throughB.bytes)).toBe(sha(fromA.bytes));
  }
  for (const cookie of [other.cookie, undefined]) {
    const refused = await get(shop.b, receiptPath, cookie);
    expect(refused.status).toBe(404);
    expect(new TextDecoder().decode(refused.bytes)).toBe("Comprobante no encontrado.");
  }
});

test("a pet's photo its owner adds through A is shown through B to that owner only", async () => {
  const sessionOf = (lines: string[]) => lines.map((cookie) => cookie.split(";")[0]).join("; ");
  const owner = sessionOf(await registerAtAuth(shop.a, "duena.firulais@example.pe", "Lucía Ramos"));
  const stranger = sessionOf(await registerAtAuth(shop.a, "vecino@example.pe", "Pedro Vega"));

  const form = new FormData();
  form.set("intent", "pet-save");
  for (const [name, value] of Object.entries({ name: "Firulais", species: "dog", breed: "Schnauzer", size: "medium" }))
    form.set(name, value);
  form.set("photo", new Blob([await picture(300, "#8fb3e0")]), "firulais.png");
  const saved = await multipartPost(shop.a, "/perfil?tab=mascotas", form, owner);
  expect(saved.status).toBe(302);
  const [pet] = await shop.database.db
    .select({ id: pets.id, photo: pets.photo })
    .from(pets)
    .where(eq(pets.name, "Firulais"));
  expect(pet!.photo).not.toBeNull();

  const photoPath = `/mascota/${pet!.id}/foto`;
  const fromA = await get(shop.a, photoPath, owner);
  expect(fromA.status).toBe(200);
  const throughB = await get(shop.b, photoPath, owner);
  expect(throughB.status).toBe(200);
  expect(throughB.headers.get("Content-Type")).toBe("image/webp");
  expect(sha(throughB.bytes)).toBe(sha(fromA.bytes));
  for (const cookie of [stranger, undefined]) {
    const refused = await get(shop.b, photoPath, cookie);
    expect(refused.status).toBe(404);
    expect(new TextDecoder().decode(refused.bytes)).toBe("Foto no encontrada.");
  }
});
