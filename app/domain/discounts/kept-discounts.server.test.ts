// The live discounts a cart's summary previews are kept in memory (ADR 043, like the settings):
// every committed change to a discount or to its uses must show in the next preview. The suite
// otherwise runs without the kept values (tests/support/direct-reads.ts); here they are on.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";

import { discounts, onlinePayments } from "~/db/schema";
import { addCartLine, ensureCart, getCartWithDiscountLines } from "~/domain/cart/cart.server";
import { placeOrder } from "~/domain/orders/order.server";
import { changeOrderStatus } from "~/domain/orders/order-admin.server";
import { expireUnpaidOrders } from "~/domain/orders/order-expiry.server";
import { reactivateLateOrder } from "~/domain/payments/late-payment.server";
import { setSharedReadsEnabled } from "~/lib/page-cache/shared-reads.server";
import { DISCOUNT_INPUT, shopWithoutDiscounts } from "~test/discounts";
import { seededShopWithAdmin } from "~test/seeded-shop";

import { previewCartDiscounts, setCartCoupon } from "./cart-discounts.server";
import type { DiscountInput } from "./discount-admin";
import { deleteDiscount, saveDiscount } from "./discount-admin.server";
import { UNKNOWN_COUPON_MESSAGE } from "./discount-rules";

const { handle, adminId } = seededShopWithAdmin();
const admin = { id: "" };
let productId: number;

const coupon: DiscountInput = { ...DISCOUNT_INPUT, name: "Solo uno", code: "SOLOUNO", maxUses: 1 };

beforeAll(async () => {
  setSharedReadsEnabled(true);
  admin.id = adminId();
  productId = await shopWithoutDiscounts(handle().db);
});
afterAll(() => setSharedReadsEnabled(false));

async function cartWithCoupon(code: string) {
  const { cartId } = await ensureCart(new Request("http://localhost:3000/carrito"), null);
  expect((await addCartLine(cartId, { productId, quantity: 1 })).status).toBe("added");
  await setCartCoupon(cartId, code);
  return cartId;
}

/** What the cart page shows of the coupon: its line, or why it does not apply. */
async function summary(cartId: string) {
  const { discountLines } = await getCartWithDiscountLines(cartId);
  const preview = await previewCartDiscounts({
    lines: discountLines,
    couponCode: "SOLOUNO",
    shopper: { userId: null, phoneKey: "", email: "" },
  });
  return preview.couponMessage ?? preview.lines.map((line) => `${line.label} −${line.amountCents}`).join(", ");
}

function order(cartId: string, index: number) {
  return placeOrder({
    cartId,
    userId: null,
    paymentMethodId: "yape",
    customerName: `Cliente ${index}`,
    customerPhone: `987 ${String(index).padStart(3, "0")} 222`,
  });
}

test("a coupon's last use taken, given back, taken again by a late payment, edited and deleted shows in the very next cart summary", async () => {
  const saved = await saveDiscount(admin, coupon);
  if (saved.status !== "saved") throw new Error(saved.status);
  const waiting = await cartWithCoupon("SOLOUNO");
  expect(await summary(waiting)).toBe("Cupón SOLOUNO −500");

  // Another shopper's order takes its only use: the waiting cart is told at once.
  const placed = await order(await cartWithCoupon("SOLOUNO"), 1);
  if (placed.status !== "placed") throw new Error(placed.status);
  expect(await summary(waiting)).toBe("Este cupón se agotó.");

  // The owner cancels that order: the use comes back.
  expect((await changeOrderStatus(admin, placed.orderId, "cancelado")).status).toBe("changed");
  expect(await summary(waiting)).toBe("Cupón SOLOUNO −500");

  // Taken again, then given back by the expiry of unpaid orders.
  const unpaid = await order(await cartWithCoupon("SOLOUNO"), 2);
  if (unpaid.status !== "placed") throw new Error(unpaid.status);
  expect(await summary(waiting)).toBe("Este cupón se agotó.");
  expect(await expireUnpaidOrders(handle().db, new Date(Date.now() + 30 * 24 * 3600 * 1000))).toBe(1);
  expect(await summary(waiting)).toBe("Cupón SOLOUNO −500");

  // Its card payment came late: the owner brings the order back, and it takes the use again.
  const [late] = await handle()
    .db.insert(onlinePayments)
    .values({
      orderId: unpaid.orderId,
      provider: "mercadopago",
      providerPaymentId: "late-1",
      amountCents: 4500,
      outcome: "late",
    })
    .returning({ id: onlinePayments.id });
  expect((await reactivateLateOrder(admin, unpaid.orderId, late!.id)).status).toBe("reactivated");
  expect(await summary(waiting)).toBe("Este cupón se agotó.");
  expect(
    (await changeOrderStatus(admin, unpaid.orderId, "cancelado", undefined, { cancelReason: "Prueba" })).status,
  ).toBe("changed");
  expect(await summary(waiting)).toBe("Cupón SOLOUNO −500");

  // The owner's edits: a bigger percentage, then the coupon switched off, then deleted.
  expect((await saveDiscount(admin, { ...coupon, percent: 20 }, saved.id)).status).toBe("saved");
  expect(await summary(waiting)).toBe("Cupón SOLOUNO −1000");
  expect((await saveDiscount(admin, { ...coupon, isActive: false }, saved.id)).status).toBe("saved");
  expect(await summary(waiting)).toBe(UNKNOWN_COUPON_MESSAGE);
  expect((await saveDiscount(admin, coupon, saved.id)).status).toBe("saved");
  expect(await summary(waiting)).toBe("Cupón SOLOUNO −500");
  const other = await saveDiscount(admin, { ...coupon, name: "Otro", code: "OTRO", maxUses: null });
  if (other.status !== "saved") throw new Error(other.status);
  expect((await deleteDiscount(admin, other.id)).status).toBe("deleted");
});

test("the preview reads the discounts once while nothing changes them", async () => {
  const cartId = await cartWithCoupon("SOLOUNO");
  expect(await summary(cartId)).toBe("Cupón SOLOUNO −500");
  // Changed behind the shop's back (by hand in SQL): the kept copy is still shown, as for the
  // settings, until a change through the shop or the minute's age (shared-reads.server.ts).
  await handle().db.update(discounts).set({ percent: 30 }).where(eq(discounts.code, "SOLOUNO"));
  expect(await summary(cartId)).toBe("Cupón SOLOUNO −500");
});

test("an order without a discount keeps them: only an order that takes a use reads them again", async () => {
  const kept = await saveDiscount(admin, { ...DISCOUNT_INPUT, name: "Diez", code: "DIEZ", percent: 10 });
  if (kept.status !== "saved") throw new Error(kept.status);
  const shows = async (cartId: string) => {
    const { discountLines } = await getCartWithDiscountLines(cartId);
    const preview = await previewCartDiscounts({
      lines: discountLines,
      couponCode: "DIEZ",
      shopper: { userId: null, phoneKey: "", email: "" },
    });
    return preview.lines.map((line) => `${line.label} −${line.amountCents}`).join(", ");
  };
  const cartId = await cartWithCoupon("DIEZ");
  expect(await shows(cartId)).toBe("Cupón DIEZ −500");
  // Changed behind the shop's back, then an order that carries no discount (its cart has no coupon).
  await handle().db.update(discounts).set({ percent: 40 }).where(eq(discounts.id, kept.id));
  const plain = await ensureCart(new Request("http://localhost:3000/carrito"), null);
  expect((await addCartLine(plain.cartId, { productId, quantity: 1 })).status).toBe("added");
  expect((await order(plain.cartId, 90)).status).toBe("placed");
  expect(await shows(cartId)).toBe("Cupón DIEZ −500");
  // An order that takes one of its uses drops the kept copy: the next summary reads it again.
  expect((await order(await cartWithCoupon("DIEZ"), 91)).status).toBe("placed");
  expect(await shows(cartId)).toBe("Cupón DIEZ −2000");
});
