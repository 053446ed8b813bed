import { data, redirect, type ShouldRevalidateFunctionArgs, useFetcher, useFetchers } from "react-router";

import { getSessionUser, getSessionUserOrSignedOut } from "~/auth/guards.server";
import {
  applyPendingCartChanges,
  CART_PATH,
  cartClearedToast,
  type CartIntent,
  cartIntents,
  describeAddResult,
  describeRemoval,
  describeUpdateResult,
  invalidCartRequestToast,
  readPendingCartChange,
} from "~/domain/cart/cart";
import {
  addCartLine,
  clearCart,
  discardNewCart,
  ensureCart,
  readCartId,
  removeCartLine,
  setCartLineQuantity,
} from "~/domain/cart/cart.server";
import { readCartPage } from "~/domain/cart/cart-page.server";
import {
  addToCartSchema,
  cartIntentSchema,
  removeCartLineSchema,
  updateCartLineSchema,
} from "~/domain/cart/cart-schemas";
import { withCheckoutDraft } from "~/domain/cart/checkout-draft.server";
import { pageTitle } from "~/domain/content/seo";
import { previewCartDiscounts } from "~/domain/discounts/cart-discounts.server";
import { getCheckoutOptions, isCheckoutEmail } from "~/domain/orders/checkout-choices.server";
import { emptyCheckoutValues, ORDER_CODE_PATTERN } from "~/domain/orders/order";
import { getCustomerContact, listCheckoutPaymentMethods } from "~/domain/orders/order.server";
import { orderPagePath } from "~/domain/orders/order-link";
import { listPaymentQrImages } from "~/domain/settings/payment-methods.server";
import { getShopSettings } from "~/domain/settings/settings.server";
import { readFormValues } from "~/lib/form-data";
import type { ToastMessage } from "~/lib/toast";
import { CartLineItem } from "~/ui/cart/cart-line-item";
import { ActionNotice, CLEAR_FETCHER_KEY, EmptyCart, useLineFetcherKeys } from "~/ui/cart/cart-page-parts";
import { CheckoutSlot, preloadCheckoutForm } from "~/ui/cart/checkout-slot";
import { FetcherToast } from "~/ui/cart/fetcher-toast";
import { Icon } from "~/ui/icons/icon";
import { Button } from "~/ui/primitives/button";
import { useToastFrom } from "~/ui/toaster";

import type { Route } from "./+types/cart";
import { checkout, type CheckoutAnswer, type IntentArgs } from "./cart-checkout.server";
import { applyCoupon, keepPromotionCoupon, shopperOf } from "./cart-coupon.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Carrito de Compras", matches) },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  // The cart's old confirmation address: orders now have their own page.
  const orderCode = new URL(request.url).searchParams.get("pedido");
  if (orderCode && ORDER_CODE_PATTERN.test(orderCode)) {
    const opens = new URL(request.url).searchParams.get("abrir") === "1";
    throw redirect(`${orderPagePath(orderCode)}${opens ? "?abrir=1" : ""}`);
  }
  // A session that cannot be read shows the cart as to a visitor (the root says 'Error de Sesión').
  // The lines, the draft and the coupon in one read, which the header's count shares.
  const [{ user }, { cart, discountLines, draft, couponCode }] = await Promise.all([
    getSessionUserOrSignedOut(request),
    readCartPage(request, context),
  ]);
  const [methods, qrImages, contact, settings, options] = await Promise.all([
    listCheckoutPaymentMethods(),
    listPaymentQrImages(),
    user ? getCustomerContact(user.id) : { name: "", phone: "" },
    getShopSettings(),
    getCheckoutOptions(),
    preloadCheckoutForm(),
  ]);
  const paymentMethods = methods.map((method) => ({ ...method, qrImage: qrImages[method.id] ?? null }));
  // The account's details (its address unless the checkout would refuse it: the main admin's
  // 'admin@localhost'), then what the shopper left in the checkout last time.
  const checkoutValues = withCheckoutDraft(
    {
      ...emptyCheckoutValues(),
      customerName: contact.name,
      customerPhone: contact.phone,
      customerEmail: user && isCheckoutEmail(user.email) ? user.email : "",
    },
    draft,
  );
  return {
    cart,
    paymentMethods,
    checkoutValues,
    discounts: await previewCartDiscounts({
      lines: discountLines,
      couponCode,
      shopper: shopperOf(user, checkoutValues),
    }),
    whatsappPhone: settings.contactPhone,
    checkoutOptions: { ...options, pickup: { address: settings.contactAddress, hours: settings.contactHours } },
  };
}

/** Every intent answers a toast; a refused checkout also what was typed and why (CheckoutAnswer). */
type CartActionData = { toast?: ToastMessage } & Partial<CheckoutAnswer>;

function reply(body: CartActionData, init?: { status?: number; headers?: HeadersInit }) {
  return data(body, init);
}

const invalidCartRequest = () => reply({ toast: invalidCartRequestToast }, { status: 400 });

async function addToCart({ request, context, form }: IntentArgs) {
  const parsed = addToCartSchema.safeParse(form);
  if (!parsed.success) return invalidCartRequest();
  const user = await getSessionUser(request);
  const { cartId, isNew, setCookie } = await ensureCart(request, user?.id ?? null, context);
  const result = await addCartLine(cartId, parsed.data, { isNew });
  if (isNew && result.status !== "added") await discardNewCart(cartId, context);
  const headers = result.status === "added" ? { "Set-Cookie": setCookie } : undefined;
  const status = result.status === "added" ? 200 : result.status === "unknown-product" ? 404 : 409;
  return reply({ toast: describeAddResult(result) }, { status, headers });
}

async function updateLine({ request, form }: IntentArgs) {
  const parsed = updateCartLineSchema.safeParse(form);
  const cartId = await readCartId(request);
  if (!parsed.success || !cartId) return invalidCartRequest();
  const result = await setCartLineQuantity(cartId, parsed.data);
  return reply({ toast: describeUpdateResult(result) }, { status: result.status === "missing" ? 404 : 200 });
}

async function removeLine({ request, form }: IntentArgs) {
  const parsed = removeCartLineSchema.safeParse(form);
  const cartId = await readCartId(request);
  if (!parsed.success || !cartId) return invalidCartRequest();
  const title = await removeCartLine(cartId, parsed.data.variantId);
  // Removing a line that is already gone (another tab) ends in the same state.
  return reply({ toast: describeRemoval(title || "El producto") });
}

async function emptyCart({ request }: IntentArgs) {
  const cartId = await readCartId(request);
  if (cartId) await clearCart(cartId);
  return reply({ toast: cartClearedToast });
}

const intentActions = {
  [cartIntents.add]: addToCart,
  [cartIntents.update]: updateLine,
  [cartIntents.remove]: removeLine,
  [cartIntents.clear]: emptyCart,
  [cartIntents.checkout]: checkout,
} satisfies Record<CartIntent, (args: IntentArgs) => Promise<unknown>>;

/**
 * `POST /carrito`: intent=add|update|remove|clear answer data with a toast (the product
 * page shows it from its fetcher; without JavaScript this page renders it); intent=checkout
 * places the order and redirects to its confirmation, which opens WhatsApp.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = readFormValues(await request.formData());
  // 'Aplicar' and 'Quitar' of the checkout's coupon box post the order form with `coupon`.
  if (form.coupon === "apply" || form.coupon === "remove") return applyCoupon({ request, context, form });
  // A promotion slide's 'Usar cupón' (the home carousel) posts `coupon=use` and its code.
  if (form.coupon === "use") return keepPromotionCoupon({ request, context, form });
  const intent = cartIntentSchema.safeParse(form);
  if (!intent.success) return invalidCartRequest();
  return intentActions[intent.data.intent]({ request, context, form });
}

/** A refused change (stock moved meanwhile) still refreshes the cart so it shows the new stock. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 ? true : defaultShouldRevalidate;
}

export default function CartScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { paymentMethods, checkoutValues, whatsappPhone, checkoutOptions, discounts } = loaderData;
  useToastFrom(actionData?.toast);
  const clearFetcher = useFetcher<CartActionData>({ key: CLEAR_FETCHER_KEY });

  const pendingChanges = useFetchers()
    .map((fetcher) => readPendingCartChange(fetcher.formData))
    .filter((change) => change !== null);
  const cart = applyPendingCartChanges(loaderData.cart, pendingChanges);
  const lineFetcherKeys = useLineFetcherKeys(loaderData.cart.lines.map((line) => line.variantId));

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <h1 className="flex items-center gap-3 text-3xl font-bold">
        <Icon name="shopping-cart" className="size-8 text-primary-strong" aria-hidden /> Carrito de Compras
      </h1>
      <ActionNotice toast={actionData?.toast} />

      {[CLEAR_FETCHER_KEY, ...lineFetcherKeys].map((key) => (
        <FetcherToast key={key} fetcherKey={key} />
      ))}

      {cart.lines.length === 0 ? (
        <EmptyCart />
      ) : (
        <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_380px] lg:items-start">
          <section aria-label="Productos en tu carrito" className="rounded-2xl border bg-white px-4 shadow-sm sm:px-6">
            <ul className="divide-y">
              {cart.lines.map((line) => (
                <CartLineItem key={line.variantId} line={line} whatsappPhone={whatsappPhone} />
              ))}
            </ul>
            <div className="flex justify-end border-t py-4">
              <clearFetcher.Form method="post" action={CART_PATH}>
                <input type="hidden" name="intent" value={cartIntents.clear} />
                <Button type="submit" variant="ghostDestructive">
                  <Icon name="trash-2" aria-hidden /> Vaciar Carrito
                </Button>
              </clearFetcher.Form>
            </div>
          </section>
          <aside className="lg:sticky lg:top-24">
            <CheckoutSlot
              totalCents={cart.totalCents}
              itemCount={cart.itemCount}
              methods={paymentMethods}
              zones={checkoutOptions.zones}
              isPickupEnabled={checkoutOptions.isPickupEnabled}
              pickup={checkoutOptions.pickup}
              whatsappPhone={whatsappPhone}
              values={checkoutValues}
              discounts={discounts}
              answer={actionData}
            />
          </aside>
        </div>
      )}
    </div>
  );
}
