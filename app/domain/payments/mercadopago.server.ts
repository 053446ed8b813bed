import { createHmac } from "node:crypto";

import { MercadoPagoConfig, Payment, PaymentRefund, Preference, User, WebhookSignatureValidator } from "mercadopago";
import { AppConfig } from "mercadopago/dist/utils/config";

import { readConfig } from "~/config.server";

import {
  type ConnectionCheck,
  type IncomingNotification,
  type PaymentProvider,
  type PaymentRequest,
  type ProviderCredentials,
  type ProviderPayment,
  type ProviderPaymentStatus,
  type RefundResult,
  returnTo,
  toCents,
  toSoles,
  type VerifiedNotification,
} from "./provider";

// Mercado Pago, Checkout Pro (ADR 038): a preference per attempt, the shopper pays on Mercado
// Pago's page (card or Yape), notifications are webhooks signed with the application's secret.
// Everything goes through the official SDK; its API address can be pointed at a local fake or
// a sandbox with MERCADOPAGO_API_URL (tests never reach the real one).

/** How far a notification's signed time may be from ours (Mercado Pago's retries are signed anew). */
const SIGNATURE_TOLERANCE_SECONDS = 10 * 60;

const CARD_BRANDS: Record<string, string> = {
  visa: "Visa",
  master: "Mastercard",
  amex: "American Express",
  diners: "Diners Club",
  debvisa: "Visa Débito",
  debmaster: "Mastercard Débito",
};

function pointSdkAtConfiguredApi() {
  const override = readConfig().mercadoPagoApiUrl;
  // The SDK reads its address from this static on every request (no option for it).
  (AppConfig as { BASE_URL: string }).BASE_URL = override ?? "https://api.mercadopago.com";
}

function toStatus(status: string | undefined): ProviderPaymentStatus {
  switch (status) {
    case "approved":
      return "approved";
    case "refunded":
    case "charged_back":
      return "refunded";
    case "pending":
    case "in_process":
    case "authorized":
      return "pending";
    default:
      // rejected, cancelled, or anything new: never counted as money received.
      return "rejected";
  }
}

type MercadoPagoPayment = {
  id?: number | string;
  status?: string;
  transaction_amount?: number;
  currency_id?: string;
  external_reference?: string;
  payment_method_id?: string;
  payment_type_id?: string;
  card?: { last_four_digits?: string } | null;
  fee_details?: { amount?: number }[];
};

function methodLabel(payment: MercadoPagoPayment): string {
  const method = payment.payment_method_id ?? "";
  if (method === "yape") return "Yape";
  const brand = CARD_BRANDS[method] ?? (method ? method[0]!.toUpperCase() + method.slice(1) : "Tarjeta");
  const last4 = payment.card?.last_four_digits;
  return last4 ? `${brand} ••••${last4}` : brand;
}

function toProviderPayment(payment: MercadoPagoPayment): ProviderPayment {
  const fees = payment.fee_details ?? [];
  return {
    id: String(payment.id),
    status: toStatus(payment.status),
    amountCents: toCents(payment.transaction_amount ?? 0),
    currency: (payment.currency_id ?? "").toUpperCase(),
    orderCode: payment.external_reference || null,
    methodLabel: methodLabel(payment),
    feeCents: fees.length > 0 ? fees.reduce((sum, fee) => sum + toCents(fee.amount ?? 0), 0) : null,
    panelUrl: `https://www.mercadopago.com.pe/activities?q=${encodeURIComponent(String(payment.id))}`,
  };
}

/** A preference's items: the order's lines and delivery, or one line for the whole order when a discount applies. */
function preferenceItems(request: PaymentRequest) {
  const discountCents = request.discounts.reduce((sum, discount) => sum + discount.amountCents, 0);
  if (discountCents > 0) {
    // Checkout Pro takes no negative item: with a discount the page shows one line for the
    // order, the exact total, and the lines and discounts in its description.
    const detail = [
      ...request.lines.map((line) => `${line.quantity} × ${line.title}`),
      ...request.discounts.map((discount) => `${discount.name}: −S/ ${toSoles(discount.amountCents).toFixed(2)}`),
    ].join("; ");
    return [
      {
        id: request.orderCode,
        title: `Pedido ${request.orderCode}`,
        description: detail.slice(0, 250),
        quantity: 1,
        unit_price: toSoles(request.totalCents),
        currency_id: "PEN",
      },
    ];
  }
  const items = request.lines.map((line, index) => ({
    id: `${request.orderCode}-${index + 1}`,
    title: line.title.slice(0, 250),
    quantity: line.quantity,
    unit_price: toSoles(line.unitPriceCents),
    currency_id: "PEN",
  }));
  if (request.deliveryFeeCents > 0) {
    items.push({
      id: `${request.orderCode}-delivery`,
      title: "Delivery",
      quantity: 1,
      unit_price: toSoles(request.deliveryFeeCents),
      currency_id: "PEN",
    });
  }
  return items;
}

/** The query's data.id as Mercado Pago signs it: lower-cased when alphanumeric (its documented rule). */
function signedDataId(dataId: string | null): string | null {
  return dataId && /^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId;
}

/** Signs a notification as Mercado Pago does: HMAC-SHA256 of 'id:…;request-id:…;ts:…;' (the local fake and the tests). */
export function signMercadoPagoNotification(secret: string, dataId: string, requestId: string, ts: string): string {
  const manifest = `id:${signedDataId(dataId)};request-id:${requestId};ts:${ts};`;
  return `ts=${ts},v1=${createHmac("sha256", secret).update(manifest).digest("hex")}`;
}

async function createPreference(client: MercadoPagoConfig, request: PaymentRequest, isLive: boolean) {
  const back = `${returnTo(request.returnUrl)}pago=mercadopago`;
  const preference = await new Preference(client).create({
    body: {
      items: preferenceItems(request),
      external_reference: request.orderCode,
      metadata: { attempt_key: request.attemptKey },
      notification_url: request.notificationUrl,
      back_urls: { success: back, pending: back, failure: back },
      auto_return: "approved",
      expires: true,
      expiration_date_to: request.payBy.toISOString(),
      date_of_expiration: request.payBy.toISOString(),
      ...(request.customerEmail ? { payer: { email: request.customerEmail } } : {}),
      statement_descriptor: "PATITAS",
    },
    requestOptions: { idempotencyKey: request.attemptKey },
  });
  const redirectUrl = isLive ? preference.init_point : (preference.sandbox_init_point ?? preference.init_point);
  if (!preference.id || !redirectUrl) throw new Error("Mercado Pago answered a preference without its id or page");
  return { reference: preference.id, redirectUrl };
}

function verify(notification: IncomingNotification, webhookSecret: string, now: Date): VerifiedNotification {
  const dataId = notification.url.searchParams.get("data.id");
  const requestId = notification.headers.get("x-request-id");
  if (!webhookSecret) return { status: "bad-signature" };
  try {
    WebhookSignatureValidator.validate({
      xSignature: notification.headers.get("x-signature"),
      xRequestId: requestId,
      dataId: signedDataId(dataId),
      secret: webhookSecret,
      toleranceSeconds: SIGNATURE_TOLERANCE_SECONDS,
      now: () => now.getTime(),
    });
  } catch {
    return { status: "bad-signature" };
  }
  let body: { id?: unknown; type?: unknown } = {};
  try {
    body = JSON.parse(notification.rawBody || "{}") as typeof body;
  } catch {
    // The signature covers the query and the headers: a body we cannot read changes nothing.
  }
  const type = notification.url.searchParams.get("type") ?? (typeof body.type === "string" ? body.type : "");
  const eventId = body.id !== undefined ? String(body.id) : (requestId ?? `${type}:${dataId}`);
  return { status: "verified", eventId, paymentRef: type === "payment" && dataId ? dataId : null };
}

async function refundPayment(
  client: MercadoPagoConfig,
  paymentId: string,
  amountCents: number,
  idempotencyKey: string,
): Promise<RefundResult> {
  try {
    const refund = await new PaymentRefund(client).create({
      payment_id: paymentId,
      body: { amount: toSoles(amountCents) },
      requestOptions: { idempotencyKey },
    });
    return { status: "refunded", refundId: String(refund.id) };
  } catch (error) {
    const message = (error as { message?: string }).message ?? "";
    return { status: "refused", reason: message || "Mercado Pago no aceptó el reembolso." };
  }
}

async function checkAccount(client: MercadoPagoConfig): Promise<ConnectionCheck> {
  try {
    const user = (await new User(client).get()) as { id?: number; nickname?: string; site_id?: string };
    return { status: "ok", account: `${user.nickname ?? "cuenta"} (${user.site_id ?? "?"}, n.º ${user.id ?? "?"})` };
  } catch (error) {
    const status = (error as { status?: number }).status;
    return {
      status: "failed",
      reason:
        status === 401 || status === 403
          ? "Mercado Pago no reconoce el access token."
          : "No pudimos conectar con Mercado Pago. Intenta de nuevo en unos minutos.",
    };
  }
}

export function createMercadoPagoProvider(credentials: ProviderCredentials): PaymentProvider {
  pointSdkAtConfiguredApi();
  const client = new MercadoPagoConfig({
    accessToken: credentials.secretKey,
    options: { timeout: 10_000, maxRetries: 1 },
  });
  return {
    id: "mercadopago",
    createPayment: (request) => createPreference(client, request, credentials.isLive),
    async readPayment(paymentRef) {
      try {
        return toProviderPayment((await new Payment(client).get({ id: paymentRef })) as MercadoPagoPayment);
      } catch (error) {
        if ((error as { status?: number }).status === 404) return null;
        throw error;
      }
    },
    async findPayments(started) {
      const found = await new Payment(client).search({
        options: { external_reference: started.orderCode, sort: "date_created", criteria: "desc" },
      });
      return (found.results ?? []).map((payment) => toProviderPayment(payment as MercadoPagoPayment));
    },
    verifyNotification: (notification, now = new Date()) => verify(notification, credentials.webhookSecret, now),
    refund: (paymentId, amountCents, idempotencyKey) => refundPayment(client, paymentId, amountCents, idempotencyKey),
    checkConnection: () => checkAccount(client),
  };
}
