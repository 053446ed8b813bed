// /api/pagos/{provider}: 401 for a bad signature, 200 for a notification handled (also for an
// order this shop does not know, so the provider stops retrying), 404 for an unknown
// provider, 405 for anything but POST, 500 when the provider cannot be read back (it retries).
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";

import { signMercadoPagoNotification } from "~/domain/payments/mercadopago.server";
import { FAKE_MP_WEBHOOK_SECRET, startFakePayments } from "~test/fake-payments.js";
import { configureCardMethod } from "~test/online-payments";
import { seededShopWithAdmin } from "~test/seeded-shop";

import { action, loader } from "./payment-notification";

const { handle } = seededShopWithAdmin();
let fake: Awaited<ReturnType<typeof startFakePayments>>;

beforeAll(async () => {
  fake = await startFakePayments();
  vi.stubEnv("MERCADOPAGO_API_URL", fake.url);
  await configureCardMethod(handle().db, "mercadopago", {
    secretKey: "TEST-token",
    webhookSecret: FAKE_MP_WEBHOOK_SECRET,
  });
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await fake.close();
});

function post(provider: string, paymentId: string, secret = FAKE_MP_WEBHOOK_SECRET) {
  const requestId = crypto.randomUUID();
  const ts = String(Math.floor(Date.now() / 1000));
  const request = new Request(`http://localhost:3000/api/pagos/${provider}?data.id=${paymentId}&type=payment`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "x-request-id": requestId,
      "x-signature": signMercadoPagoNotification(secret, paymentId, requestId, ts),
    },
    body: JSON.stringify({ id: Number(`5${paymentId}`), type: "payment", data: { id: paymentId } }),
  });
  return action({ request, params: { provider }, context: {} } as never) as Promise<Response>;
}

describe("the providers' notification address", () => {
  test("a bad signature is 401; an unknown provider 404; a GET 405", async () => {
    expect((await post("mercadopago", "123", "otro")).status).toBe(401);
    expect((await post("culqi", "123")).status).toBe(404);
    expect(loader().status).toBe(405);
  });

  test("a payment for an order this shop does not know is 200 (the provider stops retrying)", async () => {
    const payment = fake.createMpPayment(
      { items: [{ unit_price: 10, quantity: 1 }], external_reference: "PED-999999" },
      "approved",
    );
    const response = await post("mercadopago", String(payment.id));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, outcome: "unknown-order" });
  });

  test("a provider that cannot be read back is 500, so it sends the notification again", async () => {
    fake.state.failNext = 2;
    expect((await post("mercadopago", "4242")).status).toBe(500);
  });
});
