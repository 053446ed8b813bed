import { z } from "zod";

import { cartIntents } from "./cart";

/** The action's schemas of `POST /carrito` (the contract is described in cart.ts). */

// A form field left empty means "not given", so defaults apply.
function toUndefinedWhenEmpty(value: unknown): unknown {
  return value === "" || value === null ? undefined : value;
}

// Ids are PostgreSQL integers: a larger number names no product and would fail the query.
const idField = z.coerce.number().int().positive().max(2_147_483_647);

export const addToCartSchema = z.object({
  intent: z.literal(cartIntents.add),
  productId: idField,
  // The presentación chosen; optional for a product with a single one.
  variantId: z.preprocess(toUndefinedWhenEmpty, idField.optional()),
  quantity: z.preprocess(toUndefinedWhenEmpty, z.coerce.number().int().min(1).default(1)),
});

// A quantity box left blank (the no-JavaScript form's 'Actualizar') is not a zero.
function toUndefinedWhenBlank(value: unknown): unknown {
  return typeof value === "string" && value.trim() === "" ? undefined : value;
}

/** The stepper sends the wanted quantity; zero or less removes the line, a blank box nothing. */
export const updateCartLineSchema = z.object({
  intent: z.literal(cartIntents.update),
  variantId: idField,
  quantity: z.preprocess(toUndefinedWhenBlank, z.coerce.number().int()),
});

export const removeCartLineSchema = z.object({
  intent: z.literal(cartIntents.remove),
  variantId: idField,
});

const clearCartSchema = z.object({ intent: z.literal(cartIntents.clear) });

export const cartIntentSchema = z.object({ intent: z.enum(Object.values(cartIntents)) });

/** What readPendingCartChange (cart.ts) reads without zod; cart-schemas.test.ts holds them equal. */
export const pendingChangeSchema = z.discriminatedUnion("intent", [
  updateCartLineSchema,
  removeCartLineSchema,
  clearCartSchema,
]);
