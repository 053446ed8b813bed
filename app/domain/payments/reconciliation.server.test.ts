// Issue 45, point 4: with no notification, the shop asks the provider. An attempt quiet for
// 15 minutes whose payment was approved marks the order paid; the expiry keeps an order whose
// payment is approved or in process and cancels one whose payment was refused. Against the
// local fake of Mercado Pago; PGlite in `npm test`, PostgreSQL with TEST_DATABASE_URL.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";

import { orders } from "~/db/schema";
import { placeOrder } from "~/domain/orders/order.server";
import { expireUnpaidOrders } from "~/domain/orders/order-expiry.server";
import { FAKE_MP_WEBHOOK_SECRET, startFakePayments } from "~test/fake-payments.js";
import { configureCardMethod, guestCartWith, productPricedAt } from "~test/online-payments";
import { seededShopWithAdmin } from "~test/seeded-shop";

import { startOnlinePayment } from "./online-payment.server";
import { keepsOrderFromExpiry, reconcileOnlinePayments } from "./reconciliation.server";

const { handle } = seededShopWithAdmin();
let fake: Awaited<ReturnType<typeof startFakePayments>>;
let productId: number;
let phone = 0;
const MINUTE = 60 * 1000;

beforeAll(async () => {
  fake = await startFakePayments();
  vi.stubEnv("MERCADOPAGO_API_URL", fake.url);
  await configureCardMethod(handle().db, "mercadopago", {
    secretKey: "TEST-token",
    webhookSecret: FAKE_MP_WEBHOOK_SECRET,
  });
  productId = await productPricedAt(handle().db, 3000, 100);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await fake.close();
});

async function orderSentToProvider() {
  const cartId = await guestCartWith(productId);
  phone += 1;
  const placed = await placeOrder({
    cartId,
    userId: null,
    paymentMethodId: "stripe",
    customerName: "Cliente",
    customerPhone: `985 ${String(phone).padStart(3, "0")} 333`,
  });
  if (placed.status !== "placed") throw new Error(placed.status);
  const started = await startOnlinePayment(placed.orderId);
  if (started.status !== "redirect") throw new Error(started.status);
  const preference = fake.state.preferences.get(new URL(started.url).searchParams.get("pref")!);
  return { ...placed, preference };
}

const statusOf = async (id: number) =>
  (await handle().db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.status;

describe("asking the provider when no notification came", () => {
  test("an attempt quiet for 15 minutes whose payment was approved marks the order paid; a fresh one is not asked yet", async () => {
    const order = await orderSentToProvider();
    fake.createMpPayment(order.preference, "approved");
    expect(await reconcileOnlinePayments(new Date(Date.now() + 5 * MINUTE))).toBe(0);
    expect(await statusOf(order.orderId)).toBe("pendiente");
    expect(await reconcileOnlinePayments(new Date(Date.now() + 16 * MINUTE))).toBe(1);
    expect(await statusOf(order.orderId)).toBe("pagado");
  });

  test("the expiry keeps an order whose payment is in process and cancels one whose payment was refused", async () => {
    const inProcess = await orderSentToProvider();
    fake.createMpPayment(inProcess.preference, "pending");
    const refused = await orderSentToProvider();
    fake.createMpPayment(refused.preference, "rejected");
    const approved = await orderSentToProvider();
    fake.createMpPayment(approved.preference, "approved");
    const dayLater = new Date(Date.now() + 25 * 60 * MINUTE);
    await expireUnpaidOrders(handle().db, dayLater, keepsOrderFromExpiry);
    expect(await statusOf(inProcess.orderId)).toBe("pendiente");
    expect(await statusOf(refused.orderId)).toBe("cancelado");
    expect(await statusOf(approved.orderId)).toBe("pagado");
  });
});
