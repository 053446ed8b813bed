// The cart page's own read (issue 47): its lines, the checkout's draft and the coupon kept on the
// cart's row, in one statement instead of three (the lines, the row, and the header's count of
// units, which the store layout now takes from the same read).
import { eq, sql } from "drizzle-orm";

import { preparedPerDatabase } from "~/db/prepared.server";
import { cartLines, carts, products, productVariants } from "~/db/schema";
import type { DiscountLine } from "~/domain/discounts/discount-rules";
import { getOrderLimits } from "~/domain/settings/settings.server";

import { CART_PATH, type CartView } from "./cart";
import { cartLineColumns, cartLineOrder, type CartLineRow, readCartId, toCartView } from "./cart.server";
import { type CheckoutDraft, parseCartState } from "./checkout-draft.server";

export type CartPageRead = {
  cart: CartView;
  discountLines: DiscountLine[];
  draft: CheckoutDraft;
  couponCode: string;
};

const NO_CART: CartPageRead = {
  cart: { lines: [], itemCount: 0, totalCents: 0 },
  discountLines: [],
  draft: {},
  couponCode: "",
};

// The cart's row with each of its lines (one row with no line when it is empty; none when the
// cart does not exist). A line always has its presentación and product (foreign keys).
const cartPageRows = preparedPerDatabase((db) =>
  db
    .select({ ...cartLineColumns, draft: carts.checkoutDraft, couponCode: carts.couponCode })
    .from(carts)
    .leftJoin(cartLines, eq(cartLines.cartId, carts.id))
    .leftJoin(productVariants, eq(productVariants.id, cartLines.variantId))
    .leftJoin(products, eq(products.id, cartLines.productId))
    .where(eq(carts.id, sql.placeholder("cartId")))
    .orderBy(...cartLineOrder)
    .prepare("cart_page"),
);

async function readCartPageOf(cartId: string | null): Promise<CartPageRead> {
  if (!cartId) return NO_CART;
  const [limits, rows] = await Promise.all([getOrderLimits(), cartPageRows().execute({ cartId })]);
  const lines = rows.filter((row) => row.productId !== null).map(({ draft: _d, couponCode: _c, ...line }) => line);
  return { ...toCartView(lines as CartLineRow[], limits), ...parseCartState(rows[0]) };
}

/**
 * A loader of the cart page. Loaders get a GET request, also after an action (React Router hands
 * them a copy without the body): an action, which reads before it writes, never fills the
 * shared read below.
 */
export function isCartPageLoad(request: Request): boolean {
  return request.method === "GET" && new URL(request.url).pathname === CART_PATH;
}

const readsOfRequest = new WeakMap<object, Promise<CartPageRead>>();

/**
 * The cart page's read, once per request between its loaders (the page's own and the store
 * layout's count of units), keyed by the request's context object, which server/app.ts builds
 * afresh for each request. Only the cart page's loaders call it (isCartPageLoad).
 */
export function readCartPage(request: Request, loaderContext: object): Promise<CartPageRead> {
  let read = readsOfRequest.get(loaderContext);
  if (!read) {
    read = readCartId(request, loaderContext).then(readCartPageOf);
    readsOfRequest.set(loaderContext, read);
  }
  return read;
}
