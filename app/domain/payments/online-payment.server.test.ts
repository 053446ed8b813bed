// Issue 45's guarantees for Mercado Pago, against a local fake of its API (never the real
// one): the preference carries the order as stored; only a payment read back from the
// provider, approved, in soles, for this order and its exact total, marks it paid; fifty
// duplicate notifications and the shopper's return at once mark it paid once; a bad
// signature, a forged return or a provider down change nothing. Runs on PGlite in `npm test`
// and again on PostgreSQL (TEST_DATABASE_URL), where the requests really interleave.
import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";

import { onlinePayments, orders, orderStatusChanges, paymentAttempts, productVariants } from "~/db/schema";
import { applyStatusChange } from "~/domain/orders/order-admin.server";
import { getAdminOrder } from "~/domain/orders/order-admin-detail.server";
import { FAKE_MP_WEBHOOK_SECRET } from "~test/fake-payments.js";
import {
  mercadoPagoNotification,
  placeCardOrder as placeOrderWithCard,
  shopPayingThroughMercadoPago,
} from "~test/online-payments";
import { seededShopWithAdmin } from "~test/seeded-shop";

import { receiveNotification } from "./notifications.server";
import { confirmReturn, readOrderPaymentState, startOnlinePayment } from "./online-payment.server";

const { handle, adminId } = seededShopWithAdmin();
const mp = shopPayingThroughMercadoPago(handle);

async function placeCardOrder(units = 1) {
  const placed = await placeOrderWithCard(mp.productId, units);
  expect(placed.paysOnline).toBe(true);
  return placed;
}

async function preferenceOf(orderId: number) {
  const started = await startOnlinePayment(orderId);
  if (started.status !== "redirect") throw new Error(started.status);
  const id = new URL(started.url).searchParams.get("pref")!;
  return {
    id,
    preference: mp.fake.state.preferences.get(id) as Record<string, never> & { external_reference: string },
  };
}

const notification = mercadoPagoNotification;

async function orderRow(id: number) {
  const [row] = await handle().db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

async function paidChanges(orderId: number) {
  return handle()
    .db.select()
    .from(orderStatusChanges)
    .where(and(eq(orderStatusChanges.orderId, orderId), eq(orderStatusChanges.toStatus, "pagado")));
}

async function stock() {
  const [variant] = await handle()
    .db.select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.productId, mp.productId))
    .limit(1);
  return variant!.stock;
}

describe("paying an order through Mercado Pago", () => {
  test("the preference is the order as stored: its lines, its total, its code, where to notify and return, its expiry", async () => {
    const placed = await placeCardOrder(2);
    const { preference } = await preferenceOf(placed.orderId);
    const order = await orderRow(placed.orderId);
    expect(preference).toMatchObject({
      external_reference: placed.code,
      notification_url: "http://localhost:3000/api/pagos/mercadopago",
      expires: true,
    });
    const items = (preference as unknown as { items: { unit_price: number; quantity: number; currency_id: string }[] })
      .items;
    expect(Math.round(items.reduce((sum, item) => sum + item.unit_price * 100 * item.quantity, 0))).toBe(
      order.totalCents,
    );
    expect(items.every((item) => item.currency_id === "PEN")).toBe(true);
    const backUrls = (preference as unknown as { back_urls: { success: string } }).back_urls;
    expect(backUrls.success).toMatch(new RegExp(`/pedido/${placed.code}\\?t=[\\w-]{32}&pago=mercadopago$`));
    const expiresAt = new Date((preference as unknown as { expiration_date_to: string }).expiration_date_to).getTime();
    expect(expiresAt - order.createdAt.getTime()).toBe(24 * 60 * 60 * 1000);
    expect(await readOrderPaymentState(placed.orderId)).toEqual({ status: "open" });
  });

  test("an approved payment, notified, marks the order paid by the shop itself, with its operation number", async () => {
    const placed = await placeCardOrder();
    const { preference } = await preferenceOf(placed.orderId);
    const payment = mp.fake.createMpPayment(preference, "approved");
    expect(await receiveNotification("mercadopago", notification(payment.id))).toEqual({
      status: "handled",
      outcome: "paid",
    });
    const order = await orderRow(placed.orderId);
    expect(order).toMatchObject({
      status: "pagado",
      paidAmountCents: order.totalCents,
      paidOperation: String(payment.id),
      paidMethodName: "Tarjeta / Yape (Mercado Pago) (Visa ••••4242)",
      paidByUserId: null,
    });
    expect(await paidChanges(placed.orderId)).toEqual([
      expect.objectContaining({ isAutomatic: true, fromStatus: "pendiente" }),
    ]);
    expect(await readOrderPaymentState(placed.orderId)).toEqual({
      status: "approved",
      methodLabel: "Visa ••••4242",
      operation: String(payment.id),
    });
  });

  test("fifty duplicate notifications and the shopper's return at the same moment: paid once, one history line, stock untouched", async () => {
    const placed = await placeCardOrder(3);
    const stockAfterPlacing = await stock();
    const { preference } = await preferenceOf(placed.orderId);
    const payment = mp.fake.createMpPayment(preference, "approved");
    const answers = await Promise.all([
      ...Array.from({ length: 50 }, (_, i) =>
        // Half repeat one event, half are the provider's retries (new request ids, same event id).
        receiveNotification(
          "mercadopago",
          notification(payment.id, FAKE_MP_WEBHOOK_SECRET, i % 2 ? "same-request" : crypto.randomUUID()),
        ),
      ),
      confirmReturn(placed.code, String(payment.id)),
    ]);
    expect(answers.every((answer) => answer !== null && answer.status !== "bad-signature")).toBe(true);
    expect((await orderRow(placed.orderId)).status).toBe("pagado");
    expect(await paidChanges(placed.orderId)).toHaveLength(1);
    expect(await handle().db.select().from(onlinePayments).where(eq(onlinePayments.orderId, placed.orderId))).toEqual([
      expect.objectContaining({ outcome: "paid", providerPaymentId: String(payment.id) }),
    ]);
    expect(await stock()).toBe(stockAfterPlacing);
  });

  test("a bad signature, another secret or an old signature is refused and changes nothing", async () => {
    const placed = await placeCardOrder();
    const { preference } = await preferenceOf(placed.orderId);
    const payment = mp.fake.createMpPayment(preference, "approved");
    const old = String(Math.floor(Date.now() / 1000) - 60 * 60);
    for (const forged of [
      notification(payment.id, "otro-secreto"),
      notification(payment.id, FAKE_MP_WEBHOOK_SECRET, crypto.randomUUID(), old),
      {
        ...notification(payment.id),
        url: new URL(`http://localhost:3000/api/pagos/mercadopago?data.id=1${payment.id}&type=payment`),
      },
    ]) {
      expect(await receiveNotification("mercadopago", forged)).toEqual({ status: "bad-signature" });
    }
    expect((await orderRow(placed.orderId)).status).toBe("pendiente");
  });

  test("a payment one céntimo short, in dollars or for another order pays nothing", async () => {
    const placed = await placeCardOrder();
    // Another order of another total: this order's amount under its reference pays neither.
    const other = await placeCardOrder(2);
    const { preference } = await preferenceOf(placed.orderId);
    for (const tamper of [{ amountDeltaCents: -1 }, { currency: "USD" }, { reference: other.code }]) {
      mp.fake.state.tamper = tamper;
      const payment = mp.fake.createMpPayment(preference, "approved");
      mp.fake.state.tamper = {};
      const answer = await receiveNotification("mercadopago", notification(payment.id));
      expect(answer).toMatchObject({ status: "handled", outcome: "mismatch" });
      // A return naming that payment from this order's page pays nothing either.
      expect(await confirmReturn(placed.code, String(payment.id))).toMatchObject({ status: "mismatch" });
    }
    expect((await orderRow(placed.orderId)).paidAt).toBeNull();
    expect((await orderRow(other.orderId)).paidAt).toBeNull();
  });

  test("a forged return ('?status=approved', an unknown or rejected payment) marks nothing paid", async () => {
    const placed = await placeCardOrder();
    const { preference } = await preferenceOf(placed.orderId);
    expect(await confirmReturn(placed.code, "999999999")).toBeNull();
    expect(await confirmReturn(placed.code, null)).toBeNull();
    expect(await readOrderPaymentState(placed.orderId)).toEqual({ status: "failed" });
    const rejected = mp.fake.createMpPayment(preference, "rejected");
    expect(await confirmReturn(placed.code, String(rejected.id))).toEqual({ status: "rejected" });
    const pending = mp.fake.createMpPayment(preference, "pending");
    expect(await confirmReturn(placed.code, String(pending.id))).toEqual({ status: "pending" });
    expect(await readOrderPaymentState(placed.orderId)).toEqual({ status: "pending" });
    expect((await orderRow(placed.orderId)).status).toBe("pendiente");
  });

  test("a provider down: the attempt fails and the order waits; a notification it cannot read back is retried later", async () => {
    const placed = await placeCardOrder();
    mp.fake.state.failNext = 2;
    expect(await startOnlinePayment(placed.orderId)).toEqual({
      status: "provider-failed",
      providerName: "Mercado Pago",
    });
    expect(
      await handle()
        .db.select({ status: paymentAttempts.status })
        .from(paymentAttempts)
        .where(eq(paymentAttempts.orderId, placed.orderId)),
    ).toEqual([{ status: "failed" }]);
    const { preference } = await preferenceOf(placed.orderId);
    const payment = mp.fake.createMpPayment(preference, "approved");
    mp.fake.state.failNext = 2;
    await expect(
      receiveNotification("mercadopago", notification(payment.id, FAKE_MP_WEBHOOK_SECRET, "retry-me")),
    ).rejects.toThrow();
    expect((await orderRow(placed.orderId)).status).toBe("pendiente");
    expect(
      await receiveNotification("mercadopago", notification(payment.id, FAKE_MP_WEBHOOK_SECRET, "retry-me")),
    ).toEqual({ status: "handled", outcome: "paid" });
  });

  test("a payment approved after the order expired is kept for the owner, and the order stays cancelled", async () => {
    const placed = await placeCardOrder();
    const { preference } = await preferenceOf(placed.orderId);
    await handle().db.transaction((tx) =>
      applyStatusChange(tx, {
        orderId: placed.orderId,
        code: placed.code,
        from: "pendiente",
        to: "cancelado",
        byUserId: null,
      }),
    );
    const payment = mp.fake.createMpPayment(preference, "approved");
    expect(await receiveNotification("mercadopago", notification(payment.id))).toEqual({
      status: "handled",
      outcome: "late",
    });
    expect((await orderRow(placed.orderId)).status).toBe("cancelado");
    expect(
      await handle()
        .db.select({ outcome: onlinePayments.outcome })
        .from(onlinePayments)
        .where(eq(onlinePayments.orderId, placed.orderId)),
    ).toEqual([{ outcome: "late" }]);
    expect(await startOnlinePayment(placed.orderId)).toEqual({ status: "not-payable", reason: "not-pending" });
    // The owner sees it on the order, with what the provider reported, to refund it.
    expect((await getAdminOrder(placed.orderId))!.onlinePayments).toEqual([
      expect.objectContaining({
        outcome: "late",
        providerName: "Mercado Pago",
        methodLabel: "Visa ••••4242",
        operation: String(payment.id),
        feeCents: expect.any(Number),
        panelUrl: `https://www.mercadopago.com.pe/activities?q=${payment.id}`,
      }),
    ]);
    expect(adminId()).toBeTruthy();
  });
});
