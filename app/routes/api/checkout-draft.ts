import { readCartId } from "~/domain/cart/cart.server";
import { checkoutDraftSchema, saveCheckoutDraft } from "~/domain/cart/checkout-draft.server";

import type { Route } from "./+types/checkout-draft";

const noStore = { "Cache-Control": "private, no-store" };

/**
 * `POST /carrito/borrador`: the checkout's fields as the shopper leaves them (sent by the form
 * as they change), kept on their cart so that coming back to the cart finds them. Only the
 * cart's own cookie names the cart, and the cookie is SameSite=Lax: another site cannot write it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { ...noStore, Allow: "POST" } });
  const parsed = checkoutDraftSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return Response.json({ error: "Borrador no válido." }, { status: 400, headers: noStore });
  const cartId = await readCartId(request, context);
  const isSaved = cartId ? await saveCheckoutDraft(cartId, parsed.data) : false;
  return new Response(null, { status: isSaved ? 204 : 404, headers: noStore });
}
