import { data } from "react-router";

import { getSessionUser } from "~/auth/guards.server";
import { ensureCart, getCartWithDiscountLines, readCartId } from "~/domain/cart/cart.server";
import { checkoutDraftSchema, saveCheckoutDraft } from "~/domain/cart/checkout-draft.server";
import { findDiscountByCode, previewCartDiscounts, setCartCoupon } from "~/domain/discounts/cart-discounts.server";
import { normalizeCouponCode, UNKNOWN_COUPON_MESSAGE } from "~/domain/discounts/discount-rules";
import type { DiscountShopper } from "~/domain/discounts/order-discounts.server";
import { toPhoneKey } from "~/domain/orders/order-limits";
import { formFailure } from "~/lib/form.server";
import type { FormValues } from "~/lib/form-data";
import type { ToastMessage } from "~/lib/toast";

import type { CheckoutAnswer, IntentArgs } from "./cart-checkout.server";

// The checkout's 'Aplicar' and 'Quitar' (issue 44): the coupon is kept on the cart when it
// applies to the order as it stands, or refused with its reason beside the box. Everything
// else typed in the order form comes back as it was.

/** Who is ordering, as far as the form says yet: the account, the phone and the e-mail typed. */
export function shopperOf(user: { id: string; email: string } | null, values: FormValues): DiscountShopper {
  return {
    userId: user?.id ?? null,
    phoneKey: toPhoneKey(values.customerPhone ?? ""),
    email: values.customerEmail || user?.email || "",
  };
}

export async function applyCoupon({ request, form }: IntentArgs) {
  const [cartId, user] = await Promise.all([readCartId(request), getSessionUser(request)]);
  if (!cartId) return formFailure({}, form, { description: "Tu carrito está vacío." }, 409);
  // Without JavaScript nothing saved the fields typed so far: keep them, as the page's script would.
  const draft = checkoutDraftSchema.safeParse(form);
  if (draft.success) await saveCheckoutDraft(cartId, draft.data);
  const code = normalizeCouponCode(form.couponCode ?? "");
  if (form.coupon === "remove" || code === "") {
    await setCartCoupon(cartId, null);
    return data<CheckoutAnswer>({
      errors: {},
      values: { ...form, couponCode: "" },
      toast: { title: "Cupón quitado", description: "Tu pedido sigue sin cupón." },
    });
  }
  if (!(await findDiscountByCode(code))) return formFailure({ couponCode: UNKNOWN_COUPON_MESSAGE }, form);
  await setCartCoupon(cartId, code);
  const { discountLines } = await getCartWithDiscountLines(cartId);
  const preview = await previewCartDiscounts({
    lines: discountLines,
    couponCode: code,
    shopper: shopperOf(user, form),
  });
  if (preview.couponMessage) {
    await setCartCoupon(cartId, null);
    return formFailure({ couponCode: preview.couponMessage }, form);
  }
  return data<CheckoutAnswer>({
    errors: {},
    values: { ...form, couponCode: code },
    toast: { title: "Cupón aplicado", description: `El cupón ${code} se aplicó a tu pedido.` },
  });
}

/**
 * 'Usar cupón' on a promotion slide (issue 44): the code is kept on the visitor's cart (a new
 * one if need be) and the cart page answers, with JavaScript or without, saying so; its
 * checkout then says whether it applies to the order. A coupon deactivated or deleted since
 * the page was cached is refused.
 */
export async function keepPromotionCoupon({ request, context, form }: IntentArgs) {
  const code = normalizeCouponCode(form.couponCode ?? "");
  const discount = code === "" ? null : await findDiscountByCode(code);
  if (!discount?.isActive) {
    const toast: ToastMessage = {
      title: "Cupón no disponible",
      description: "Este cupón ya no está disponible.",
      variant: "destructive",
    };
    return data({ toast }, { status: 409 });
  }
  const user = await getSessionUser(request);
  const { cartId, setCookie } = await ensureCart(request, user?.id ?? null, context);
  await setCartCoupon(cartId, code);
  const toast: ToastMessage = {
    title: "Cupón guardado",
    description: `El cupón ${code} quedó en tu carrito: se aplica al hacer tu pedido.`,
  };
  return data({ toast }, { headers: { "Set-Cookie": setCookie } });
}
