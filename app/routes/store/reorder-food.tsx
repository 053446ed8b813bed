import { href } from "react-router";

import { getSessionUserOrSignedOut } from "~/auth/guards.server";
import { describeAddResult } from "~/domain/cart/cart";
import { addFoodReorderToCart, readFoodReorder } from "~/domain/pets/food-reorder.server";
import type { ToastMessage } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";

import type { Route } from "./+types/reorder-food";

// 'Volver a pedir' in the food reminder (issue 28): the signed link puts the same bag in the
// visitor's cart and opens the cart. A GET that writes, on purpose: the e-mail's button is one
// click, and all it can do is add a line to the cart of whoever opens it.

const INVALID_REORDER_LINK: ToastMessage = {
  title: "Enlace no válido",
  description: "El enlace ya no es válido.",
  variant: "destructive",
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const reorder = readFoodReorder(params.token);
  if (!reorder) return redirectWithToast(href("/"), INVALID_REORDER_LINK);
  const { user } = await getSessionUserOrSignedOut(request);
  const outcome = await addFoodReorderToCart(request, user?.id ?? null, reorder, context);
  switch (outcome.status) {
    case "added":
      return redirectWithToast(
        href("/carrito"),
        { title: "¡Producto Agregado!", description: `Agregamos ${outcome.title} a tu carrito.` },
        { headers: { "Set-Cookie": outcome.setCookie } },
      );
    case "refused": {
      // Already in the cart: the cart shows how many; otherwise the product's page, with its other sizes.
      const isInCart = "inCart" in outcome.result && outcome.result.inCart > 0;
      const to = isInCart ? href("/carrito") : href("/producto/:productId", { productId: String(outcome.productId) });
      return redirectWithToast(to, describeAddResult(outcome.result));
    }
    case "gone":
      return redirectWithToast(href("/"), {
        ...INVALID_REORDER_LINK,
        description: "Ese producto ya no está a la venta. Busca otro en la tienda.",
      });
  }
}
