// The set-up of the online payment tests (issue 45): the seeded card method turned into a
// configured Mercado Pago or Stripe method (its secrets sealed as the back office seals them),
// one product with a known price and stock, and a guest cart holding it.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, vi } from "vitest";

import type { Database } from "~/db/client.server";
import { onlinePayments, paymentMethods, products } from "~/db/schema";
import { addCartLine, ensureCart } from "~/domain/cart/cart.server";
import { placeOrder } from "~/domain/orders/order.server";
import { applyStatusChange } from "~/domain/orders/order-admin.server";
import { signMercadoPagoNotification } from "~/domain/payments/mercadopago.server";
import { receiveNotification } from "~/domain/payments/notifications.server";
import { startOnlinePayment } from "~/domain/payments/online-payment.server";
import { SECRET_KEY_PURPOSE, WEBHOOK_SECRET_PURPOSE } from "~/domain/payments/payment-methods.server";
import type { OnlineProviderId } from "~/domain/payments/provider";
import { sealSecret } from "~/lib/secret-box.server";

import { FAKE_MP_WEBHOOK_SECRET, startFakePayments } from "./fake-payments.js";
import { setVariantValues } from "./variants";

/** The seeded card method ('stripe' row) paying through `provider`, active, in test mode. */
export async function configureCardMethod(
  db: Database,
  provider: OnlineProviderId,
  keys: { secretKey: string; webhookSecret: string; name?: string },
): Promise<void> {
  await db
    .update(paymentMethods)
    .set({
      kind: provider,
      ...(keys.name ? { name: keys.name } : {}),
      isActive: true,
      isLive: false,
      publishableKey: provider === "stripe" ? "pk_test_prueba" : "TEST-public-key",
      secretKeySealed: sealSecret(SECRET_KEY_PURPOSE, keys.secretKey),
      webhookSecretSealed: sealSecret(WEBHOOK_SECRET_PURPOSE, keys.webhookSecret),
    })
    .where(eq(paymentMethods.id, "stripe"));
}

/** A live product of the seeded shop, given this price and stock (no offer). */
export async function productPricedAt(db: Database, priceCents: number, stock: number): Promise<number> {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.isArchived, false)).limit(1);
  await setVariantValues(db, product!.id, { stock, priceCents, isOfferActive: false });
  return product!.id;
}

/** A new guest cart with `quantity` units of the product. */
export async function guestCartWith(productId: number, quantity = 1): Promise<string> {
  const { cartId } = await ensureCart(new Request("http://localhost:3000/carrito"), null);
  const added = await addCartLine(cartId, { productId, quantity });
  if (added.status !== "added") throw new Error(`not added: ${added.status}`);
  return cartId;
}

let phoneSequence = 0;

/** A guest's order of `units` of the product, paid with the card method (placed, not paid yet). */
export async function placeCardOrder(productId: number, units = 1) {
  const cartId = await guestCartWith(productId, units);
  phoneSequence += 1;
  const placed = await placeOrder({
    cartId,
    userId: null,
    paymentMethodId: "stripe",
    customerName: "Cliente Tarjeta",
    customerPhone: `987 ${String(phoneSequence).padStart(3, "0")} 222`,
    customerEmail: "cliente@example.pe",
  });
  if (placed.status !== "placed") throw new Error(placed.status);
  return placed;
}

/** Mercado Pago's webhook for a payment, signed with `secret`, as the route receives it. */
export function mercadoPagoNotification(
  paymentId: string | number,
  secret = FAKE_MP_WEBHOOK_SECRET,
  requestId: string = crypto.randomUUID(),
  ts = String(Math.floor(Date.now() / 1000)),
) {
  const url = new URL(`http://localhost:3000/api/pagos/mercadopago?data.id=${paymentId}&type=payment`);
  return {
    url,
    headers: new Headers({
      "x-signature": signMercadoPagoNotification(secret, String(paymentId), requestId, ts),
      "x-request-id": requestId,
    }),
    rawBody: JSON.stringify({
      id: Number(`7${paymentId}`),
      type: "payment",
      action: "payment.updated",
      data: { id: String(paymentId) },
    }),
  };
}

/**
 * The seeded shop of `handle` paying its card method through a local fake of Mercado Pago
 * (MERCADOPAGO_API_URL pointed at it), with one product at S/ 64.90 and 500 units. The fake
 * and the product are there from the file's beforeAll on.
 */
export function shopPayingThroughMercadoPago(handle: () => { db: Database }) {
  const shop = {} as { fake: Awaited<ReturnType<typeof startFakePayments>>; productId: number };
  beforeAll(async () => {
    shop.fake = await startFakePayments();
    vi.stubEnv("MERCADOPAGO_API_URL", shop.fake.url);
    await configureCardMethod(handle().db, "mercadopago", {
      name: "Tarjeta / Yape (Mercado Pago)",
      secretKey: "TEST-access-token",
      webhookSecret: FAKE_MP_WEBHOOK_SECRET,
    });
    shop.productId = await productPricedAt(handle().db, 6490, 500);
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await shop.fake.close();
  });
  return shop;
}

/**
 * Pays a placed card order on the fake's page, notified as Mercado Pago notifies.
 * `isExpiredFirst`: the expiry cancels the order before the payment comes (a late payment).
 */
export async function payOnFake(
  db: Database,
  fake: Awaited<ReturnType<typeof startFakePayments>>,
  placed: { orderId: number; code: string },
  { isExpiredFirst = false } = {},
) {
  const started = await startOnlinePayment(placed.orderId);
  if (started.status !== "redirect") throw new Error(started.status);
  const preference = fake.state.preferences.get(new URL(started.url).searchParams.get("pref")!);
  if (isExpiredFirst) {
    const { orderId, code } = placed;
    await db.transaction((tx) =>
      applyStatusChange(tx, { orderId, code, from: "pendiente", to: "cancelado", byUserId: null }),
    );
  }
  const payment = fake.createMpPayment(preference, "approved");
  const received = await receiveNotification("mercadopago", mercadoPagoNotification(payment.id));
  const providerPaymentId = String(payment.id);
  const [row] = await db
    .select({ id: onlinePayments.id })
    .from(onlinePayments)
    .where(and(eq(onlinePayments.orderId, placed.orderId), eq(onlinePayments.providerPaymentId, providerPaymentId)));
  return { received, onlinePaymentId: row?.id ?? 0, providerPaymentId };
}
