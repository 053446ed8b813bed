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

/** What the shop stores for `png` at `width`: the same steps as storeUploadedImage, so the same bytes. */
async function storedWebp(png: Buffer, width: number) {
  const oriented = await sharp(png).rotate().toBuffer();
  return sharp(oriented).resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
}

type UploadOutcome = { png: Buffer; url: string } | { png: Buffer; status: number } | { png: Buffer; lost: unknown };

/** POSTs `png` as the admin's image editor does: an answered URL, another status, or a dropped connection. */
async function upload(
  server: ServerProcess,
  png: Buffer,
  cookie: string,
  from = "203.0.113.1",
): Promise<UploadOutcome> {
  try {
    const response = await fetch(`${server.url}/admin/imagenes`, {
      method: "POST",
      // The address a load balancer in front says the upload came from (loopback is trusted).
      headers: {
        Cookie: cookie,
        Origin: server.url,
        "Content-Type": "application/octet-stream",
        "X-Forwarded-For": from,
      },
      body: new Uint8Array(png),
    });
    if (response.status !== 200) return { png, status: response.status };
    return { png, url: ((await response.json()) as { url: string }).url };
  } catch (lost) {
    return { png, lost };
  }
}

/** Every width of an acknowledged upload is served by `server`: the bytes the shop stores for `png`. */
async function expectServed(server: ServerProcess, png: Buffer, url: string) {
  const hash = sha(png).slice(0, 32);
  expect(url).toBe(`/uploads/${hash}-1280.webp`);
  for (const width of [320, 640, 1280]) {
    const served = await get(server, `/uploads/${hash}-${width}.webp`);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/webp");
    expect(sha(served.bytes)).toBe(sha(await storedWebp(png, width)));
  }
}

// Last in the file: it kills A.
test("kill -9 of A during twelve uploads: every image A acknowledged is served by B, the rest failed cleanly, B goes on", async () => {
  const { a, b } = shop;
  const adminCookie = await signInAtAdmin(a.url);
  // Twelve different pictures (their URLs are their hashes), large enough to keep A busy a while.
  const pngs = await Promise.all(
    Array.from({ length: 12 }, (_, i) =>
      sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 20 * i, g: 120, b: 240 - 20 * i } } })
        .png()
        .toBuffer(),
    ),
  );
  let firstAnswer: () => void = () => {};
  const answered = new Promise<void>((resolve) => (firstAnswer = resolve));
  // Four uploaders at once, three pictures each one after the other: within what A holds in
  // memory at once (two uploads per address, six in all; more are answered 503 'try again').
  const lanes = Array.from({ length: 4 }, async (_, lane) => {
    const outcomes: UploadOutcome[] = [];
    for (const png of pngs.slice(lane * 3, lane * 3 + 3)) {
      outcomes.push(await upload(a, png, adminCookie, `203.0.113.${10 + lane}`));
      if ("url" in outcomes.at(-1)!) firstAnswer();
    }
    return outcomes;
  });
  // Killed once A answered one upload (or all of them failed: then the assertions below say so).
  await Promise.race([answered, Promise.all(lanes)]);
  a.child.kill("SIGKILL");
  expect(await a.exited).toBeNull();
  const outcomes = (await Promise.all(lanes)).flat();

  const acknowledged = outcomes.flatMap((outcome) => ("url" in outcome ? [outcome] : []));
  const lost = outcomes.flatMap((outcome) => ("lost" in outcome ? [outcome] : []));
  // Killed mid-way: some answered, the others dropped with the connection (no other answer).
  expect(acknowledged.length).toBeGreaterThan(0);
  expect(lost.length).toBeGreaterThan(0);
  expect(acknowledged.length + lost.length).toBe(12);
  for (const { lost: error } of lost) {
    expect(error).toBeInstanceOf(TypeError);
    expect(["ECONNRESET", "ECONNREFUSED", "UND_ERR_SOCKET", "EPIPE"]).toContain(
      (error as { cause?: { code?: string } }).cause?.code,
    );
  }
  for (const { png, url } of acknowledged) await expectServed(b, png, url);

  // B goes on: an upload through B is served by B.
  const after = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#e07a5f" } })
    .png()
    .toBuffer();
  const throughB = await upload(b, after, adminCookie);
  expect(throughB).toHaveProperty("url");
  await expectServed(b, after, (throughB as { url: string }).url);
  console.info(`kill -9 during uploads: ${acknowledged.length} acknowledged by A, ${lost.length} lost with it`);
}, 60_000);
