import { eq } from "drizzle-orm";
import { z } from "zod";

import { getDb } from "~/db/client.server";
import { carts } from "~/db/schema";
import { checkoutFields, type CheckoutValues } from "~/domain/orders/order";

// The checkout as the shopper left it (issue 40): what they chose and typed is kept on the
// cart's own row, so that leaving the cart for a product and coming back finds it again. It is
// only a starting point for the form; the checkout parses everything again when it is sent.

const draftField = z.string().max(300).optional();

/** What a draft may hold: the checkout's own fields, each a short text; anything else is dropped. */
export const checkoutDraftSchema = z.object(
  Object.fromEntries(checkoutFields.map((name) => [name, draftField])) as Record<
    keyof CheckoutValues,
    typeof draftField
  >,
);

export type CheckoutDraft = Partial<CheckoutValues>;

/** Keeps the draft on the cart's row; false when the cart does not exist (nothing to keep it on). */
export async function saveCheckoutDraft(cartId: string, draft: CheckoutDraft): Promise<boolean> {
  const saved = await getDb()
    .update(carts)
    .set({ checkoutDraft: draft })
    .where(eq(carts.id, cartId))
    .returning({ id: carts.id });
  return saved.length > 0;
}

/**
 * What the shopper left on the cart's row (read with the cart page's lines, cart-page.server.ts):
 * the checkout's draft (empty when none, or when it cannot be read) and the coupon kept ('' when none).
 */
export function parseCartState(row: { draft: unknown; couponCode: string | null } | undefined): {
  draft: CheckoutDraft;
  couponCode: string;
} {
  const parsed = checkoutDraftSchema.safeParse(row?.draft ?? {});
  return { draft: parsed.success ? parsed.data : {}, couponCode: row?.couponCode ?? "" };
}

/** The form's starting values: the account's contact details, then what the draft holds. */
export function withCheckoutDraft(defaults: CheckoutValues, draft: CheckoutDraft): CheckoutValues {
  const kept = Object.entries(draft).filter((entry): entry is [keyof CheckoutValues, string] => Boolean(entry[1]));
  return { ...defaults, ...Object.fromEntries(kept) };
}
