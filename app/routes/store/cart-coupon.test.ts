// Issue 44: a promotion slide's 'Usar cupón' posts its code to the cart, which keeps it on the
// visitor's cart (a new one if need be) and opens; the checkout then takes it off the products.
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";

import { carts, discounts, products } from "~/db/schema";
import { addCartLine, cartCookie, ensureCart } from "~/domain/cart/cart.server";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import type { ToastMessage } from "~/lib/toast";
import { setUpTestDatabase } from "~test/test-database";
import { setVariantValues } from "~test/variants";

import { action as cartAction, loader as cartLoader } from "./cart";

const { handle } = setUpTestDatabase();
let foodId: number;

beforeAll(async () => {
  await seedDemoShop(handle().db);
  foodId = (await handle().db.select().from(products)).find((product) => product.title.startsWith("Croquetas"))!.id;
  await setVariantValues(handle().db, foodId, { priceCents: 6490, isOfferActive: false, stock: 100 });
});

type Answer = { data: { toast: ToastMessage }; init: { status?: number; headers?: Record<string, string> } | null };

/** 'Usar cupón' as the slide's form posts it, from a browser with `cookie` (or none). */
async function useCoupon(code: string, cookie = "") {
  const request = new Request("http://localhost:3000/carrito", {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ coupon: "use", couponCode: code }),
  });
  const answer = (await cartAction({ request, params: {}, context: {} } as never)) as Answer;
  return {
    toast: answer.data.toast,
    status: answer.init?.status ?? 200,
    setCookie: new Headers(answer.init?.headers).get("Set-Cookie"),
  };
}

async function cartCount(): Promise<number> {
  const [row] = await handle().db.select({ n: count() }).from(carts);
  return row!.n;
}

describe("'Usar cupón' on a promotion slide", () => {
  test("a new visitor gets a cart that keeps the coupon; with food in it the cart takes 20 % off", async () => {
    const { toast, status, setCookie } = await useCoupon("BIENVENIDA20");
    expect(status).toBe(200);
    expect(toast).toEqual({
      title: "Cupón guardado",
      description: "El cupón BIENVENIDA20 quedó en tu carrito: se aplica al hacer tu pedido.",
    });
    expect(setCookie).toMatch(new RegExp(`^${cartCookie.name}=`));
    const browserCart = setCookie!.split(";")[0]!;
    const [cart] = await handle().db.select().from(carts).where(eq(carts.couponCode, "BIENVENIDA20"));
    expect(cart).toBeDefined();
    expect((await addCartLine(cart!.id, { productId: foodId, quantity: 1 })).status).toBe("added");
    // A toy beside it: the coupon is for food only, so the toy's line takes nothing off.
    const toy = (await handle().db.select().from(products)).find((product) => product.title.startsWith("Ratón"))!;
    expect((await addCartLine(cart!.id, { productId: toy.id, quantity: 1 })).status).toBe("added");

    const request = new Request("http://localhost:3000/carrito", { headers: { Cookie: browserCart } });
    const page = (await cartLoader({ request, params: {}, context: {} } as never)) as {
      discounts: { couponCode: string; lines: { label: string; amountCents: number }[] };
    };
    // 20 % of S/ 64.90, rounded half up: S/ 12.98.
    expect(page.discounts).toMatchObject({
      couponCode: "BIENVENIDA20",
      lines: [{ label: "Cupón BIENVENIDA20", amountCents: 1298 }],
    });
  });

  test("a visitor with a cart keeps it, with the coupon on it", async () => {
    const { cartId, setCookie } = await ensureCart(new Request("http://localhost:3000/carrito"), null);
    const before = await cartCount();
    await useCoupon("bienvenida20", setCookie.split(";")[0]);
    expect(await cartCount()).toBe(before);
    const [cart] = await handle().db.select().from(carts).where(eq(carts.id, cartId));
    expect(cart!.couponCode).toBe("BIENVENIDA20");
  });

  test("a coupon switched off or deleted since the page was cached is refused, and no cart is made", async () => {
    await handle()
      .db.insert(discounts)
      .values({ name: "Viejo", code: "VIEJO", kind: "percent", percent: 5, isActive: false });
    const before = await cartCount();
    for (const code of ["VIEJO", "NOEXISTE", ""]) {
      const { toast, status, setCookie } = await useCoupon(code);
      expect(status).toBe(409);
      expect(setCookie).toBeNull();
      expect(toast).toEqual({
        title: "Cupón no disponible",
        description: "Este cupón ya no está disponible.",
        variant: "destructive",
      });
    }
    expect(await cartCount()).toBe(before);
  });
});
