import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, test } from "vitest";

import { products } from "~/db/schema";
import { renderShareImage } from "~/domain/catalog/share-image.server";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { setUpTestDatabase } from "~test/test-database";

import { loader } from "./product-share-image";

const { handle } = setUpTestDatabase();
let product: typeof products.$inferSelect;

beforeAll(async () => {
  await seedDemoShop(handle().db);
  [product] = (await handle().db.select().from(products).where(eq(products.isArchived, false)).limit(1)) as [
    typeof product,
  ];
});

function get(productId: string, headers: Record<string, string> = {}) {
  const request = new Request(`http://localhost:3000/producto/${productId}/imagen.jpg`, { headers });
  return loader({ request, params: { productId }, context: {} } as never) as Promise<Response>;
}

describe("GET /producto/{id}/imagen.jpg", () => {
  test("a 1200x630 JPEG with a day's cache and the product's date", async () => {
    const response = await get(String(product.id));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/jpeg");
    expect(response.headers.get("Last-Modified")).toBe(product.updatedAt.toUTCString());
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
  });

  test("a card is rendered once: the same picture answers from memory, and a render under way is shared", async () => {
    const first = renderShareImage(product.image);
    const second = renderShareImage(product.image);
    expect(second).toBe(first);
    const again = await get(String(product.id));
    expect(Buffer.from(await again.arrayBuffer()).equals(await first)).toBe(true);
  });

  test("asked again with the date it has, the preview service gets a 304 without a body", async () => {
    const response = await get(String(product.id), { "If-Modified-Since": product.updatedAt.toUTCString() });
    expect(response.status).toBe(304);
    expect(await response.text()).toBe("");
    const older = new Date(product.updatedAt.getTime() - 60_000).toUTCString();
    expect((await get(String(product.id), { "If-Modified-Since": older })).status).toBe(200);
  });

  test("an unknown or malformed id is a 404", async () => {
    expect((await get("987654")).status).toBe(404);
    expect((await get("1e3")).status).toBe(404);
  });
});
