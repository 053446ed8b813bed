import { data, type ShouldRevalidateFunctionArgs, useFetcher, useFetchers } from "react-router";

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
  type CheckoutOutcome,
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
import { CartLineItem } from "~/ui/cart/cart-line-item";
import {
  ActionNotice,
  CLEAR_FETCHER_KEY,
  EmptyCart,
  useLineFetcherKeys,
  useOpenWhatsAppOnce,
} from "~/ui/cart/cart-page-parts";
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

type CheckoutState = {
  values: CheckoutValues;
  fieldErrors: Partial<Record<CheckoutField, string>>;
  stockProblems: string[];
};

type CartActionData = { toast?: ToastMessage; checkout?: CheckoutState };

function reply(body: CartActionData, init?: { status?: number; headers?: HeadersInit }) {
  return data(body, init);
}

const invalidCartRequest = () => reply({ toast: invalidCartRequestToast }, { status: 400 });

function readText(form: Record<string, FormDataEntryValue>, name: string): string {
  const value = form[name];
  return typeof value === "string" ? value : "";
}

/** What each intent works from: the request, its context and the posted fields. */
type IntentArgs = {
  request: Request;
  context: Route.ActionArgs["context"];
  form: Record<string, FormDataEntryValue>;
};

async function addToCart({ request, context, form }: IntentArgs) {
  const parsed = addToCartSchema.safeParse(form);
  if (!parsed.success) return invalidCartRequest();
  const user = await getSessionUser(request);
  const { cartId, isNew, setCookie } = await ensureCart(request, user?.id ?? null, context);
  const result = await addCartLine(cartId, parsed.data);
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

async function checkout({ request, context, form }: IntentArgs) {
  const values: CheckoutValues = {
    paymentMethodId: readText(form, "paymentMethodId"),
    customerName: readText(form, "customerName"),
    customerPhone: readText(form, "customerPhone"),
  };
  const state: CheckoutState = { values, fieldErrors: {}, stockProblems: [] };
  // Orders hold their units before any payment: a limit per address keeps one visitor
  // from emptying the shelves with orders nobody will pay.
  const clientIp = getClientIp(context);
  const ordersKey = `orders:ip:${clientIp}`;
  if (isRateLimited(ordersKey, rateRules.placedOrdersPerIp)) {
    return reply({ toast: tooManyOrdersToast, checkout: state }, { status: 429 });
  }
  const [user, cartId] = await Promise.all([getSessionUser(request), readCartId(request)]);
  const outcome = await submitCheckout({ cartId, user, form, clientIp: clientIp === "unknown" ? null : clientIp });
  if (outcome.status !== "placed") return refuseCheckout(outcome, state);
  recordHit(ordersKey, rateRules.placedOrdersPerIp);
  const setCookie = await rememberPlacedOrder(request, outcome.code);
  const confirmation = `${CART_PATH}?${new URLSearchParams({ pedido: outcome.code, abrir: "1" })}`;
  return redirectWithToast(confirmation, orderSentToast, { headers: { "Set-Cookie": setCookie } });
}

/** An order not placed: why, beside the form that keeps what was typed. */
function refuseCheckout(outcome: Exclude<CheckoutOutcome, { status: "placed" }>, state: CheckoutState) {
  switch (outcome.status) {
    case "missing-payment-method":
      return reply({ toast: missingPaymentMethodToast, checkout: state }, { status: 400 });
    case "unknown-payment-method":
      return reply(
        {
          toast: {
            title: "Error",
            description: "El método de pago elegido ya no está disponible. Elige otro, por favor.",
            variant: "destructive",
          },
          checkout: { ...state, values: { ...state.values, paymentMethodId: "" } },
        },
        { status: 409 },
      );
    case "stripe-simulated":
      return reply({ toast: stripeSimulatedToast, checkout: state });
    case "invalid":
      return reply({ checkout: { ...state, fieldErrors: outcome.fieldErrors } }, { status: 400 });
    case "empty-cart":
      return reply(
        { toast: { title: "Error", description: "Tu carrito está vacío.", variant: "destructive" }, checkout: state },
        { status: 409 },
      );
    default:
      return refuseOverLimits(outcome, state);
  }
}

/** Refusals about quantities: stock that moved, an order's share, too many unpaid orders. */
function refuseOverLimits(
  outcome: Extract<CheckoutOutcome, { status: "insufficient-stock" | "over-order-limit" | "too-many-pending-orders" }>,
  state: CheckoutState,
) {
  switch (outcome.status) {
    case "insufficient-stock":
      return reply(
        {
          toast: describeStockProblems(outcome.problems),
          checkout: { ...state, stockProblems: outcome.problems.map(describeStockProblem) },
        },
        { status: 409 },
      );
    case "over-order-limit":
      return reply(
        {
          toast: describeOrderLimitProblems(outcome.problems),
          checkout: { ...state, stockProblems: outcome.problems.map(describeOrderLimitProblem) },
        },
        { status: 409 },
      );
    case "too-many-pending-orders":
      return reply(
        {
          toast: tooManyPendingOrdersToast,
          checkout: { ...state, fieldErrors: { customerPhone: TOO_MANY_PENDING_ORDERS_MESSAGE } },
        },
        { status: 429 },
      );
  }
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
  const form = Object.fromEntries(await request.formData());
  const intent = cartIntentSchema.safeParse(form);
  if (!intent.success) return invalidCartRequest();
  return intentActions[intent.data.intent]({ request, context, form });
}

/** A refused change (stock moved meanwhile) still refreshes the cart so it shows the new stock. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 ? true : defaultShouldRevalidate;
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
  const lineFetcherKeys = useLineFetcherKeys(loaderData.cart.lines.map((line) => line.variantId));
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
          <EmptyCart />
        )
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
