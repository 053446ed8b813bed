// Stripe (the spec's card method) against a local fake of its API: the Checkout Session
// charges the order's exact total (a discount as a one-time coupon), a signed
// checkout.session.completed event read back marks the order paid, and a bad signature
// changes nothing. PGlite in `npm test`, PostgreSQL with TEST_DATABASE_URL.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";

import { orders } from "~/db/schema";
import { placeOrder } from "~/domain/orders/order.server";
import { FAKE_STRIPE_WEBHOOK_SECRET, startFakePayments } from "~test/fake-payments.js";
import { configureCardMethod, guestCartWith, productPricedAt } from "~test/online-payments";
import { seededShopWithAdmin } from "~test/seeded-shop";

import { receiveNotification } from "./notifications.server";
import { startOnlinePayment } from "./online-payment.server";
import { createStripeProvider } from "./stripe.server";

const { handle } = seededShopWithAdmin();
let fake: Awaited<ReturnType<typeof startFakePayments>>;
let productId: number;

beforeAll(async () => {
  fake = await startFakePayments();
  vi.stubEnv("STRIPE_API_URL", fake.url);
  await configureCardMethod(handle().db, "stripe", {
    secretKey: "sk_test_prueba",
    webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET,
  });
  productId = await productPricedAt(handle().db, 4590, 100);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await fake.close();
});

function event(sessionId: string, secret = FAKE_STRIPE_WEBHOOK_SECRET) {
  const payload = JSON.stringify({
    id: `evt_${sessionId}`,
    object: "event",
    type: "checkout.session.completed",
    data: { object: { id: sessionId, object: "checkout.session", payment_status: "paid" } },
  });
  return {
    url: new URL("http://localhost:3000/api/pagos/stripe"),
    headers: new Headers({ "stripe-signature": fake.stripeSignature(payload, secret) }),
    rawBody: payload,
  };
}

/** The provider as the shop's test-mode keys make it, talking to the fake. */
function testProvider() {
  return createStripeProvider({
    publicKey: "pk_test_prueba",
    secretKey: "sk_test_prueba",
    webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET,
    isLive: false,
  });
}

describe("paying an order through Stripe", () => {
  test("a discount becomes a one-time coupon: the session charges the order's exact total", async () => {
    const provider = testProvider();
    const started = await provider.createPayment({
      orderCode: "PED-900001",
      totalCents: 2 * 3290 + 1000 - 1316,
      attemptKey: "PED-900001-prueba",
      lines: [{ title: "Croquetas 3 kg", quantity: 2, unitPriceCents: 3290 }],
      deliveryFeeCents: 1000,
      discounts: [{ name: "Cupón BIENVENIDA20", amountCents: 1316 }],
      customerEmail: "ana@example.pe",
      payBy: new Date(Date.now() + 24 * 60 * 60 * 1000),
      returnUrl: "http://localhost:3000/pedido/PED-900001?t=abc",
      notificationUrl: "http://localhost:3000/api/pagos/stripe",
    });
    const session = fake.state.sessions.get(started.reference) as {
      amount_total: number;
      client_reference_id: string;
      success_url: string;
    };
    expect(session.amount_total).toBe(2 * 3290 + 1000 - 1316);
    expect(session.client_reference_id).toBe("PED-900001");
    expect(session.success_url).toBe(
      "http://localhost:3000/pedido/PED-900001?t=abc&pago=stripe&session_id={CHECKOUT_SESSION_ID}",
    );
  });

  test("a signed checkout.session.completed, read back, marks the order paid; a bad signature changes nothing", async () => {
    const cartId = await guestCartWith(productId);
    const placed = await placeOrder({
      cartId,
      userId: null,
      paymentMethodId: "stripe",
      customerName: "Cliente Stripe",
      customerPhone: "986 555 444",
    });
    if (placed.status !== "placed") throw new Error(placed.status);
    const started = await startOnlinePayment(placed.orderId);
    if (started.status !== "redirect") throw new Error(started.status);
    const sessionId = new URL(started.url).searchParams.get("session")!;
    fake.payStripeSession(fake.state.sessions.get(sessionId), "approved");

    expect(await receiveNotification("stripe", event(sessionId, "whsec_otro"))).toEqual({ status: "bad-signature" });
    expect((await handle().db.select().from(orders).where(eq(orders.id, placed.orderId)))[0]!.status).toBe("pendiente");

    expect(await receiveNotification("stripe", event(sessionId))).toEqual({ status: "handled", outcome: "paid" });
    expect(await receiveNotification("stripe", event(sessionId))).toEqual({ status: "handled", outcome: "repeat" });
    const [order] = await handle().db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(order).toMatchObject({
      status: "pagado",
      paidAmountCents: order!.totalCents,
      paidMethodName: "Tarjeta de Crédito/Débito (Visa ••••4242)",
    });
    expect(order!.paidOperation).toMatch(/^pi_/);
  });

  test("a refund goes to Stripe with its own key: asked again, the same refund; more than is left, refused", async () => {
    const provider = testProvider();
    const started = await provider.createPayment({
      orderCode: "PED-900002",
      totalCents: 4590,
      attemptKey: "PED-900002-prueba",
      lines: [{ title: "Arena 5 kg", quantity: 1, unitPriceCents: 4590 }],
      deliveryFeeCents: 0,
      discounts: [],
      customerEmail: "ana@example.pe",
      payBy: new Date(Date.now() + 24 * 60 * 60 * 1000),
      returnUrl: "http://localhost:3000/pedido/PED-900002",
      notificationUrl: "http://localhost:3000/api/pagos/stripe",
    });
    const session = fake.payStripeSession(fake.state.sessions.get(started.reference), "approved");
    const intentId = session.payment_intent.id as string;
    const first = await provider.refund(intentId, 1000, "refund-stripe-prueba-0-1000");
    const again = await provider.refund(intentId, 1000, "refund-stripe-prueba-0-1000");
    expect(first).toEqual({ status: "refunded", refundId: expect.stringMatching(/^re_/) });
    expect(again).toEqual(first);
    expect(await provider.refund(intentId, 4000, "refund-stripe-prueba-1000-4000")).toEqual({
      status: "refused",
      reason: expect.stringContaining("exceeds"),
    });
    expect(await provider.refund(intentId, 3590, "refund-stripe-prueba-1000-3590")).toMatchObject({
      status: "refunded",
    });
    const payment = await provider.readPayment(started.reference);
    expect(payment?.status).toBe("refunded");
  });
});
