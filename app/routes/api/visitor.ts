import { getSessionUserOrSignedOut } from "~/auth/guards.server";
import { getDisplayName } from "~/auth/rules";
import { SESSION_ERROR_TOAST } from "~/domain/account/auth-errors";
import { getCartItemCount } from "~/domain/cart/cart.server";
import type { Visitor } from "~/ui/layout/visitor";

import type { Route } from "./+types/visitor";

/**
 * The visitor's own parts of a page served from the page cache (ADR 024): the header's name
 * and 'Salir', the admin's 'Gestión', the cart's count, the e-mail 'Avísame' starts with.
 * Asked once after load, only by a browser whose marker cookie says it has a session or a cart.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [{ user, hasSessionFailed }, cartCount] = await Promise.all([
    getSessionUserOrSignedOut(request),
    getCartItemCount(request, context),
  ]);
  const visitor: Visitor = {
    user: user ? { displayName: getDisplayName(user), isAdmin: user.role === "admin" } : null,
    cartCount,
    email: user?.email ?? "",
    toast: hasSessionFailed ? SESSION_ERROR_TOAST : null,
  };
  return Response.json(visitor, { headers: { "Cache-Control": "private, no-store" } });
}
