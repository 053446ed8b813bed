import "~/lib/validation";

import { z } from "zod";

import { isStorableImagePath } from "~/domain/media/image";
import { isOnlineProviderId, type OnlineProviderId, onlineProviderIds } from "~/domain/payments/provider";
import type { FormValues } from "~/lib/form-data";

// The payment methods screen (/admin/configuracion/pagos): what the shopper picks in the cart.
// An online method (issue 45) also holds its provider's credentials: the public key is shown
// as it is; the access token or secret key and the notifications' secret are written, never
// read back (the screen only learns their last four characters).

const NEW_METHOD_NAME_REQUIRED = "El nombre del nuevo método de pago es obligatorio.";
export const SIMILAR_METHOD_NAME = "Ya existe un método de pago con un nombre similar.";

type PaymentMethodKind = "manual" | OnlineProviderId;

/** Whether a key is a sandbox's or for real money; null when its form does not say. */
export type KeyMode = "test" | "live";

/** What the screen knows of a stored secret: its last four characters, never more. */
export type StoredSecret = { status: "stored"; hint: string; mode: KeyMode | null } | { status: "unreadable" } | null;

export type PaymentMethodRow = {
  id: string;
  name: string;
  details: string;
  kind: PaymentMethodKind;
  isActive: boolean;
  isDefault: boolean;
  publishableKey: string;
  priceId: string;
  qrImage: string | null;
};

export type AdminPaymentMethod = PaymentMethodRow & {
  isLive: boolean;
  secretKey: StoredSecret;
  webhookSecret: StoredSecret;
  /** When it was last saved (ms): the form starts anew after a save, its secret boxes empty. */
  savedAt: number;
};

/** The online method's name for each provider: it takes it when the owner switches provider. */
export const onlineMethodNames: Record<OnlineProviderId, string> = {
  mercadopago: "Tarjeta / Yape (Mercado Pago)",
  stripe: "Tarjeta (Stripe)",
};

export const providerNames: Record<OnlineProviderId, string> = { mercadopago: "Mercado Pago", stripe: "Stripe" };

export function isOnlineMethod<M extends { kind: string }>(method: M): method is M & { kind: OnlineProviderId } {
  return isOnlineProviderId(method.kind);
}

/** The credential fields of an online method, per provider (the form holds one set for each). */
const SECRET_FIELDS = ["secretKey", "webhookSecret"] as const;

/** A posted form without its typed secrets: what a refusal may send back to the browser. */
export function withoutSecrets(values: FormValues): FormValues {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      SECRET_FIELDS.some((field) => name.endsWith(`.${field}`)) ? "" : value,
    ]),
  );
}

/** The names of the secret fields the owner typed in (to ask for them again after a refusal). */
export function typedSecretFields(values: FormValues): string[] {
  return Object.entries(values)
    .filter(([name, value]) => value.trim() !== "" && SECRET_FIELDS.some((field) => name.endsWith(`.${field}`)))
    .map(([name]) => name);
}

/**
 * A new method's id: its name lowercased with spaces turned into underscores (the spec's
 * rule), and also without accents or other symbols, so that 'Depósito' and 'Deposito'
 * count as the same name and the id is safe in form field names and URLs.
 */
export function derivePaymentMethodId(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim()
    .replace(/\s+/g, "_")
    .replace(/[^a-z0-9_]/g, "");
}

export const newPaymentMethodSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, NEW_METHOD_NAME_REQUIRED)
    .max(60, "El nombre puede tener hasta 60 caracteres.")
    .refine((name) => derivePaymentMethodId(name) !== "", "El nombre debe tener al menos una letra o un número."),
  details: z.string().trim().max(1000, "Los detalles pueden tener hasta 1000 caracteres."),
  isActive: z.boolean(),
});

export type NewPaymentMethod = z.output<typeof newPaymentMethodSchema>;

export function readNewPaymentMethodForm(values: FormValues) {
  return { name: values.name ?? "", details: values.details ?? "", isActive: values.isActive === "on" };
}

const details = z.string().trim().max(1000, "Los detalles pueden tener hasta 1000 caracteres.");

const manualMethodSchema = z.object({
  isActive: z.boolean(),
  details,
  // A Yape/Plin QR code the cart shows when the method is chosen.
  qrImage: z
    .string()
    .trim()
    .refine(
      (value) => value === "" || isStorableImagePath(value),
      "El código QR no es una imagen válida. Súbelo de nuevo.",
    ),
});

/** Whether a key is a sandbox's or for real money, by its prefix; null when it does not say. */
export function keyMode(provider: OnlineProviderId, key: string): KeyMode | null {
  if (provider === "mercadopago") return key.startsWith("TEST-") ? "test" : null; // APP_USR-: either
  if (/^(pk|sk|rk)_test_/.test(key)) return "test";
  if (/^(pk|sk|rk)_live_/.test(key)) return "live";
  return null;
}

const key = z.string().trim().max(500, "La clave es demasiado larga: cópiala de nuevo.");
const credentialSet = z.object({ publicKey: key, secretKey: key, webhookSecret: key });

/** Each provider's rules for its keys, and what the screen says of them. */
const providerRules = {
  mercadopago: {
    publicKey: /^(APP_USR|TEST)-[A-Za-z0-9-]+$/,
    publicKeyFormat: "La clave pública de Mercado Pago empieza con APP_USR- o TEST-.",
    publicKeyName: "la clave pública",
    secretKey: /^(APP_USR|TEST)-[A-Za-z0-9-]+$/,
    secretKeyFormat: "El access token de Mercado Pago empieza con APP_USR- o TEST-.",
    secretKeyName: "el access token",
    webhookSecret: /^\S+$/,
    webhookSecretFormat: "El secreto de notificaciones de Mercado Pago no lleva espacios.",
    modeMismatch: {
      test: "",
      live: "En modo producción usa las credenciales de producción (APP_USR-), no las de prueba (TEST-).",
    },
  },
  stripe: {
    publicKey: /^pk_(test|live)_[A-Za-z0-9]+$/,
    publicKeyFormat: "La clave publicable de Stripe empieza con pk_test_ o pk_live_.",
    publicKeyName: "la clave publicable",
    secretKey: /^(sk|rk)_(test|live)_[A-Za-z0-9]+$/,
    secretKeyFormat: "La clave secreta de Stripe empieza con sk_test_, sk_live_ o rk_.",
    secretKeyName: "la clave secreta",
    webhookSecret: /^whsec_[A-Za-z0-9+/=]+$/,
    webhookSecretFormat: "El secreto de notificaciones de Stripe empieza con whsec_.",
    modeMismatch: {
      test: "En modo prueba usa las claves de prueba (pk_test_ y sk_test_).",
      live: "En modo producción usa las claves de producción (pk_live_ y sk_live_).",
    },
  },
} as const;

export function missingSecretKeyMessage(provider: OnlineProviderId, purpose: "activate" | "test"): string {
  const name = providerRules[provider].secretKeyName;
  return purpose === "activate"
    ? `Para activar el pago en línea, escribe ${name}.`
    : `Para probar la conexión, escribe ${name}.`;
}

/** The format error of a typed access token or secret key, if any. */
export function secretKeyFormatError(provider: OnlineProviderId, typed: string): string | null {
  return typed === "" || providerRules[provider].secretKey.test(typed) ? null : providerRules[provider].secretKeyFormat;
}

function liveNeedsHttpsMessage(appUrl: string): string {
  return `Para cobrar en modo producción la tienda necesita una dirección https (APP_URL). Hoy es ${appUrl}.`;
}

/** What an online method's form parses to: a secret is kept (null), replaced (typed) or cleared (''). */
type OnlineMethodUpdate = {
  kind: OnlineProviderId;
  isLive: boolean;
  publishableKey: string;
  priceId?: string;
  secretKey: string | null;
  webhookSecret: string | null;
};

/** The stored secret an empty box keeps: only the same provider's, and only one that still opens. */
function keptSecret(stored: StoredSecret, sameProvider: boolean) {
  return sameProvider && stored?.status === "stored" ? stored : null;
}

function onlineMethodSchema(stored: Pick<AdminPaymentMethod, "kind" | "secretKey" | "webhookSecret">, appUrl: string) {
  return z
    .object({
      isActive: z.boolean(),
      details,
      provider: z.enum(onlineProviderIds, { error: "Elige el proveedor: Mercado Pago o Stripe." }),
      mode: z.enum(["test", "live"], { error: "Elige el modo: prueba o producción." }),
      mercadopago: credentialSet,
      stripe: credentialSet.extend({
        priceId: z
          .string()
          .trim()
          .refine(
            (id) => id === "" || /^price_[A-Za-z0-9]+$/.test(id),
            "El ID de precio de Stripe empieza con price_.",
          ),
      }),
    })
    .superRefine((method, ctx) => {
      const provider = method.provider;
      if (!isOnlineProviderId(provider)) return;
      const rules = providerRules[provider];
      const keys = method[provider];
      const sameProvider = provider === stored.kind;
      const fail = (field: string, message: string) =>
        ctx.addIssue({ code: "custom", message, path: [provider, field] });

      if (method.mode === "live" && !appUrl.startsWith("https://")) {
        ctx.addIssue({ code: "custom", message: liveNeedsHttpsMessage(appUrl), path: ["mode"] });
      }
      const mismatch = (value: string) => keyMode(provider, value) !== null && keyMode(provider, value) !== method.mode;

      if (keys.publicKey !== "" && !rules.publicKey.test(keys.publicKey)) fail("publicKey", rules.publicKeyFormat);
      else if (mismatch(keys.publicKey)) fail("publicKey", rules.modeMismatch[method.mode]);
      else if (method.isActive && keys.publicKey === "") {
        fail("publicKey", `Para activar el pago en línea, escribe ${rules.publicKeyName}.`);
      }

      const keptKey = keptSecret(stored.secretKey, sameProvider);
      const formatError = secretKeyFormatError(provider, keys.secretKey);
      if (formatError) fail("secretKey", formatError);
      else if (keys.secretKey !== "" ? mismatch(keys.secretKey) : keptKey?.mode && keptKey.mode !== method.mode) {
        fail("secretKey", rules.modeMismatch[method.mode]);
      } else if (method.isActive && keys.secretKey === "" && !keptKey) {
        fail("secretKey", missingSecretKeyMessage(provider, "activate"));
      }

      if (keys.webhookSecret !== "" && !rules.webhookSecret.test(keys.webhookSecret)) {
        fail("webhookSecret", rules.webhookSecretFormat);
      } else if (method.isActive && keys.webhookSecret === "" && !keptSecret(stored.webhookSecret, sameProvider)) {
        fail("webhookSecret", "Para activar el pago en línea, escribe el secreto de notificaciones.");
      }
    })
    .transform((method) => {
      const keys = method[method.provider];
      const sameProvider = method.provider === stored.kind;
      // An empty box keeps the stored secret; after a switch of provider the old one is of no use.
      const secret = (typed: string) => (typed !== "" ? typed : sameProvider ? null : "");
      const online: OnlineMethodUpdate = {
        kind: method.provider,
        isLive: method.mode === "live",
        publishableKey: keys.publicKey,
        ...(method.provider === "stripe" ? { priceId: method.stripe.priceId } : {}),
        secretKey: secret(keys.secretKey),
        webhookSecret: secret(keys.webhookSecret),
      };
      return { isActive: method.isActive, details: method.details, online };
    });
}

export type PaymentMethodUpdate = {
  isActive: boolean;
  details: string;
  qrImage?: string;
  online?: OnlineMethodUpdate;
};

type MethodForSchema = Pick<AdminPaymentMethod, "id" | "kind" | "secretKey" | "webhookSecret">;

/** One schema for the whole 'Guardar' form: a member per stored method, by its kind. */
export function buildPaymentMethodsSchema(methods: MethodForSchema[], appUrl: string) {
  return z.object({
    methods: z.object(
      Object.fromEntries(
        methods.map((method) => [
          method.id,
          isOnlineMethod(method) ? onlineMethodSchema(method, appUrl) : manualMethodSchema,
        ]),
      ),
    ),
  });
}

/** One online method's fields as posted: the chosen provider, mode and each provider's keys. */
export function readOnlineMethodForm(values: FormValues, methodId: string) {
  const field = (name: string) => values[`methods.${methodId}.${name}`] ?? "";
  const credentials = (provider: OnlineProviderId) => ({
    publicKey: field(`${provider}.publicKey`),
    secretKey: field(`${provider}.secretKey`),
    webhookSecret: field(`${provider}.webhookSecret`),
  });
  return {
    isActive: field("isActive") === "on",
    details: field("details"),
    provider: field("provider"),
    mode: field("mode"),
    mercadopago: credentials("mercadopago"),
    stripe: { ...credentials("stripe"), priceId: field("stripe.priceId") },
  };
}

/** The form's 'methods.<id>.<field>' values (a checked box = 'on') in the schema's shape. */
export function readPaymentMethodsForm(values: FormValues, methods: Pick<AdminPaymentMethod, "id" | "kind">[]) {
  return {
    methods: Object.fromEntries(
      methods.map((method) => {
        if (isOnlineMethod(method)) return [method.id, readOnlineMethodForm(values, method.id)];
        const field = (name: string) => values[`methods.${method.id}.${name}`] ?? "";
        return [
          method.id,
          { isActive: field("isActive") === "on", details: field("details"), qrImage: field("qrImage") },
        ];
      }),
    ),
  };
}

export function toPaymentMethodsFormValues(methods: AdminPaymentMethod[]): FormValues {
  const values: FormValues = {};
  for (const method of methods) {
    const prefix = `methods.${method.id}`;
    if (method.isActive) values[`${prefix}.isActive`] = "on";
    values[`${prefix}.details`] = method.details;
    if (isOnlineMethod(method)) {
      values[`${prefix}.provider`] = method.kind;
      values[`${prefix}.mode`] = method.isLive ? "live" : "test";
      for (const provider of onlineProviderIds) {
        values[`${prefix}.${provider}.publicKey`] = provider === method.kind ? method.publishableKey : "";
        // Secrets are never sent to the browser: their boxes start empty.
        values[`${prefix}.${provider}.secretKey`] = "";
        values[`${prefix}.${provider}.webhookSecret`] = "";
      }
      values[`${prefix}.stripe.priceId`] = method.priceId;
    } else {
      values[`${prefix}.qrImage`] = method.qrImage ?? "";
    }
  }
  return values;
}
