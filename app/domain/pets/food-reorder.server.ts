import { and, eq } from "drizzle-orm";
import { href } from "react-router";
import { z } from "zod";

import { readConfig } from "~/config.server";
import { getDb } from "~/db/client.server";
import { products, productVariants } from "~/db/schema";
import { type AddCartLineResult, MAX_UNITS_PER_LINE } from "~/domain/cart/cart";
import { addCartLine, discardNewCart, ensureCart } from "~/domain/cart/cart.server";
import { createSignedToken, readSignedToken } from "~/lib/signed-token.server";

// The food reminder's 'Volver a pedir' (/volver-a-pedir/{token}, issue 28): one click puts the
// same bag back in the visitor's cart, with the stock and the cart's limits of any add; the
// shopper then checks out as usual. The token is signed and names only the presentación and
// how many, so a link forwarded to someone else fills their cart, nobody's account.

const PURPOSE = "food-reorder";
/** How long the e-mail's link works. */
const FOOD_REORDER_LINK_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

const payloadSchema = z.object({
  variantId: z.number().int().positive(),
  quantity: z.number().int().min(1).max(MAX_UNITS_PER_LINE),
});
export type FoodReorder = z.infer<typeof payloadSchema>;

/** The absolute address of the button, valid FOOD_REORDER_LINK_DAYS from `now`. */
export function createFoodReorderUrl(reorder: FoodReorder, now: Date = new Date()): string {
  const quantity = Math.min(Math.max(1, reorder.quantity), MAX_UNITS_PER_LINE);
  const expiresAt = new Date(now.getTime() + FOOD_REORDER_LINK_DAYS * DAY_MS);
  const token = createSignedToken(PURPOSE, { variantId: reorder.variantId, quantity }, expiresAt);
  return `${readConfig().appUrl.replace(/\/+$/, "")}${href("/volver-a-pedir/:token", { token })}`;
}

/** What a link asks for; null for a forged, altered or expired one. */
export function readFoodReorder(token: string, now: Date = new Date()): FoodReorder | null {
  const payload = payloadSchema.safeParse(readSignedToken(PURPOSE, token, now));
  return payload.success ? payload.data : null;
}

export type FoodReorderOutcome =
  | { status: "added"; title: string; setCookie: string }
  /** Refused by the stock or the cart's limits: the product's page (or the cart) says why. */
  | { status: "refused"; result: AddCartLineResult; productId: number }
  /** The presentación or its product was removed or archived since the e-mail. */
  | { status: "gone" };

/** Adds the link's presentación to the visitor's cart; a cart made for a refused add is removed again. */
export async function addFoodReorderToCart(
  request: Request,
  userId: string | null,
  reorder: FoodReorder,
  requestContext?: object,
): Promise<FoodReorderOutcome> {
  const [variant] = await getDb()
    .select({ productId: productVariants.productId })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        eq(productVariants.id, reorder.variantId),
        eq(productVariants.isArchived, false),
        eq(products.isArchived, false),
      ),
    );
  if (!variant) return { status: "gone" };
  const { cartId, isNew, setCookie } = await ensureCart(request, userId, requestContext);
  const result = await addCartLine(cartId, { ...reorder, productId: variant.productId });
  if (result.status === "added") return { status: "added", title: result.title, setCookie };
  if (isNew) await discardNewCart(cartId, requestContext);
  if (result.status === "unknown-product" || result.status === "choose-variant") return { status: "gone" };
  return { status: "refused", result, productId: variant.productId };
}
