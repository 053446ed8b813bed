// A local fake of the two payment providers' HTTP APIs (issue 45, ADR 038): Mercado Pago
// (preferences, payments, refunds, /users/me) and Stripe (coupons, Checkout Sessions, refunds,
// /v1/account), each with a checkout page a browser can pay on, which then notifies the shop
// with a correctly signed notification and sends the shopper back, as the real ones do. The
// official SDKs talk to it through MERCADOPAGO_API_URL and STRIPE_API_URL: no test reaches
// the real providers. Plain JavaScript, so the end-to-end server (tests/e2e/serve.js) starts
// it too.
import { createHmac, randomUUID } from "node:crypto";
import { createServer } from "node:http";

/** The secrets the fake signs notifications with; the tests configure the shop with the same. */
export const FAKE_MP_WEBHOOK_SECRET = "mp-webhook-secret-de-prueba";
export const FAKE_STRIPE_WEBHOOK_SECRET = "whsec_pruebaFakeStripe123";
/** A token the fake refuses (401), for 'Probar conexión'. */
export const FAKE_BAD_TOKEN_SUFFIX = "-malo";

function readBody(req) {
  return new Promise((resolve) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });
}

/** Stripe's form encoding ('line_items[0][price_data][unit_amount]=…') as nested objects. */
function parseStripeForm(text) {
  const result = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, "").split("[");
    let node = result;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else node = node[part] ??= {};
    });
  }
  return result;
}

function send(res, status, body, headers = {}) {
  res.writeHead(status, { "Content-Type": "application/json", ...headers });
  res.end(typeof body === "string" ? body : JSON.stringify(body));
}

function page(res, html) {
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
  res.end(
    `<!doctype html><html lang="es"><meta charset="utf-8"><title>Pasarela de prueba</title><body>${html}</body></html>`,
  );
}

const soles = (cents) => Math.round(cents) / 100;

/**
 * Starts the fake on `port` (0: any). `shopUrl` is where Stripe's notifications go (its
 * endpoint is set in Stripe's dashboard, not per session). Answers the running fake: its
 * `url`, its records, knobs for the next answers, and `close()`.
 */
export async function startFakePayments({ port = 0, shopUrl = "" } = {}) {
  const state = {
    preferences: new Map(),
    payments: new Map(),
    sessions: new Map(),
    coupons: new Map(),
    refunds: [],
    notificationsSent: [],
    /** Answer the next N API calls with a 500. */
    failNext: 0,
    /** Refuse the next refund with this message (a 400, as a provider refuses one). */
    refuseRefund: "",
    /** Wait this long before every API answer. */
    delayMs: 0,
    /** How many times each payment's notification is sent (a provider retrying). */
    notifyTimes: 1,
    /** Changes the payment the checkout page creates: { amountDeltaCents, currency, reference }. */
    tamper: {},
    sequence: 1000,
  };
  let base = "";

  const nextId = () => String((state.sequence += 1));

  /** Céntimos already given back of a payment (Mercado Pago counts in soles, Stripe in céntimos). */
  function refundedCents(paymentId) {
    return state.refunds
      .filter((r) => String(r.payment_id ?? r.payment_intent) === String(paymentId))
      .reduce((sum, r) => sum + (r.provider === "mercadopago" ? Math.round(r.amount * 100) : r.amount), 0);
  }

  /** Why a refund is refused: the knob, or more than is left of the payment. */
  function refusal(paymentId, amountCents, paidCents) {
    if (state.refuseRefund) {
      const message = state.refuseRefund;
      state.refuseRefund = "";
      return message;
    }
    if (paidCents > 0 && refundedCents(paymentId) + amountCents > paidCents) {
      return "The refund amount exceeds the available balance of the payment";
    }
    return "";
  }

  /** A Mercado Pago payment for a preference, as the checkout page creates it. */
  function createMpPayment(preference, status) {
    const id = nextId();
    const total = preference.items.reduce(
      (sum, item) => sum + Math.round(Number(item.unit_price) * 100) * Number(item.quantity),
      0,
    );
    const payment = {
      id: Number(id),
      status,
      status_detail:
        status === "approved"
          ? "accredited"
          : status === "rejected"
            ? "cc_rejected_other_reason"
            : "pending_contingency",
      transaction_amount: soles(total + (state.tamper.amountDeltaCents ?? 0)),
      currency_id: state.tamper.currency ?? "PEN",
      external_reference: state.tamper.reference ?? preference.external_reference,
      payment_method_id: preference.__method ?? "visa",
      payment_type_id: "credit_card",
      card: { last_four_digits: "4242" },
      fee_details: [{ type: "mercadopago_fee", amount: soles(Math.round(total * 0.0399)) }],
      metadata: preference.metadata ?? {},
    };
    state.payments.set(id, payment);
    return payment;
  }

  /** Sends Mercado Pago's webhook for a payment, signed as Mercado Pago signs it. */
  async function notifyMercadoPago(
    notificationUrl,
    paymentId,
    { secret = FAKE_MP_WEBHOOK_SECRET, times = state.notifyTimes } = {},
  ) {
    const results = [];
    for (let i = 0; i < times; i += 1) {
      const requestId = randomUUID();
      const ts = String(Math.floor(Date.now() / 1000));
      const manifest = `id:${String(paymentId).toLowerCase()};request-id:${requestId};ts:${ts};`;
      const v1 = createHmac("sha256", secret).update(manifest).digest("hex");
      const url = new URL(notificationUrl);
      url.searchParams.set("data.id", String(paymentId));
      url.searchParams.set("type", "payment");
      const body = JSON.stringify({
        id: Number(`9${paymentId}`),
        live_mode: false,
        type: "payment",
        action: "payment.updated",
        api_version: "v1",
        data: { id: String(paymentId) },
      });
      const response = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", "x-signature": `ts=${ts},v1=${v1}`, "x-request-id": requestId },
        body,
      });
      state.notificationsSent.push({ provider: "mercadopago", paymentId: String(paymentId), status: response.status });
      results.push(response.status);
    }
    return results;
  }

  function stripeSignature(payload, secret = FAKE_STRIPE_WEBHOOK_SECRET, timestamp = Math.floor(Date.now() / 1000)) {
    const v1 = createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
    return `t=${timestamp},v1=${v1}`;
  }

  /** Sends Stripe's checkout.session.completed event for a session, signed as Stripe signs it. */
  async function notifyStripe(
    sessionId,
    { secret = FAKE_STRIPE_WEBHOOK_SECRET, times = state.notifyTimes, type = "checkout.session.completed" } = {},
  ) {
    const session = state.sessions.get(sessionId);
    const results = [];
    for (let i = 0; i < times; i += 1) {
      const payload = JSON.stringify({
        id: `evt_${sessionId}_${type}`,
        object: "event",
        type,
        api_version: "2025-01-01",
        created: Math.floor(Date.now() / 1000),
        data: { object: session },
      });
      const response = await fetch(`${shopUrl}/api/pagos/stripe`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Stripe-Signature": stripeSignature(payload, secret) },
        body: payload,
      });
      state.notificationsSent.push({ provider: "stripe", sessionId, status: response.status });
      results.push(response.status);
    }
    return results;
  }

  function payStripeSession(session, status) {
    if (status !== "approved") return session;
    const intentId = `pi_${nextId()}`;
    session.status = "complete";
    session.payment_status = "paid";
    session.payment_intent = {
      id: intentId,
      object: "payment_intent",
      latest_charge: {
        id: `ch_${nextId()}`,
        object: "charge",
        refunded: false,
        payment_method_details: { card: { brand: "visa", last4: "4242" } },
        balance_transaction: { id: `txn_${nextId()}`, fee: Math.round(session.amount_total * 0.036) },
      },
    };
    session.amount_total += state.tamper.amountDeltaCents ?? 0;
    if (state.tamper.currency) session.currency = state.tamper.currency.toLowerCase();
    if (state.tamper.reference) session.client_reference_id = state.tamper.reference;
    return session;
  }

  async function api(req, res, url, body) {
    const auth = req.headers.authorization ?? "";
    if (auth.endsWith(FAKE_BAD_TOKEN_SUFFIX)) {
      return send(res, 401, { message: "invalid access token", error: "unauthorized", status: 401, cause: [] });
    }
    if (state.failNext > 0) {
      state.failNext -= 1;
      return send(res, 500, { message: "internal error", error: "internal_error", status: 500, cause: [] });
    }
    const path = url.pathname;
    // Mercado Pago
    if (req.method === "POST" && path.replace(/\/$/, "") === "/checkout/preferences") {
      const preference = JSON.parse(body);
      const id = `pref-${nextId()}`;
      state.preferences.set(id, preference);
      const initPoint = `${base}/mp/checkout?pref=${id}`;
      return send(res, 201, { id, init_point: initPoint, sandbox_init_point: initPoint, ...preference });
    }
    if (req.method === "GET" && path === "/v1/payments/search") {
      const reference = url.searchParams.get("external_reference");
      return send(res, 200, {
        results: [...state.payments.values()].filter((p) => p.external_reference === reference),
        paging: {},
      });
    }
    let match = path.match(/^\/v1\/payments\/(\d+)\/refunds$/);
    if (req.method === "POST" && match) {
      const payment = state.payments.get(match[1]);
      if (!payment) return send(res, 404, { message: "Payment not found", error: "not_found", status: 404, cause: [] });
      const key = req.headers["x-idempotency-key"];
      const again = state.refunds.find((r) => r.provider === "mercadopago" && key && r.key === key);
      if (again) return send(res, 201, { id: again.id, payment_id: again.payment_id, amount: again.amount });
      const amount = JSON.parse(body || "{}").amount ?? payment.transaction_amount;
      const refused = refusal(payment.id, Math.round(amount * 100), Math.round(payment.transaction_amount * 100));
      if (refused) return send(res, 400, { message: refused, error: "bad_request", status: 400, cause: [] });
      const refund = { id: Number(nextId()), payment_id: payment.id, amount };
      state.refunds.push({ provider: "mercadopago", key, ...refund });
      if (refundedCents(payment.id) >= Math.round(payment.transaction_amount * 100)) payment.status = "refunded";
      return send(res, 201, refund);
    }
    match = path.match(/^\/v1\/payments\/([^/]+)$/);
    if (req.method === "GET" && match) {
      const payment = state.payments.get(match[1]);
      return payment
        ? send(res, 200, payment)
        : send(res, 404, { message: "Payment not found", error: "not_found", status: 404, cause: [] });
    }
    if (req.method === "GET" && path === "/users/me") {
      return send(res, 200, { id: 123456, nickname: "PATITAS_PRUEBA", site_id: "MPE" });
    }
    // Stripe
    if (req.method === "POST" && path === "/v1/coupons") {
      const form = parseStripeForm(body);
      const coupon = {
        id: `co_${nextId()}`,
        object: "coupon",
        amount_off: Number(form.amount_off),
        currency: form.currency,
        name: form.name,
      };
      state.coupons.set(coupon.id, coupon);
      return send(res, 200, coupon);
    }
    if (req.method === "POST" && path === "/v1/checkout/sessions") {
      const form = parseStripeForm(body);
      const items = Object.values(form.line_items ?? {});
      const subtotal = items.reduce(
        (sum, item) => sum + Number(item.price_data.unit_amount) * Number(item.quantity),
        0,
      );
      const couponId = form.discounts?.["0"]?.coupon;
      const discount = couponId ? (state.coupons.get(couponId)?.amount_off ?? 0) : 0;
      const id = `cs_test_${nextId()}`;
      const session = {
        id,
        object: "checkout.session",
        url: `${base}/stripe/checkout?session=${id}`,
        status: "open",
        payment_status: "unpaid",
        amount_total: subtotal - discount,
        currency: form.line_items?.["0"]?.price_data?.currency ?? "pen",
        client_reference_id: form.client_reference_id ?? null,
        metadata: form.metadata ?? {},
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        expires_at: Number(form.expires_at),
        payment_intent: null,
      };
      state.sessions.set(id, session);
      return send(res, 200, session);
    }
    match = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
    if (req.method === "GET" && match) {
      const session = state.sessions.get(match[1]);
      return session
        ? send(res, 200, session)
        : send(res, 404, { error: { type: "invalid_request_error", message: "No such checkout.session" } });
    }
    if (req.method === "POST" && path === "/v1/refunds") {
      const form = parseStripeForm(body);
      const key = req.headers["idempotency-key"];
      const again = state.refunds.find((r) => r.provider === "stripe" && key && r.key === key);
      if (again)
        return send(res, 200, {
          id: again.id,
          object: "refund",
          payment_intent: again.payment_intent,
          amount: again.amount,
        });
      const session = [...state.sessions.values()].find((s) => s.payment_intent?.id === form.payment_intent);
      const refused = refusal(form.payment_intent, Number(form.amount), session?.amount_total ?? 0);
      if (refused) return send(res, 400, { error: { type: "invalid_request_error", message: refused } });
      const refund = {
        id: `re_${nextId()}`,
        object: "refund",
        payment_intent: form.payment_intent,
        amount: Number(form.amount),
      };
      state.refunds.push({ provider: "stripe", key, ...refund });
      if (session && refundedCents(form.payment_intent) >= session.amount_total) {
        session.payment_intent.latest_charge.refunded = true;
      }
      return send(res, 200, refund);
    }
    if (req.method === "GET" && path === "/v1/account") {
      return send(res, 200, {
        id: "acct_prueba",
        object: "account",
        email: "tienda@example.pe",
        settings: { dashboard: { display_name: "Patitas Felices" } },
      });
    }
    return send(res, 404, { message: `fake: no route ${req.method} ${path}` });
  }

  const checkoutButtons = (action, hidden) => `
    <form method="post" action="${action}">
      ${Object.entries(hidden)
        .map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
        .join("")}
      <button name="outcome" value="approved">Pagar</button>
      <button name="outcome" value="rejected">Rechazar</button>
      <button name="outcome" value="pending">Dejar pendiente</button>
    </form>`;

  async function checkoutPages(req, res, url, body) {
    if (req.method === "GET" && url.pathname === "/mp/checkout") {
      const preference = state.preferences.get(url.searchParams.get("pref"));
      if (!preference) return send(res, 404, { message: "preference not found" });
      const total = preference.items.reduce((sum, item) => sum + Number(item.unit_price) * Number(item.quantity), 0);
      return page(
        res,
        `<h1>Mercado Pago (prueba)</h1><p data-testid="fake-total">Total: S/ ${total.toFixed(2)}</p>
         <p>Pedido ${preference.external_reference}</p>${checkoutButtons("/mp/checkout/pay", { pref: url.searchParams.get("pref") })}
         <a href="${preference.back_urls.failure}">Volver a la tienda</a>`,
      );
    }
    if (req.method === "POST" && url.pathname === "/mp/checkout/pay") {
      const form = new URLSearchParams(body);
      const preference = state.preferences.get(form.get("pref"));
      const payment = createMpPayment(preference, form.get("outcome"));
      await notifyMercadoPago(preference.notification_url, payment.id);
      const back = new URL(payment.status === "approved" ? preference.back_urls.success : preference.back_urls.failure);
      back.searchParams.set("payment_id", String(payment.id));
      back.searchParams.set("status", payment.status);
      back.searchParams.set("external_reference", preference.external_reference);
      res.writeHead(302, { Location: back.toString() });
      return res.end();
    }
    if (req.method === "GET" && url.pathname === "/stripe/checkout") {
      const session = state.sessions.get(url.searchParams.get("session"));
      if (!session) return send(res, 404, { message: "session not found" });
      return page(
        res,
        `<h1>Stripe (prueba)</h1><p data-testid="fake-total">Total: S/ ${(session.amount_total / 100).toFixed(2)}</p>
         ${checkoutButtons("/stripe/checkout/pay", { session: session.id })}
         <a href="${session.cancel_url.replace("{CHECKOUT_SESSION_ID}", session.id)}">Volver a la tienda</a>`,
      );
    }
    if (req.method === "POST" && url.pathname === "/stripe/checkout/pay") {
      const form = new URLSearchParams(body);
      const session = payStripeSession(state.sessions.get(form.get("session")), form.get("outcome"));
      if (session.payment_status === "paid") await notifyStripe(session.id);
      const back = (session.payment_status === "paid" ? session.success_url : session.cancel_url).replace(
        "{CHECKOUT_SESSION_ID}",
        session.id,
      );
      res.writeHead(302, { Location: back });
      return res.end();
    }
    return null;
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const body = await readBody(req);
    try {
      if (url.pathname.startsWith("/mp/") || url.pathname.startsWith("/stripe/")) {
        const handled = await checkoutPages(req, res, url, body);
        if (handled !== null) return;
      }
      if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
      await api(req, res, url, body);
    } catch (error) {
      send(res, 500, { message: String(error) });
    }
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${server.address().port}`;

  return {
    url: base,
    state,
    createMpPayment,
    notifyMercadoPago,
    notifyStripe,
    payStripeSession,
    stripeSignature,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
