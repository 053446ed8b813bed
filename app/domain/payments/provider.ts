// The one interface every online payment provider implements (ADR 038). A provider is one
// file in this folder and one entry in `providers.server.ts`: Mercado Pago and Stripe today,
// Culqi or Izipay later the same way. The rest of the shop (checkout, order page,
// notifications, housekeeping, refunds) speaks only these types.

export const onlineProviderIds = ["mercadopago", "stripe"] as const;
export type OnlineProviderId = (typeof onlineProviderIds)[number];

export function isOnlineProviderId(value: string): value is OnlineProviderId {
  return (onlineProviderIds as readonly string[]).includes(value);
}

const providerNames: Record<OnlineProviderId, string> = { mercadopago: "Mercado Pago", stripe: "Stripe" };

/** The provider's name as the shop writes it ('Mercado Pago'); a provider no longer known, as stored. */
export function providerLabel(provider: string): string {
  return isOnlineProviderId(provider) ? providerNames[provider] : provider;
}

/** The owner's credentials, opened from their sealed copies (never sent to a browser). */
export type ProviderCredentials = {
  /** Mercado Pago's public key or Stripe's publishable key (public by design). */
  publicKey: string;
  /** Mercado Pago's access token or Stripe's secret key. */
  secretKey: string;
  /** The secret the provider signs its notifications with. */
  webhookSecret: string;
  /** Real money (producción) or the provider's sandbox (prueba). */
  isLive: boolean;
};

/** What a provider is asked to charge: the order as stored, amounts in céntimos. */
export type PaymentRequest = {
  orderCode: string;
  totalCents: number;
  /** The shop's own reference of this attempt, sent to the provider and read back. */
  attemptKey: string;
  lines: { title: string; quantity: number; unitPriceCents: number }[];
  deliveryFeeCents: number;
  discounts: { name: string; amountCents: number }[];
  customerEmail: string;
  /** The order's payment window: the provider refuses to charge after it. */
  payBy: Date;
  /** Where the shopper comes back to (the order page) and where notifications go. */
  returnUrl: string;
  notificationUrl: string;
};

type StartedPayment = {
  /** The provider's id of what was created (Mercado Pago's preference, Stripe's session). */
  reference: string;
  /** The provider's page the shopper is sent to. */
  redirectUrl: string;
};

export type ProviderPaymentStatus = "approved" | "pending" | "rejected" | "refunded";

/** A payment as the provider reports it, read back from its API (never from a URL or a body). */
export type ProviderPayment = {
  /** The provider's operation number (Mercado Pago's payment id, Stripe's payment intent). */
  id: string;
  status: ProviderPaymentStatus;
  amountCents: number;
  /** ISO 4217, upper case ('PEN'). */
  currency: string;
  /** The order code the payment was made for (external_reference / client_reference_id). */
  orderCode: string | null;
  /** 'Visa ••••4242', 'Yape', 'Tarjeta': what the owner reads in the order. */
  methodLabel: string;
  /** The provider's fee when it reports one. */
  feeCents: number | null;
  /** A link to the payment in the provider's panel. */
  panelUrl: string;
};

/** A notification, as the route received it: the raw body is what the signature covers. */
export type IncomingNotification = {
  url: URL;
  headers: Headers;
  rawBody: string;
};

export type VerifiedNotification =
  /** `paymentRef`: what to read back (a payment id or a session id); null when the event is not about a payment. */
  { status: "verified"; eventId: string; paymentRef: string | null } | { status: "bad-signature" };

export type ConnectionCheck = { status: "ok"; account: string } | { status: "failed"; reason: string };

export type RefundResult = { status: "refunded"; refundId: string } | { status: "refused"; reason: string };

export interface PaymentProvider {
  readonly id: OnlineProviderId;
  createPayment(request: PaymentRequest): Promise<StartedPayment>;
  /** A payment by the reference a notification or a return named; null when the provider knows none. */
  readPayment(paymentRef: string): Promise<ProviderPayment | null>;
  /** The payments made for an attempt (the reconciliation's question when no notification came). */
  findPayments(started: StartedPayment & { orderCode: string }): Promise<ProviderPayment[]>;
  verifyNotification(notification: IncomingNotification, now?: Date): VerifiedNotification;
  /**
   * Gives back part or all of a payment. `idempotencyKey` names this refund: asked again with
   * the same key (after a timeout whose answer was lost), the provider answers the same refund
   * instead of making a second one.
   */
  refund(paymentId: string, amountCents: number, idempotencyKey: string): Promise<RefundResult>;
  checkConnection(): Promise<ConnectionCheck>;
}

/** Soles as the providers that count in decimals want them (64.9), from céntimos. */
export function toSoles(cents: number): number {
  return Math.round(cents) / 100;
}

/** Céntimos from a provider's decimal amount, rounded to the céntimo (64.9 → 6490). */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

/** The return address ready for one more parameter: the order page's link may already carry its token. */
export function returnTo(url: string): string {
  return `${url}${url.includes("?") ? "&" : "?"}`;
}
