import "~/lib/validation";

import { z } from "zod";

import { isStorableImagePath } from "~/domain/media/image";
import type { FormValues } from "~/lib/form-data";

// The payment methods screen (/admin/configuracion/pagos): what the shopper picks in the cart.

const NEW_METHOD_NAME_REQUIRED = "El nombre del nuevo método de pago es obligatorio.";
export const SIMILAR_METHOD_NAME = "Ya existe un método de pago con un nombre similar.";

type PaymentMethodKind = "manual" | "stripe";

export type AdminPaymentMethod = {
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

const stripeMethodSchema = z
  .object({
    isActive: z.boolean(),
    details,
    publishableKey: z
      .string()
      .trim()
      .refine(
        (key) => key === "" || /^pk_(test|live)_[A-Za-z0-9]+$/.test(key),
        "La clave publicable de Stripe empieza con pk_test_ o pk_live_.",
      ),
    priceId: z
      .string()
      .trim()
      .refine((id) => id === "" || /^price_[A-Za-z0-9]+$/.test(id), "El ID de precio de Stripe empieza con price_."),
  })
  .refine((method) => !method.isActive || method.publishableKey !== "", {
    message: "Para activar el pago con tarjeta, escribe la clave publicable.",
    path: ["publishableKey"],
  });

export type PaymentMethodUpdate = {
  isActive: boolean;
  details: string;
  qrImage?: string;
  publishableKey?: string;
  priceId?: string;
};

/** One schema for the whole 'Guardar' form: a member per stored method, by its kind. */
export function buildPaymentMethodsSchema(methods: Pick<AdminPaymentMethod, "id" | "kind">[]) {
  return z.object({
    methods: z.object(
      Object.fromEntries(
        methods.map((method) => [method.id, method.kind === "stripe" ? stripeMethodSchema : manualMethodSchema]),
      ),
    ),
  });
}

/** The form's 'methods.<id>.<field>' values (a checked box = 'on') in the schema's shape. */
export function readPaymentMethodsForm(values: FormValues, methods: Pick<AdminPaymentMethod, "id" | "kind">[]) {
  return {
    methods: Object.fromEntries(
      methods.map((method) => {
        const field = (name: string) => values[`methods.${method.id}.${name}`] ?? "";
        const common = { isActive: field("isActive") === "on", details: field("details") };
        return [
          method.id,
          method.kind === "stripe"
            ? { ...common, publishableKey: field("publishableKey"), priceId: field("priceId") }
            : { ...common, qrImage: field("qrImage") },
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
    values[`${prefix}.publishableKey`] = method.publishableKey;
    values[`${prefix}.priceId`] = method.priceId;
    values[`${prefix}.qrImage`] = method.qrImage ?? "";
  }
  return values;
}
