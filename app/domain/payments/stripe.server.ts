import Stripe from "stripe";

import { readConfig } from "~/config.server";

import type {
  ConnectionCheck,
  IncomingNotification,
  PaymentProvider,
  PaymentRequest,
  ProviderCredentials,
  ProviderPayment,
  RefundResult,
  VerifiedNotification,
} from "./provider";
import { returnTo } from "./provider";

// Stripe, Checkout Session (the spec's 'stripe' method, ADR 038): a session per attempt, the
// shopper pays on Stripe's page, notifications are events signed with the endpoint's secret.
// Everything goes through the official SDK; STRIPE_API_URL points it at a local fake or a
// mock server (tests never reach the real one).

/** Stripe's own bounds for a session's expiry: between 30 minutes and 24 hours from now. */
const MIN_SESSION_MS = 31 * 60 * 1000;
const MAX_SESSION_MS = 23.5 * 60 * 60 * 1000;
const SIGNATURE_TOLERANCE_SECONDS = 10 * 60;

/** Events that say something about a session's payment. */
const SESSION_EVENTS = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
]);

function clientFor(secretKey: string): Stripe {
  const override = readConfig().stripeApiUrl;
  const api = override ? new URL(override) : null;
  return new Stripe(secretKey, {
    maxNetworkRetries: 1,
    timeout: 10_000,
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === "https:" ? 443 : 80)),
          protocol: api.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
}

function sessionExpiry(payBy: Date, now = Date.now()): number {
  const at = Math.min(Math.max(payBy.getTime(), now + MIN_SESSION_MS), now + MAX_SESSION_MS);
  return Math.floor(at / 1000);
}

function lineItems(request: PaymentRequest): Stripe.Checkout.SessionCreateParams.LineItem[] {
  const items: Stripe.Checkout.SessionCreateParams.LineItem[] = request.lines.map((line) => ({
    quantity: line.quantity,
    price_data: { currency: "pen", unit_amount: line.unitPriceCents, product_data: { name: line.title.slice(0, 250) } },
  }));
  if (request.deliveryFeeCents > 0) {
    items.push({
      quantity: 1,
      price_data: { currency: "pen", unit_amount: request.deliveryFeeCents, product_data: { name: "Delivery" } },
    });
  }
  return items;
}

function brandName(brand: string | null): string {
  if (!brand) return "Tarjeta";
  return brand === "mastercard"
    ? "Mastercard"
    : brand === "amex"
      ? "American Express"
      : brand[0]!.toUpperCase() + brand.slice(1);
}

type ExpandedSession = Stripe.Checkout.Session & {
  payment_intent: (Stripe.PaymentIntent & { latest_charge: Stripe.Charge | string | null }) | string | null;
};

function toProviderPayment(session: ExpandedSession, isLive: boolean): ProviderPayment {
  const intent = typeof session.payment_intent === "object" ? session.payment_intent : null;
  const charge = intent && typeof intent.latest_charge === "object" ? intent.latest_charge : null;
  const card = charge?.payment_method_details?.card;
  const balance = charge && typeof charge.balance_transaction === "object" ? charge.balance_transaction : null;
  const id = intent?.id ?? (typeof session.payment_intent === "string" ? session.payment_intent : session.id);
  const isRefunded = Boolean(charge?.refunded);
  return {
    id,
    status: isRefunded
      ? "refunded"
      : session.payment_status === "paid" || session.payment_status === "no_payment_required"
        ? "approved"
        : // Complete but unpaid: a delayed method still processing. An open session is one the
          // shopper left (the cancel link brings them back): not completed, whatever follows.
          session.status === "complete" && session.payment_status === "unpaid"
          ? "pending"
          : "rejected",
    amountCents: session.amount_total ?? 0,
    currency: (session.currency ?? "").toUpperCase(),
    orderCode: session.client_reference_id ?? session.metadata?.order_code ?? null,
    methodLabel: card ? `${brandName(card.brand)} ••••${card.last4 ?? "????"}` : "Tarjeta",
    feeCents: balance ? balance.fee : null,
    panelUrl: `https://dashboard.stripe.com/${isLive ? "" : "test/"}payments/${encodeURIComponent(id)}`,
  };
}

async function createSession(stripe: Stripe, request: PaymentRequest) {
  const discountCents = request.discounts.reduce((sum, discount) => sum + discount.amountCents, 0);
  // A discount becomes a one-time coupon of the exact amount, so Stripe's total is the order's.
  const coupon =
    discountCents > 0
      ? await stripe.coupons.create(
          {
            amount_off: discountCents,
            currency: "pen",
            duration: "once",
            max_redemptions: 1,
            name: request.discounts
              .map((discount) => discount.name)
              .join(" + ")
              .slice(0, 40),
          },
          { idempotencyKey: `${request.attemptKey}-coupon` },
        )
      : null;
  const back = `${returnTo(request.returnUrl)}pago=stripe&session_id={CHECKOUT_SESSION_ID}`;
  const session = await stripe.checkout.sessions.create(
    {
      mode: "payment",
      line_items: lineItems(request),
      ...(coupon ? { discounts: [{ coupon: coupon.id }] } : {}),
      client_reference_id: request.orderCode,
      metadata: { order_code: request.orderCode, attempt_key: request.attemptKey },
      payment_intent_data: { metadata: { order_code: request.orderCode } },
      success_url: back,
      cancel_url: back,
      expires_at: sessionExpiry(request.payBy),
      ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
      locale: "es-419",
    },
    { idempotencyKey: request.attemptKey },
  );
  if (!session.url) throw new Error("Stripe answered a session without its page");
  return { reference: session.id, redirectUrl: session.url };
}

function verify(
  stripe: Stripe,
  notification: IncomingNotification,
  webhookSecret: string,
  now: Date,
): VerifiedNotification {
  const header = notification.headers.get("stripe-signature");
  if (!header || !webhookSecret) return { status: "bad-signature" };
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(
      notification.rawBody,
      header,
      webhookSecret,
      SIGNATURE_TOLERANCE_SECONDS,
      undefined,
      Math.floor(now.getTime() / 1000),
    );
  } catch {
    return { status: "bad-signature" };
  }
  const object = event.data.object as { id?: string };
  return {
    status: "verified",
    eventId: event.id,
    paymentRef: SESSION_EVENTS.has(event.type) && object.id ? object.id : null,
  };
}

async function refundPayment(
  stripe: Stripe,
  paymentId: string,
  amountCents: number,
  idempotencyKey: string,
): Promise<RefundResult> {
  try {
    const refund = await stripe.refunds.create({ payment_intent: paymentId, amount: amountCents }, { idempotencyKey });
    return { status: "refunded", refundId: refund.id };
  } catch (error) {
    return { status: "refused", reason: (error as { message?: string }).message || "Stripe no aceptó el reembolso." };
  }
}

async function checkAccount(stripe: Stripe): Promise<ConnectionCheck> {
  try {
    const account = await stripe.accounts.retrieveCurrent();
    return {
      status: "ok",
      account: `${account.settings?.dashboard?.display_name ?? account.email ?? "cuenta"} (${account.id})`,
    };
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    return {
      status: "failed",
      reason:
        status === 401 || status === 403
          ? "Stripe no reconoce la clave secreta."
          : "No pudimos conectar con Stripe. Intenta de nuevo en unos minutos.",
    };
  }
}

export function createStripeProvider(credentials: ProviderCredentials): PaymentProvider {
  const stripe = clientFor(credentials.secretKey);
  const readPayment = async (sessionId: string) => {
    try {
      const session = await stripe.checkout.sessions.retrieve(sessionId, {
        expand: ["payment_intent.latest_charge.balance_transaction"],
      });
      return toProviderPayment(session as ExpandedSession, credentials.isLive);
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) return null;
      throw error;
    }
  };
  return {
    id: "stripe",
    createPayment: (request) => createSession(stripe, request),
    readPayment,
    async findPayments(started) {
      const payment = await readPayment(started.reference);
      return payment ? [payment] : [];
    },
    verifyNotification: (notification, now = new Date()) =>
      verify(stripe, notification, credentials.webhookSecret, now),
    refund: (paymentId, amountCents, idempotencyKey) => refundPayment(stripe, paymentId, amountCents, idempotencyKey),
    checkConnection: () => checkAccount(stripe),
  };
}
