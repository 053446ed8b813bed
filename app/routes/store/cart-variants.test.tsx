// Adding presentaciones to the cart through POST /carrito (issue 23): a line is one
// presentación; forged forms get a Spanish 4xx and change nothing.
import { desc, eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";

import { cartLines, carts, productVariants } from "~/db/schema";
import { invalidCartRequestToast } from "~/domain/cart/cart";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { requestAs } from "~test/auth";
import { setUpTestDatabase } from "~test/test-database";
import { findSizes } from "~test/variants";

import { action as cartAction } from "./cart";

const { handle } = setUpTestDatabase();
let food: { id: number; small: number; large: number };
let collar: { id: number; sizes: number[] };

const sizesOf = (title: string) => findSizes(handle().db, title);

beforeAll(async () => {
  await seedDemoShop(handle().db);
  const foodSizes = await sizesOf("Alimento Pro Plan Cachorro Razas Pequeñas");
  food = { id: foodSizes.id, small: foodSizes.ids[0]!, large: foodSizes.ids[1]! };
  const collarSizes = await sizesOf("Collar Reflectivo Ajustable");
  collar = { id: collarSizes.id, sizes: collarSizes.ids };
});

type Answer = {
  data: { toast?: { title: string; description: string } };
  init: { status?: number; headers?: Record<string, string> } | null;
};

async function add(fields: Record<string, string>, cookie: string | null = null): Promise<Answer> {
  const body = new URLSearchParams({ intent: "add", quantity: "1", ...fields });
  const request = requestAs(cookie, "/carrito", { method: "POST", body });
  return (await cartAction({ request, params: {}, context: { clientIp: "10.9.9.9" } } as never)) as Answer;
}

/** The lines of the cart the cookie's first add created (the newest cart). */
async function newestCartId(): Promise<string> {
  const [cart] = await handle().db.select({ id: carts.id }).from(carts).orderBy(desc(carts.createdAt)).limit(1);
  return cart!.id;
}

async function linesOf(cartId: string) {
  const rows = await handle()
    .db.select()
    .from(cartLines)
    .where(eq(cartLines.cartId, cartId))
    .orderBy(cartLines.variantId);
  return rows.map((row) => [row.variantId, row.quantity]);
}

test("the same presentación twice raises its quantity; another presentación is another line", async () => {
  const first = await add({ productId: String(food.id), variantId: String(food.small) });
  expect(first.data.toast?.description).toBe(
    "Alimento Pro Plan Cachorro Razas Pequeñas — 3 kg se ha añadido al carrito.",
  );
  const cookie = first.init!.headers!["Set-Cookie"]!.split(";")[0]!;
  const cartId = await newestCartId();
  await add({ productId: String(food.id), variantId: String(food.small), quantity: "2" }, cookie);
  await add({ productId: String(food.id), variantId: String(food.large) }, cookie);
  expect(await linesOf(cartId)).toEqual([
    [food.small, 3],
    [food.large, 1],
  ]);
});

test("forged adds are refused in Spanish and change nothing", async () => {
  const first = await add({ productId: String(collar.id), variantId: String(collar.sizes[0]) });
  const cookie = first.init!.headers!["Set-Cookie"]!.split(";")[0]!;
  const cartId = await newestCartId();
  const before = await linesOf(cartId);
  expect(before).toEqual([[collar.sizes[0], 1]]);

  // Several sizes and none chosen, or one of another product: 'Elige una presentación', 409.
  const chooseCases: Record<string, string>[] = [
    { productId: String(collar.id) },
    { productId: String(collar.id), variantId: String(food.small) },
  ];
  for (const fields of chooseCases) {
    const answer = await add(fields, cookie);
    expect(answer.init?.status).toBe(409);
    expect(answer.data.toast?.title).toBe("Elige una presentación");
  }
  // An archived size is not on sale any more.
  await handle().db.update(productVariants).set({ isArchived: true }).where(eq(productVariants.id, collar.sizes[2]!));
  const archived = await add({ productId: String(collar.id), variantId: String(collar.sizes[2]) }, cookie);
  expect(archived.init?.status).toBe(409);
  // A sold-out size: 'Producto Agotado'.
  const soldOut = await add({ productId: String(collar.id), variantId: String(collar.sizes[1]) }, cookie);
  expect(soldOut.init?.status).toBe(409);
  expect(soldOut.data.toast?.title).toBe("Producto Agotado");
  // Negative, huge or non-numeric quantities and ids never reach the cart.
  const badNumbers: Record<string, string>[] = [
    { productId: String(collar.id), variantId: String(collar.sizes[0]), quantity: "-3" },
    { productId: String(collar.id), variantId: String(collar.sizes[0]), quantity: "99999999999" },
    { productId: String(collar.id), variantId: "abc" },
    { productId: String(collar.id), variantId: "-1" },
  ];
  for (const fields of badNumbers) {
    const answer = await add(fields, cookie);
    // 400 for what is not a quantity or an id; 409 for more than a cart line may hold.
    expect([400, 409], JSON.stringify(fields)).toContain(answer.init?.status);
    const expected =
      answer.init?.status === 400
        ? invalidCartRequestToast.description
        : "Solo hay 8 unidades de Collar Reflectivo Ajustable — Talla S y ya tienes 1 en tu carrito.";
    expect(answer.data.toast?.description, JSON.stringify(fields)).toBe(expected);
  }
  expect(await linesOf(cartId)).toEqual(before);
});
