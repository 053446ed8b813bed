// Issue 45's refunds and late payments, against a local fake of Mercado Pago's API: a refund
// (whole or partial) is sent to the provider with a key of its own, recorded with the
// provider's id, shown to the shopper; a refusal or an outage changes nothing; ten owners
// refunding at once give back what was paid, once; a refund whose answer was lost is asked
// again with the same key and not made twice. A payment that came after the order expired
// brings the order back ('Reactivar') only while its units are still there.
// PGlite in `npm test`, PostgreSQL with TEST_DATABASE_URL.
import { and, eq } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";

import { auditLog, onlinePayments, orders, orderStatusChanges, paymentRefunds, productVariants } from "~/db/schema";
import { findAccessibleOrder, loadOrderPage } from "~/domain/orders/order-page.server";
import { sentMails } from "~test/captured-mail";
import { payOnFake, placeCardOrder, shopPayingThroughMercadoPago } from "~test/online-payments";
import { seededShopWithAdmin } from "~test/seeded-shop";

import { reactivateLateOrder } from "./late-payment.server";
import { refundOnlinePayment, settleStaleRefunds } from "./refunds.server";

vi.mock("~/lib/mail.server", () => import("~test/captured-mail"));

const { handle, adminId } = seededShopWithAdmin();
const mp = shopPayingThroughMercadoPago(handle);

/** An order paid through the fake: the provider's payment approved and notified. */
async function paidOrder(units = 1) {
  const placed = await placeCardOrder(mp.productId, units);
  return { ...placed, ...(await payOnFake(handle().db, mp.fake, placed)) };
}

async function paymentRow(id: number) {
  const [row] = await handle().db.select().from(onlinePayments).where(eq(onlinePayments.id, id));
  return row!;
}

async function refundRows(onlinePaymentId: number) {
  return handle().db.select().from(paymentRefunds).where(eq(paymentRefunds.onlinePaymentId, onlinePaymentId));
}

async function stock() {
  const [variant] = await handle()
    .db.select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.productId, mp.productId))
    .limit(1);
  return variant!.stock;
}

type FakeRefund = { id: number; payment_id: number; amount: number };

function refundsAtFake(providerPaymentId: string): FakeRefund[] {
  return (mp.fake.state.refunds as FakeRefund[]).filter((refund) => String(refund.payment_id) === providerPaymentId);
}

const admin = () => ({ id: adminId() });

describe("refunding an online payment", () => {
  test("the whole payment: sent to the provider, recorded with its id, shown on the order page and e-mailed", async () => {
    const order = await paidOrder();
    const outcome = await refundOnlinePayment(admin(), {
      orderId: order.orderId,
      onlinePaymentId: order.onlinePaymentId,
      amountCents: 6490,
    });
    expect(outcome).toEqual({ status: "refunded", code: order.code, amountCents: 6490, providerName: "Mercado Pago" });
    const atFake = refundsAtFake(order.providerPaymentId);
    expect(atFake).toEqual([expect.objectContaining({ amount: 64.9 })]);
    expect(await refundRows(order.onlinePaymentId)).toEqual([
      expect.objectContaining({
        amountCents: 6490,
        status: "done",
        providerRefundId: String(atFake[0]!.id),
        byUserId: adminId(),
      }),
    ]);
    expect((await paymentRow(order.onlinePaymentId)).refundedCents).toBe(6490);
    const audit = await handle().db.select().from(auditLog).where(eq(auditLog.action, "refund"));
    expect(audit.at(-1)?.summary).toMatchObject({ title: order.code, refundAmountCents: 6490 });

    const access = await findAccessibleOrder(
      new Request(`http://localhost:3000/pedido/${order.code}?t=${order.accessToken}`),
      order.code,
    );
    const page = await loadOrderPage(access!);
    expect(page?.payment.online?.refunds).toEqual([
      {
        sentence: expect.stringMatching(/^Te devolvimos S\/\s64\.90 a tu Visa ••••4242 por Mercado Pago\.$/),
        date: expect.any(String),
      },
    ]);
    await expect
      .poll(
        () =>
          sentMails.find((mail) => /Reembolso de S\/\s64\.90$/.test(mail.subject) && mail.subject.includes(order.code))
            ?.text,
      )
      .toMatch(/Te devolvimos S\/\s64\.90 a tu Visa ••••4242 por Mercado Pago\./);
  });

  test("in parts, never more than was paid: what is left is said", async () => {
    const order = await paidOrder();
    const ids = { orderId: order.orderId, onlinePaymentId: order.onlinePaymentId };
    expect((await refundOnlinePayment(admin(), { ...ids, amountCents: 1000 })).status).toBe("refunded");
    expect(await refundOnlinePayment(admin(), { ...ids, amountCents: 6000 })).toEqual({
      status: "too-much",
      remainingCents: 5490,
    });
    expect((await refundOnlinePayment(admin(), { ...ids, amountCents: 5490 })).status).toBe("refunded");
    expect(await refundOnlinePayment(admin(), { ...ids, amountCents: 1 })).toEqual({
      status: "too-much",
      remainingCents: 0,
    });
    expect(refundsAtFake(order.providerPaymentId).map((refund) => refund.amount)).toEqual([10, 54.9]);
    expect((await paymentRow(order.onlinePaymentId)).refundedCents).toBe(6490);
  });

  test("refused by the provider or the provider down: its reason is said and nothing changes", async () => {
    const order = await paidOrder();
    const ids = { orderId: order.orderId, onlinePaymentId: order.onlinePaymentId, amountCents: 6490 };
    mp.fake.state.refuseRefund = "Payment is in mediation";
    expect(await refundOnlinePayment(admin(), ids)).toEqual({
      status: "refused",
      providerName: "Mercado Pago",
      reason: "Payment is in mediation",
    });
    // The SDK retries a 5xx: down for longer than its retries.
    mp.fake.state.failNext = 10;
    const down = await refundOnlinePayment(admin(), ids);
    mp.fake.state.failNext = 0;
    expect(down.status).toBe("refused");
    expect(await refundRows(order.onlinePaymentId)).toEqual([]);
    expect((await paymentRow(order.onlinePaymentId)).refundedCents).toBe(0);
    expect(refundsAtFake(order.providerPaymentId)).toEqual([]);
    const [row] = await handle().db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(row!.status).toBe("pagado");
  });

  test("ten owners refunding the whole payment at once: given back once", async () => {
    const order = await paidOrder();
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () =>
        refundOnlinePayment(admin(), {
          orderId: order.orderId,
          onlinePaymentId: order.onlinePaymentId,
          amountCents: 6490,
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === "refunded")).toHaveLength(1);
    expect(refundsAtFake(order.providerPaymentId)).toHaveLength(1);
    expect(await refundRows(order.onlinePaymentId)).toHaveLength(1);
    expect((await paymentRow(order.onlinePaymentId)).refundedCents).toBe(6490);
  });

  test("a refund whose answer was lost is asked again with its own key: the provider's one refund is recorded", async () => {
    const order = await paidOrder();
    const requestKey = `refund-mercadopago-${order.providerPaymentId}-0-2000`;
    // The provider made the refund, then the server stopped before writing its answer.
    const response = await fetch(`${mp.fake.url}/v1/payments/${order.providerPaymentId}/refunds`, {
      method: "POST",
      headers: { Authorization: "Bearer TEST-access-token", "X-Idempotency-Key": requestKey },
      body: JSON.stringify({ amount: 20 }),
    });
    const made = (await response.json()) as { id: number };
    await handle().db.transaction(async (tx) => {
      await tx.update(onlinePayments).set({ refundedCents: 2000 }).where(eq(onlinePayments.id, order.onlinePaymentId));
      await tx.insert(paymentRefunds).values({
        onlinePaymentId: order.onlinePaymentId,
        amountCents: 2000,
        requestKey,
        byUserId: adminId(),
        createdAt: new Date(Date.now() - 20 * 60 * 1000),
      });
    });
    expect(await settleStaleRefunds()).toBeGreaterThanOrEqual(1);
    expect(await refundRows(order.onlinePaymentId)).toEqual([
      expect.objectContaining({ status: "done", providerRefundId: String(made.id), amountCents: 2000 }),
    ]);
    expect(refundsAtFake(order.providerPaymentId)).toHaveLength(1);
    expect((await paymentRow(order.onlinePaymentId)).refundedCents).toBe(2000);
  });
});

describe("a payment that came after the order expired", () => {
  async function lateOrder(units = 2) {
    const placed = await placeCardOrder(mp.productId, units);
    const paid = await payOnFake(handle().db, mp.fake, placed, { isExpiredFirst: true });
    expect(paid.received).toEqual({ status: "handled", outcome: "late" });
    return { ...placed, ...paid };
  }

  test("'Reactivar' takes its units again and makes it paid with that payment, once", async () => {
    const order = await lateOrder(2);
    const before = await stock();
    const [first, second] = await Promise.all([
      reactivateLateOrder(admin(), order.orderId, order.onlinePaymentId),
      reactivateLateOrder(admin(), order.orderId, order.onlinePaymentId),
    ]);
    expect([first.status, second.status].sort()).toEqual(["reactivated", "stale"]);
    expect(await stock()).toBe(before - 2);
    const [row] = await handle().db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(row).toMatchObject({ status: "pagado", paidAmountCents: 12980 });
    expect(row!.paidOperation).not.toBe("");
    expect((await paymentRow(order.onlinePaymentId)).outcome).toBe("paid");
    const history = await handle()
      .db.select()
      .from(orderStatusChanges)
      .where(and(eq(orderStatusChanges.orderId, order.orderId), eq(orderStatusChanges.fromStatus, "cancelado")));
    expect(history).toEqual([expect.objectContaining({ toStatus: "pagado", changedByUserId: adminId() })]);
  });

  test("with its units sold meanwhile it stays cancelled, the stock untouched, and says which", async () => {
    const order = await lateOrder(2);
    await handle().db.update(productVariants).set({ stock: 1 }).where(eq(productVariants.productId, mp.productId));
    expect(await reactivateLateOrder(admin(), order.orderId, order.onlinePaymentId)).toEqual({
      status: "out-of-stock",
      titles: [expect.any(String)],
    });
    expect(await stock()).toBe(1);
    const [row] = await handle().db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(row!.status).toBe("cancelado");
    expect((await paymentRow(order.onlinePaymentId)).outcome).toBe("late");
    await handle().db.update(productVariants).set({ stock: 500 }).where(eq(productVariants.productId, mp.productId));
    // Refunded instead: then it can no longer be reactivated.
    expect(
      (
        await refundOnlinePayment(admin(), {
          orderId: order.orderId,
          onlinePaymentId: order.onlinePaymentId,
          amountCents: 12980,
        })
      ).status,
    ).toBe("refunded");
    expect(await reactivateLateOrder(admin(), order.orderId, order.onlinePaymentId)).toEqual({ status: "stale" });
  });
});
