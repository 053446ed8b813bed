import { eq } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { paymentMethods } from "~/db/schema";
import { callingOutside } from "~/lib/render-queue.server";
import { openSecret } from "~/lib/secret-box.server";

import { isOnlineProviderId, type OnlineProviderId, type PaymentProvider, type ProviderCredentials } from "./provider";

// The providers the shop can take money through (ADR 038): adding one (Culqi, Izipay) is one
// file implementing PaymentProvider and one line here, plus its kind in payment_methods.

type ProviderFactory = (credentials: ProviderCredentials) => PaymentProvider;

// Each SDK is loaded on first use, like exceljs and sharp (lib/lazy-modules.server.ts): a shop
// that takes no online payment never keeps Stripe's or Mercado Pago's code in memory.
const PROVIDERS: Record<OnlineProviderId, () => Promise<ProviderFactory>> = {
  mercadopago: async () => (await import("./mercadopago.server")).createMercadoPagoProvider,
  stripe: async () => (await import("./stripe.server")).createStripeProvider,
};
/** The purposes the credentials are sealed for (a value sealed for one opens as no other). */
export const SECRET_KEY_PURPOSE = "payment-method:secret-key";
export const WEBHOOK_SECRET_PURPOSE = "payment-method:webhook-secret";

export type OnlineMethod = {
  id: string;
  name: string;
  provider: OnlineProviderId;
  isActive: boolean;
  credentials: ProviderCredentials;
};

type MethodRow = {
  id: string;
  name: string;
  kind: string;
  isActive: boolean;
  publishableKey: string;
  secretKeySealed: string;
  webhookSecretSealed: string;
  isLive: boolean;
};

const methodColumns = {
  id: paymentMethods.id,
  name: paymentMethods.name,
  kind: paymentMethods.kind,
  isActive: paymentMethods.isActive,
  publishableKey: paymentMethods.publishableKey,
  secretKeySealed: paymentMethods.secretKeySealed,
  webhookSecretSealed: paymentMethods.webhookSecretSealed,
  isLive: paymentMethods.isLive,
};

function toOnlineMethod(row: MethodRow): OnlineMethod | null {
  if (!isOnlineProviderId(row.kind) || !row.secretKeySealed) return null;
  const secretKey = openSecret(SECRET_KEY_PURPOSE, row.secretKeySealed);
  // Sealed under another shop's secret (a database copied without its DATA_DIR): unusable until typed again.
  if (secretKey === null) return null;
  return {
    id: row.id,
    name: row.name,
    provider: row.kind,
    isActive: row.isActive,
    credentials: {
      publicKey: row.publishableKey,
      secretKey,
      webhookSecret: row.webhookSecretSealed ? (openSecret(WEBHOOK_SECRET_PURPOSE, row.webhookSecretSealed) ?? "") : "",
      isLive: row.isLive,
    },
  };
}

/** A payment method that takes money online, with its credentials opened; null for a manual or unconfigured one. */
export async function readOnlineMethod(methodId: string): Promise<OnlineMethod | null> {
  const [row] = await getDb().select(methodColumns).from(paymentMethods).where(eq(paymentMethods.id, methodId));
  return row ? toOnlineMethod(row) : null;
}

/**
 * The configured methods of a provider, active or not: a notification for a payment made
 * before the owner switched the method off must still be verified and recorded.
 */
export async function listProviderMethods(provider: OnlineProviderId): Promise<OnlineMethod[]> {
  const rows = await getDb().select(methodColumns).from(paymentMethods).where(eq(paymentMethods.kind, provider));
  return rows.map(toOnlineMethod).filter((method): method is OnlineMethod => method !== null);
}

/** The provider's client; its calls to the provider wait outside the render line (ADR 062). */
export async function providerFor(method: Pick<OnlineMethod, "provider" | "credentials">): Promise<PaymentProvider> {
  const provider = (await PROVIDERS[method.provider]())(method.credentials);
  return callingOutside(provider, ["createPayment", "readPayment", "findPayments", "refund", "checkConnection"]);
}
