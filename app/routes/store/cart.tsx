import { useEffect, useRef } from "react";
import { data, Link, type ShouldRevalidateFunctionArgs, useFetcher, useFetchers, useSearchParams } from "react-router";

import { getSessionUser, getSessionUserOrSignedOut } from "~/auth/guards.server";
import {
  applyPendingCartChanges,
  CART_PATH,
  cartClearedToast,
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
  getCart,
  readCartId,
  removeCartLine,
  setCartLineQuantity,
} from "~/domain/cart/cart.server";
import {
  addToCartSchema,
  cartIntentSchema,
  removeCartLineSchema,
  updateCartLineSchema,
} from "~/domain/cart/cart-schemas";
import { buildCatalogPath } from "~/domain/catalog/catalog-paths";
import { pageTitle } from "~/domain/content/seo";
import {
  type CheckoutField,
  describeStockProblem,
  describeStockProblems,
  missingPaymentMethodToast,
  orderSentToast,
  stripeSimulatedToast,
  tooManyOrdersToast,
} from "~/domain/orders/order";
import {
  getCustomerContact,
  getOrderConfirmation,
  listCheckoutPaymentMethods,
  rememberPlacedOrder,
  submitCheckout,
} from "~/domain/orders/order.server";
import {
  describeOrderLimitProblem,
  describeOrderLimitProblems,
  TOO_MANY_PENDING_ORDERS_MESSAGE,
  tooManyPendingOrdersToast,
} from "~/domain/orders/order-limits";
import { listPaymentQrImages } from "~/domain/settings/payment-methods.server";
import { getShopSettings } from "~/domain/settings/settings.server";
import { getClientIp } from "~/lib/client-ip.server";
import { isRateLimited, rateRules, recordHit } from "~/lib/rate-limit.server";
import type { ToastMessage } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { useIsHydrated } from "~/lib/use-hydrated";
import { CartLineItem, getCartLineFetcherKey } from "~/ui/cart/cart-line-item";
import { CheckoutForm, type CheckoutValues } from "~/ui/cart/checkout-form";
import { FetcherToast } from "~/ui/cart/fetcher-toast";
import { OrderConfirmation } from "~/ui/cart/order-confirmation";
import { Icon } from "~/ui/icons/icon";
import { Button } from "~/ui/primitives/button";
import { useToastFrom } from "~/ui/toaster";

import type { Route } from "./+types/cart";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Carrito de Compras", matches) },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const orderCode = new URL(request.url).searchParams.get("pedido");
  // A session that cannot be read shows the cart as to a visitor (the root says 'Error de Sesión').
  const [{ user }, cartId] = await Promise.all([getSessionUserOrSignedOut(request), readCartId(request, context)]);
  const [cart, methods, qrImages, contact, confirmation, settings] = await Promise.all([
    getCart(cartId),
    listCheckoutPaymentMethods(),
    listPaymentQrImages(),
    user ? getCustomerContact(user.id) : { name: "", phone: "" },
    orderCode ? getOrderConfirmation(request, orderCode, user?.id ?? null) : null,
    getShopSettings(),
  ]);
  const paymentMethods = methods.map((method) => ({ ...method, qrImage: qrImages[method.id] ?? null }));
  return { cart, paymentMethods, contact, confirmation, whatsappPhone: settings.contactPhone };
}

type CartActionData = {
  toast?: ToastMessage;
  checkout?: {
    values: CheckoutValues;
    fieldErrors: Partial<Record<CheckoutField, string>>;
    stockProblems: string[];
  };
};

function reply(body: CartActionData, init?: { status?: number; headers?: HeadersInit }) {
  return data(body, init);
}

function readText(form: Record<string, FormDataEntryValue>, name: string): string {
  const value = form[name];
  return typeof value === "string" ? value : "";
}

/**
 * `POST /carrito`: intent=add|update|remove|clear answer data with a toast (the product
 * page shows it from its fetcher; without JavaScript this page renders it); intent=checkout
 * places the order and redirects to its confirmation, which opens WhatsApp.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const intent = cartIntentSchema.safeParse(form);
  if (!intent.success) return reply({ toast: invalidCartRequestToast }, { status: 400 });

  switch (intent.data.intent) {
    case cartIntents.add: {
      const parsed = addToCartSchema.safeParse(form);
      if (!parsed.success) return reply({ toast: invalidCartRequestToast }, { status: 400 });
      const user = await getSessionUser(request);
      const { cartId, isNew, setCookie } = await ensureCart(request, user?.id ?? null, context);
      const result = await addCartLine(cartId, parsed.data);
      if (isNew && result.status !== "added") await discardNewCart(cartId, context);
      const headers = result.status === "added" ? { "Set-Cookie": setCookie } : undefined;
      const status = result.status === "added" ? 200 : result.status === "unknown-product" ? 404 : 409;
      return reply({ toast: describeAddResult(result) }, { status, headers });
    }
    case cartIntents.update: {
      const parsed = updateCartLineSchema.safeParse(form);
      const cartId = await readCartId(request);
      if (!parsed.success || !cartId) return reply({ toast: invalidCartRequestToast }, { status: 400 });
      const result = await setCartLineQuantity(cartId, parsed.data);
      return reply({ toast: describeUpdateResult(result) }, { status: result.status === "missing" ? 404 : 200 });
    }
    case cartIntents.remove: {
      const parsed = removeCartLineSchema.safeParse(form);
      const cartId = await readCartId(request);
      if (!parsed.success || !cartId) return reply({ toast: invalidCartRequestToast }, { status: 400 });
      const title = await removeCartLine(cartId, parsed.data.productId);
      // Removing a line that is already gone (another tab) ends in the same state.
      return reply({ toast: describeRemoval(title || "El producto") });
    }
    case cartIntents.clear: {
      const cartId = await readCartId(request);
      if (cartId) await clearCart(cartId);
      return reply({ toast: cartClearedToast });
    }
    case cartIntents.checkout: {
      const values: CheckoutValues = {
        paymentMethodId: readText(form, "paymentMethodId"),
        customerName: readText(form, "customerName"),
        customerPhone: readText(form, "customerPhone"),
      };
      const checkout = { values, fieldErrors: {}, stockProblems: [] };
      // Orders hold their units before any payment: a limit per address keeps one visitor
      // from emptying the shelves with orders nobody will pay.
      const clientIp = getClientIp(context);
      const ordersKey = `orders:ip:${clientIp}`;
      if (isRateLimited(ordersKey, rateRules.placedOrdersPerIp)) {
        return reply({ toast: tooManyOrdersToast, checkout }, { status: 429 });
      }
      const [user, cartId] = await Promise.all([getSessionUser(request), readCartId(request)]);
      const outcome = await submitCheckout({ cartId, user, form, clientIp: clientIp === "unknown" ? null : clientIp });
      switch (outcome.status) {
        case "placed": {
          recordHit(ordersKey, rateRules.placedOrdersPerIp);
          const setCookie = await rememberPlacedOrder(request, outcome.code);
          const confirmation = `${CART_PATH}?${new URLSearchParams({ pedido: outcome.code, abrir: "1" })}`;
          return redirectWithToast(confirmation, orderSentToast, { headers: { "Set-Cookie": setCookie } });
        }
        case "missing-payment-method":
          return reply({ toast: missingPaymentMethodToast, checkout }, { status: 400 });
        case "unknown-payment-method":
          return reply(
            {
              toast: {
                title: "Error",
                description: "El método de pago elegido ya no está disponible. Elige otro, por favor.",
                variant: "destructive",
              },
              checkout: { ...checkout, values: { ...values, paymentMethodId: "" } },
            },
            { status: 409 },
          );
        case "stripe-simulated":
          return reply({ toast: stripeSimulatedToast, checkout });
        case "invalid":
          return reply({ checkout: { ...checkout, fieldErrors: outcome.fieldErrors } }, { status: 400 });
        case "empty-cart":
          return reply(
            {
              toast: { title: "Error", description: "Tu carrito está vacío.", variant: "destructive" },
              checkout,
            },
            { status: 409 },
          );
        case "insufficient-stock":
          return reply(
            {
              toast: describeStockProblems(outcome.problems),
              checkout: { ...checkout, stockProblems: outcome.problems.map(describeStockProblem) },
            },
            { status: 409 },
          );
        case "over-order-limit":
          return reply(
            {
              toast: describeOrderLimitProblems(outcome.problems),
              checkout: { ...checkout, stockProblems: outcome.problems.map(describeOrderLimitProblem) },
            },
            { status: 409 },
          );
        case "too-many-pending-orders":
          return reply(
            {
              toast: tooManyPendingOrdersToast,
              checkout: { ...checkout, fieldErrors: { customerPhone: TOO_MANY_PENDING_ORDERS_MESSAGE } },
            },
            { status: 429 },
          );
      }
    }
  }
}

/** A refused change (stock moved meanwhile) still refreshes the cart so it shows the new stock. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 ? true : defaultShouldRevalidate;
}

// After the order is placed the page opens WhatsApp once, in this tab (a popup opened
// after an await is blocked on phones), a moment after the confirmation shows; the URL
// loses 'abrir' so Back or a reload shows the confirmation without opening it again.
const WHATSAPP_OPEN_DELAY_MS = 1500;

function useOpenWhatsAppOnce(whatsappUrl: string | undefined): boolean {
  const [searchParams] = useSearchParams();
  const isHydrated = useIsHydrated();
  useEffect(() => {
    if (!whatsappUrl) return;
    const current = new URL(window.location.href);
    if (current.searchParams.get("abrir") !== "1") return;
    current.searchParams.delete("abrir");
    window.history.replaceState(window.history.state, "", current);
    const timer = setTimeout(() => window.location.assign(whatsappUrl), WHATSAPP_OPEN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [whatsappUrl]);
  return isHydrated && Boolean(whatsappUrl) && searchParams.get("abrir") === "1";
}

const CLEAR_FETCHER_KEY = "cart-clear";

/** Every line this page has shown, so the answer about a line that just left still shows. */
function useLineFetcherKeys(productIds: number[]): string[] {
  const seen = useRef(new Set<number>());
  for (const id of productIds) seen.current.add(id);
  return [...seen.current].map(getCartLineFetcherKey);
}

// Toasts need JavaScript; without it the answer to a posted form is shown in the page.
function ActionNotice({ toast }: { toast: ToastMessage | undefined }) {
  const isHydrated = useIsHydrated();
  if (isHydrated || !toast) return null;
  const isError = toast.variant === "destructive";
  return (
    <div
      role={isError ? "alert" : "status"}
      className={
        isError
          ? "mt-4 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800"
          : "mt-4 rounded-xl border border-primary/30 bg-primary-soft p-4"
      }
    >
      <p className="font-semibold">{toast.title}</p>
      {toast.description ? <p className="text-sm">{toast.description}</p> : null}
    </div>
  );
}

export default function CartScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { paymentMethods, contact, confirmation, whatsappPhone } = loaderData;
  useToastFrom(actionData?.toast);
  const clearFetcher = useFetcher<CartActionData>({ key: CLEAR_FETCHER_KEY });
  const isOpeningWhatsApp = useOpenWhatsAppOnce(confirmation?.whatsappUrl);
  const isHydrated = useIsHydrated();

  const pendingChanges = useFetchers()
    .map((fetcher) => readPendingCartChange(fetcher.formData))
    .filter((change) => change !== null);
  const cart = applyPendingCartChanges(loaderData.cart, pendingChanges);
  const lineFetcherKeys = useLineFetcherKeys(loaderData.cart.lines.map((line) => line.productId));
  const checkout = actionData?.checkout;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <h1 className="flex items-center gap-3 text-3xl font-bold">
        <Icon name="shopping-cart" className="size-8 text-primary-strong" aria-hidden /> Carrito de Compras
      </h1>
      <ActionNotice toast={actionData?.toast} />

      {confirmation ? (
        <div className="mt-6">
          <OrderConfirmation
            order={confirmation}
            isOpeningWhatsApp={isOpeningWhatsApp}
            hasOpenedWhatsApp={isHydrated}
          />
        </div>
      ) : null}

      {[CLEAR_FETCHER_KEY, ...lineFetcherKeys].map((key) => (
        <FetcherToast key={key} fetcherKey={key} />
      ))}

      {cart.lines.length === 0 ? (
        confirmation ? null : (
          <section className="mx-auto mt-10 flex max-w-md flex-col items-center gap-4 text-center">
            <Icon name="shopping-cart" className="size-16 text-primary/60" aria-hidden />
            <h2 className="text-2xl font-bold">Tu Carrito está Vacío</h2>
            <p className="text-muted">Agrega productos para tu mascota y vuelve aquí para enviar tu pedido.</p>
            <Button asChild size="lg">
              <Link to={buildCatalogPath("products")}>Ver Productos</Link>
            </Button>
          </section>
        )
      ) : (
        <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_380px] lg:items-start">
          <section aria-label="Productos en tu carrito" className="rounded-2xl border bg-white px-4 shadow-sm sm:px-6">
            <ul className="divide-y">
              {cart.lines.map((line) => (
                <CartLineItem key={line.productId} line={line} whatsappPhone={whatsappPhone} />
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
            <CheckoutForm
              totalCents={cart.totalCents}
              itemCount={cart.itemCount}
              methods={paymentMethods}
              values={
                checkout?.values ?? { paymentMethodId: "", customerName: contact.name, customerPhone: contact.phone }
              }
              fieldErrors={checkout?.fieldErrors ?? {}}
              stockProblems={checkout?.stockProblems ?? []}
            />
          </aside>
        </div>
      )}
    </div>
  );
}
