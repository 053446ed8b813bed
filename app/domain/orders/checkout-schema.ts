import { z } from "zod";

import { cartIntents } from "~/domain/cart/cart";
import { NUL_CHARACTER_MESSAGE } from "~/lib/form-data";

import { type CheckoutField, MAX_CUSTOMER_NAME_LENGTH, MAX_CUSTOMER_PHONE_LENGTH } from "./order";

/** The cart page's order form, checked by the action (order.server.ts). */

function toUndefinedWhenEmpty(value: unknown): unknown {
  return typeof value === "string" && value.trim() === "" ? undefined : value;
}

/**
 * Digits with optional spaces, dashes, parentheses and a leading '+': 7 to 15 digits
 * (a Peruvian mobile has 9, a landline 7 or 8, with the country code 11).
 */
export const customerPhoneSchema = z
  .string({ error: "Ingresa tu número de celular." })
  .trim()
  .min(1, { error: "Ingresa tu número de celular.", abort: true })
  // As the form's field allows: spaces and signs cannot make a number of any length.
  .max(MAX_CUSTOMER_PHONE_LENGTH, {
    error: `Escribe como máximo ${MAX_CUSTOMER_PHONE_LENGTH} caracteres.`,
    abort: true,
  })
  .regex(/^\+?[\d\s()-]+$/, { error: "Escribe solo números, por ejemplo 987 654 321.", abort: true })
  .refine((phone) => {
    const digits = phone.replace(/\D/g, "").length;
    return digits >= 7 && digits <= 15;
  }, "El número debe tener entre 7 y 15 dígitos, por ejemplo 987 654 321.");

export const customerNameSchema = z
  .string({ error: "Ingresa tu nombre." })
  .trim()
  .min(2, "Ingresa tu nombre.")
  .max(MAX_CUSTOMER_NAME_LENGTH, `Escribe como máximo ${MAX_CUSTOMER_NAME_LENGTH} caracteres.`)
  // PostgreSQL's text cannot store a NUL character: refused like any typo, not a failed insert.
  .refine((name) => !name.includes("\u0000"), NUL_CHARACTER_MESSAGE);

const MAX_ADDRESS_LENGTH = 200;
const MAX_REFERENCE_LENGTH = 200;
const MAX_EMAIL_LENGTH = 254;

const noNul = (text: string) => !text.includes("\u0000");

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Escribe como máximo ${max} caracteres.`)
    .refine(noNul, NUL_CHARACTER_MESSAGE)
    .optional()
    .default("");

/**
 * Each of the checkout's fields (order.ts names them) and its rule: `satisfies` refuses a field
 * missing here or one the list does not name.
 */
const checkoutFieldSchemas = {
  paymentMethodId: z.preprocess(toUndefinedWhenEmpty, z.string().trim().max(100).optional()),
  customerName: customerNameSchema,
  customerPhone: customerPhoneSchema,
  customerEmail: z.preprocess(
    toUndefinedWhenEmpty,
    z
      .email({ error: "Escribe un correo válido, por ejemplo nombre@correo.com." })
      .max(MAX_EMAIL_LENGTH, "Escribe un correo válido, por ejemplo nombre@correo.com.")
      .optional(),
  ),
  // 'pickup' or 'delivery'; checked against what the shop offers by submitCheckout.
  fulfillment: z.preprocess(toUndefinedWhenEmpty, z.string().max(20).optional()),
  // A delivery zone's id, or 'otro' (a district the shop does not serve).
  deliveryZoneId: z.preprocess(toUndefinedWhenEmpty, z.string().max(20).optional()),
  customerAddress: optionalText(MAX_ADDRESS_LENGTH),
  deliveryReference: optionalText(MAX_REFERENCE_LENGTH),
  comprobante: z.preprocess(toUndefinedWhenEmpty, z.string().max(20).optional()),
  documento: optionalText(40),
  ruc: optionalText(40),
  razonSocial: optionalText(400),
  direccionFiscal: optionalText(600),
} satisfies Record<CheckoutField, z.ZodType>;

/** The cart page's order form ('Finalizar Pedido' and the WhatsApp button send the same). */
export const checkoutSchema = z.object({ intent: z.literal(cartIntents.checkout), ...checkoutFieldSchemas });
export type CheckoutInput = z.infer<typeof checkoutSchema>;
