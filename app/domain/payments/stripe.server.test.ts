// Stripe (the spec's card method) against a local fake of its API: the Checkout Session
// charges the order's exact total (a discount as a one-time coupon), a signed
// checkout.session.completed event read back marks the order paid, and a bad signature
// changes nothing. PGlite in `npm test`, PostgreSQL with TEST_DATABASE_URL.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

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
const savedUrl = process.env.STRIPE_API_URL;

beforeAll(async () => {
  fake = await startFakePayments();
  process.env.STRIPE_API_URL = fake.url;
  await configureCardMethod(handle().db, "stripe", {
    secretKey: "sk_test_prueba",
    webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET,
  });
  productId = await productPricedAt(handle().db, 4590, 100);
});

afterAll(async () => {
  process.env.STRIPE_API_URL = savedUrl;
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

describe("paying an order through Stripe", () => {
  test("a discount becomes a one-time coupon: the session charges the order's exact total", async () => {
    const provider = createStripeProvider({
      publicKey: "pk_test_prueba",
      secretKey: "sk_test_prueba",
      webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET,
      isLive: false,
    });
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
});
