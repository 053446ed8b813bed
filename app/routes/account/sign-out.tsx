import { href, redirect } from "react-router";

import { getAuth } from "~/auth/auth.server";
import { getSafeRedirect } from "~/auth/rules";
import { pickSetCookies } from "~/auth/set-cookies";
import { translateAuthError } from "~/domain/account/auth-errors";
import { forgetCartCookie } from "~/domain/cart/cart.server";
import { forgetPlacedOrdersCookie } from "~/domain/orders/order.server";
import { logError } from "~/lib/log.server";
import { redirectWithToast } from "~/lib/toast.server";

import type { Route } from "./+types/sign-out";

export function loader() {
  return redirect(href("/"));
}

/**
 * 'Salir' for shoppers and administrators: ends the session, back to where asked. The browser
 * also forgets the cart and the confirmations of the orders it placed, which are the account's
 * now: the next person at a shared computer starts with neither (the cart comes back with the
 * next sign-in, `restoreAccountCart`).
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const redirectTo = getSafeRedirect(form.get("redirectTo"), href("/"));
  try {
    const { headers } = await getAuth().api.signOut({
      headers: request.headers,
      returnHeaders: true,
    });
    const cookies = pickSetCookies(headers);
    cookies.append("Set-Cookie", await forgetCartCookie());
    cookies.append("Set-Cookie", await forgetPlacedOrdersCookie());
    return redirectWithToast(redirectTo, { title: "Sesión Cerrada" }, { headers: cookies });
  } catch (error) {
    logError("Sign-out failed", error);
    return redirectWithToast(redirectTo, {
      title: "Error al Cerrar Sesión",
      description: translateAuthError(error),
      variant: "destructive",
    });
  }
}
