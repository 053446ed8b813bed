import { eq, sum } from "drizzle-orm";
import { createCookie } from "react-router";
import { getDb } from "~/db/client.server";
import { cartLines } from "~/db/schema";

/** The cart lives on the server; the browser keeps only its random id. */
export const cartCookie = createCookie("patitas_cart", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 60 * 60 * 24 * 60,
});

export async function readCartId(request: Request): Promise<string | null> {
  const value = await cartCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && /^[\w-]{16,64}$/.test(value) ? value : null;
}

/** Units in the visitor's cart, for the header badge. */
export async function getCartItemCount(request: Request): Promise<number> {
  const cartId = await readCartId(request);
  if (!cartId) return 0;
  const [row] = await getDb()
    .select({ units: sum(cartLines.quantity).mapWith(Number) })
    .from(cartLines)
    .where(eq(cartLines.cartId, cartId));
  return row?.units ?? 0;
}
