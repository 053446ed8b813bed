// Issue 44's guarantees on the database: the order keeps what it got, a coupon limited to 10
// uses is carried by exactly 10 of 50 concurrent orders, a cancelled order gives its use back,
// and 'first purchase' holds by account, phone and e-mail. Runs on PGlite in `npm test` and
// again on PostgreSQL (TEST_DATABASE_URL), where the pool's connections really interleave.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";

import { discounts, orderDiscounts, orders } from "~/db/schema";
import { addCartLine, ensureCart } from "~/domain/cart/cart.server";
import { placeOrder } from "~/domain/orders/order.server";
import { applyStatusChange } from "~/domain/orders/order-admin.server";
import { DISCOUNT_INPUT, shopWithoutDiscounts } from "~test/discounts";
import { seededShopWithAdmin } from "~test/seeded-shop";

import { setCartCoupon } from "./cart-discounts.server";
import { type DiscountInput } from "./discount-admin";
import { saveDiscount } from "./discount-admin.server";

const { handle, adminId } = seededShopWithAdmin();
const admin = { id: "" };
let productId: number;

beforeAll(async () => {
  admin.id = adminId();
  productId = await shopWithoutDiscounts(handle().db);
});

async function createDiscount(input: Partial<DiscountInput>) {
  const saved = await saveDiscount(admin, { ...DISCOUNT_INPUT, ...input });
  if (saved.status !== "saved") throw new Error(`not saved: ${JSON.stringify(saved)}`);
  return saved.id;
}

async function cartWithCoupon(code: string | null, units = 1) {
  const { cartId } = await ensureCart(new Request("http://localhost:3000/carrito"), null);
  expect((await addCartLine(cartId, { productId, quantity: units })).status).toBe("added");
  if (code) await setCartCoupon(cartId, code);
  return cartId;
}

function order(cartId: string, index: number, contact: { phone?: string; email?: string } = {}) {
  return placeOrder({
    cartId,
    userId: null,
    paymentMethodId: "yape",
    customerName: `Cliente ${index}`,
    customerPhone: contact.phone ?? `986 ${String(index).padStart(3, "0")} 111`,
    customerEmail: contact.email,
  });
}

describe("an order with a coupon", () => {
  test("keeps the discount's name, code and amount, and its total is what is left", async () => {
    const id = await createDiscount({ name: "Bienvenida", code: "TEST20", percent: 20 });
    const placed = await order(await cartWithCoupon("TEST20", 2), 1);
    expect(placed.status).toBe("placed");
    if (placed.status !== "placed") return;
    const [stored] = await handle().db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(stored).toMatchObject({ totalCents: 10_000 - 2000, discountCents: 2000 });
    expect(await handle().db.select().from(orderDiscounts).where(eq(orderDiscounts.orderId, placed.orderId))).toEqual([
      expect.objectContaining({
        discountId: id,
        name: "Bienvenida",
        code: "TEST20",
        kind: "percent",
        amountCents: 2000,
      }),
    ]);
    const [discount] = await handle().db.select().from(discounts).where(eq(discounts.id, id));
    expect(discount!.usesCount).toBe(1);
  });

  test("a cancelled order gives its use back", async () => {
    const id = await createDiscount({ code: "VUELVE", maxUses: 1 });
    const placed = await order(await cartWithCoupon("VUELVE"), 2);
    if (placed.status !== "placed") throw new Error(placed.status);
    const refused = await order(await cartWithCoupon("VUELVE"), 3);
    expect(refused).toMatchObject({
      status: "coupon-refused",
      message: expect.stringContaining("Este cupón se agotó."),
    });
    await handle().db.transaction((tx) =>
      applyStatusChange(tx, {
        orderId: placed.orderId,
        code: placed.code,
        from: "pendiente",
        to: "cancelado",
        byUserId: admin.id,
      }),
    );
    const [discount] = await handle().db.select().from(discounts).where(eq(discounts.id, id));
    expect(discount!.usesCount).toBe(0);
    expect((await order(await cartWithCoupon("VUELVE"), 4)).status).toBe("placed");
  });

  test("'first purchase' is the first by account, phone or e-mail: another name does not reset it", async () => {
    await createDiscount({ code: "PRIMERA", isFirstPurchaseOnly: true });
    const first = await order(await cartWithCoupon("PRIMERA"), 5, { phone: "955 000 111", email: "ana@example.com" });
    expect(first.status).toBe("placed");
    const samePhone = await order(await cartWithCoupon("PRIMERA"), 6, { phone: "+51 955-000-111" });
    expect(samePhone).toMatchObject({ message: expect.stringContaining("Este cupón es solo para tu primera compra.") });
    const sameEmail = await order(await cartWithCoupon("PRIMERA"), 7, {
      phone: "955 999 999",
      email: "ANA@example.com",
    });
    expect(sameEmail).toMatchObject({ status: "coupon-refused" });
    // Refused, the coupon is taken off the cart: sending again orders without it.
    const again = await order(await cartWithCoupon(null), 8, { phone: "955 999 999", email: "ANA@example.com" });
    expect(again.status).toBe("placed");
  });

  test("'once per customer' counts the shopper's orders that carry it, by phone, and a cancelled one not", async () => {
    await createDiscount({ code: "UNAVEZ", maxUsesPerCustomer: 1 });
    const first = await order(await cartWithCoupon("UNAVEZ"), 9, { phone: "955 000 222" });
    if (first.status !== "placed") throw new Error(first.status);
    // An earlier order without the coupon does not count; the one with it does.
    expect(await order(await cartWithCoupon("UNAVEZ"), 10, { phone: "955 000 333" })).toMatchObject({
      status: "placed",
    });
    expect(await order(await cartWithCoupon("UNAVEZ"), 11, { phone: "+51 955 000 222" })).toMatchObject({
      status: "coupon-refused",
      message: expect.stringContaining("Ya usaste este cupón."),
    });
    await handle().db.transaction((tx) =>
      applyStatusChange(tx, {
        orderId: first.orderId,
        code: first.code,
        from: "pendiente",
        to: "cancelado",
        byUserId: admin.id,
      }),
    );
    expect((await order(await cartWithCoupon("UNAVEZ"), 12, { phone: "955 000 222" })).status).toBe("placed");
  });

  test("a returning shopper still gets a discount that asks nothing of their history", async () => {
    const id = await createDiscount({ code: "SIEMPRE", percent: 10 });
    expect((await order(await cartWithCoupon(null), 13, { phone: "955 000 444" })).status).toBe("placed");
    const again = await order(await cartWithCoupon("SIEMPRE", 2), 14, { phone: "955 000 444" });
    if (again.status !== "placed") throw new Error(again.status);
    const [stored] = await handle().db.select().from(orders).where(eq(orders.id, again.orderId));
    expect(stored).toMatchObject({ totalCents: 10_000 - 1000, discountCents: 1000 });
    expect(await handle().db.select().from(orderDiscounts).where(eq(orderDiscounts.orderId, again.orderId))).toEqual([
      expect.objectContaining({ discountId: id, code: "SIEMPRE" }),
    ]);
  });
});

test(
  "50 concurrent checkouts with a coupon limited to 10 uses: exactly 10 orders carry it",
  { timeout: 120_000 },
  async () => {
    const id = await createDiscount({ code: "DIEZ", maxUses: 10 });
    const carts: string[] = [];
    for (let index = 0; index < 50; index++) carts.push(await cartWithCoupon("DIEZ"));
    const results = await Promise.all(carts.map((cartId, index) => order(cartId, 100 + index)));
    const placed = results.filter((result) => result.status === "placed");
    expect(placed).toHaveLength(10);
    for (const result of results.filter((candidate) => candidate.status !== "placed")) {
      expect(result).toMatchObject({
        status: "coupon-refused",
        message: expect.stringContaining("Este cupón se agotó."),
      });
    }
    const carried = await handle().db.select().from(orderDiscounts).where(eq(orderDiscounts.discountId, id));
    expect(carried).toHaveLength(10);
    const [discount] = await handle().db.select().from(discounts).where(eq(discounts.id, id));
    expect(discount!.usesCount).toBe(10);
  },
);
