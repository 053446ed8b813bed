import { randomBytes } from "node:crypto";

import { and, asc, desc, eq, sql, sum } from "drizzle-orm";
import { createCookie } from "react-router";

import { readConfig } from "~/config.server";
import { type Database, getDb } from "~/db/client.server";
import { preparedPerDatabase } from "~/db/prepared.server";
import { cartLines, carts, products, productVariants } from "~/db/schema";
import { getUnitPriceCents } from "~/domain/catalog/pricing";
import { lineTitle } from "~/domain/catalog/variant-display";
import type { DiscountLine } from "~/domain/discounts/discount-rules";
import { getOrderCap } from "~/domain/orders/order-limits";
import { getOrderLimits } from "~/domain/settings/settings.server";

import {
  type AddCartLineResult,
  type CartLineView,
  type CartView,
  MAX_UNITS_PER_LINE,
  type UpdateCartLineResult,
} from "./cart";

/** The cart lives on the server; the browser keeps only its random id. */
export const cartCookie = createCookie("patitas_cart", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 60 * 60 * 24 * 60,
});

// The id is the cart's only key: like the session, it travels over HTTPS only when the shop does.
function serializeCartCookie(value: string, options: { maxAge?: number; expires?: Date } = {}): Promise<string> {
  return cartCookie.serialize(value, { ...options, secure: readConfig().appUrl.startsWith("https://") });
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * A form posted without JavaScript renders the cart page in the same request as the
 * action, and the loaders cannot see the cookie the action is about to set. React
 * Router hands the action and the loaders of one request the same context object (the
 * one server/app.ts's getLoadContext builds afresh for each request), so a cart created
 * by the action is found through it.
 */
const cartsCreatedInRequest = new WeakMap<object, string>();

export async function readCartId(request: Request, requestContext?: object): Promise<string | null> {
  const created = requestContext ? cartsCreatedInRequest.get(requestContext) : undefined;
  if (created) return created;
  const value = await cartCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && /^[\w-]{16,64}$/.test(value) ? value : null;
}

/** Units in the visitor's cart, for the header badge. */
export async function getCartItemCount(request: Request, requestContext?: object): Promise<number> {
  const cartId = await readCartId(request, requestContext);
  if (!cartId) return 0;
  const [row] = await cartUnits().execute({ cartId });
  return row?.units ?? 0;
}

// Every page a visitor with a cart opens counts its units (the header's badge): built once.
const cartUnits = preparedPerDatabase((db) =>
  db
    .select({ units: sum(cartLines.quantity).mapWith(Number) })
    .from(cartLines)
    .where(eq(cartLines.cartId, sql.placeholder("cartId")))
    .prepare("cart_units"),
);

/**
 * The visitor's cart id, creating the cart on the first write. The Set-Cookie header to
 * send back after a successful write comes with it: a new cart's id, or the same id again,
 * so that the cookie lives 60 days from the last add (the housekeeping deletes carts idle
 * longer than that, domain/operations/housekeeping.server.ts). An id from the cookie is only trusted when
 * that cart exists, so a browser cannot pick an id of its own. A signed-in shopper's cart
 * is linked to their account. Pass the request's context so that this request's loaders
 * see a new cart.
 */
export async function ensureCart(
  request: Request,
  userId: string | null,
  requestContext?: object,
): Promise<{ cartId: string; isNew: boolean; setCookie: string }> {
  const db = getDb();
  const existingId = await readCartId(request);
  if (existingId) {
    const [existing] = await db
      .select({ id: carts.id, userId: carts.userId })
      .from(carts)
      .where(eq(carts.id, existingId));
    if (existing) {
      if (userId && existing.userId !== userId) {
        await db.update(carts).set({ userId }).where(eq(carts.id, existing.id));
      }
      return { cartId: existing.id, isNew: false, setCookie: await serializeCartCookie(existing.id) };
    }
  }
  const cartId = randomBytes(24).toString("base64url");
  await db.insert(carts).values({ id: cartId, userId });
  if (requestContext) cartsCreatedInRequest.set(requestContext, cartId);
  return { cartId, isNew: true, setCookie: await serializeCartCookie(cartId) };
}

/**
 * After a sign-in, a browser without a cart of its own gets back the account's latest cart
 * (signing out forgets it in the browser, see `forgetCartCookie`). A browser that has a cart
 * keeps it: that is the one the shopper is filling. The Set-Cookie value, or null.
 */
export async function restoreAccountCart(request: Request, userId: string): Promise<string | null> {
  const db = getDb();
  const browserCartId = await readCartId(request);
  if (browserCartId) {
    const [own] = await db.select({ id: carts.id }).from(carts).where(eq(carts.id, browserCartId));
    if (own) return null;
  }
  const [latest] = await db
    .select({ id: carts.id })
    .from(carts)
    .where(eq(carts.userId, userId))
    .orderBy(desc(carts.updatedAt))
    .limit(1);
  if (!latest) return null;
  return serializeCartCookie(latest.id);
}

/** Signing out: this browser forgets the cart (it stays with the account, for its next sign-in). */
export function forgetCartCookie(): Promise<string> {
  return serializeCartCookie("", { maxAge: 0, expires: new Date(0) });
}

/**
 * Removes a cart made by this request whose first write was refused (an unknown or sold-out
 * product): a visitor gets a cart, and its cookie, only once something is in it.
 */
export async function discardNewCart(cartId: string, requestContext?: object): Promise<void> {
  await getDb().delete(carts).where(eq(carts.id, cartId));
  if (requestContext) cartsCreatedInRequest.delete(requestContext);
}

// Writes to one cart take turns (two tabs adding at once), so the stock check and the write
// that follows it see the same line. The UPDATE that marks the cart used takes its row's lock
// for the transaction, in one statement instead of a SELECT … FOR UPDATE and an UPDATE at the
// end (issue 47); a refused add marks it used too: its shopper was there.
async function lockAndTouchCart(tx: Transaction, cartId: string): Promise<boolean> {
  const rows = await tx
    .update(carts)
    .set({ updatedAt: new Date() })
    .where(eq(carts.id, cartId))
    .returning({ id: carts.id });
  return rows.length > 0;
}

/**
 * The presentación an add-to-cart names: the one posted (it must be a live one of that
 * product), or the product's only live one, with the units of it already in the cart. Null
 * for an unknown or archived product; "choose" when a product with several was posted without
 * one of its own.
 */
async function readAddedVariant(
  tx: Transaction | Database,
  cartId: string,
  input: { productId: number; variantId?: number | undefined },
) {
  const rows = await tx
    .select({
      variantId: productVariants.id,
      title: products.title,
      variantName: productVariants.name,
      stock: productVariants.stock,
      inCart: cartLines.quantity,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(cartLines, and(eq(cartLines.cartId, cartId), eq(cartLines.variantId, productVariants.id)))
    .where(
      and(
        eq(productVariants.productId, input.productId),
        eq(productVariants.isArchived, false),
        eq(products.isArchived, false),
      ),
    );
  if (rows.length === 0) return null;
  if (input.variantId !== undefined) return rows.find((row) => row.variantId === input.variantId) ?? "choose";
  return rows.length === 1 ? rows[0]! : "choose";
}

export { lineTitle };

/**
 * Adds units of a live presentación; refused when the line would exceed its stock. `isNew`: the
 * cart was created by this request (ensureCart), so no other request can be writing to it and
 * its lock is not needed: the read and the write go without a transaction (issue 47).
 */
export async function addCartLine(
  cartId: string,
  input: { productId: number; variantId?: number | undefined; quantity: number },
  { isNew = false }: { isNew?: boolean } = {},
): Promise<AddCartLineResult> {
  if (isNew) return addLine(getDb(), cartId, input);
  return getDb().transaction(async (tx) => {
    await lockAndTouchCart(tx, cartId);
    return addLine(tx, cartId, input);
  });
}

async function addLine(
  db: Transaction | Database,
  cartId: string,
  input: { productId: number; variantId?: number | undefined; quantity: number },
): Promise<AddCartLineResult> {
  const variant = await readAddedVariant(db, cartId, input);
  if (!variant) return { status: "unknown-product" };
  if (variant === "choose") {
    const [product] = await db.select({ title: products.title }).from(products).where(eq(products.id, input.productId));
    return { status: "choose-variant", title: product?.title ?? "" };
  }
  const title = lineTitle(variant.title, variant.variantName);
  if (variant.stock <= 0) return { status: "out-of-stock", title };
  const inCart = variant.inCart ?? 0;
  const quantity = inCart + input.quantity;
  if (quantity > variant.stock) return { status: "exceeds-stock", title, available: variant.stock, inCart };
  if (quantity > MAX_UNITS_PER_LINE) return { status: "over-line-limit", title, inCart };
  await db
    .insert(cartLines)
    .values({ cartId, productId: input.productId, variantId: variant.variantId, quantity })
    .onConflictDoUpdate({ target: [cartLines.cartId, cartLines.variantId], set: { quantity } });
  return { status: "added", title, quantity };
}

/** A presentación as a line's stepper needs it: its title and what can still be sold. */
function lineVariantView(row: { title: string; variantName: string; stock: number; isArchived: boolean }) {
  return { title: lineTitle(row.title, row.variantName), available: row.isArchived ? 0 : row.stock };
}

const lineVariantColumns = {
  title: products.title,
  variantName: productVariants.name,
  stock: productVariants.stock,
  isArchived: sql<boolean>`${products.isArchived} or ${productVariants.isArchived}`,
};

/** A presentación's title and what can still be sold; null for an unknown one. */
async function readLineVariant(tx: Transaction, variantId: number) {
  const [row] = await tx
    .select(lineVariantColumns)
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(productVariants.id, variantId));
  return row ? lineVariantView(row) : null;
}

/** A cart's line with its presentación, in one statement; null when the cart has no such line. */
async function readCartLineVariant(tx: Transaction, cartId: string, variantId: number) {
  const [row] = await tx
    .select({ ...lineVariantColumns, inCart: cartLines.quantity })
    .from(cartLines)
    .innerJoin(productVariants, eq(productVariants.id, cartLines.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(cartLines.cartId, cartId), eq(cartLines.variantId, variantId)));
  return row && row.inCart > 0 ? lineVariantView(row) : null;
}

/**
 * Sets a line's quantity: zero or less removes it, more than the stock is lowered to
 * the stock (and a sold-out presentación leaves the cart).
 */
export async function setCartLineQuantity(
  cartId: string,
  input: { variantId: number; quantity: number },
): Promise<UpdateCartLineResult> {
  return getDb().transaction(async (tx) => {
    if (!(await lockAndTouchCart(tx, cartId))) return { status: "missing" };
    const variant = await readCartLineVariant(tx, cartId, input.variantId);
    if (!variant) return { status: "missing" };
    const { title, available } = variant;
    const where = and(eq(cartLines.cartId, cartId), eq(cartLines.variantId, input.variantId));
    if (input.quantity <= 0 || available <= 0) {
      await tx.delete(cartLines).where(where);
      return input.quantity <= 0 ? { status: "removed", title } : { status: "sold-out", title };
    }
    const quantity = Math.min(input.quantity, available, MAX_UNITS_PER_LINE);
    await tx.update(cartLines).set({ quantity }).where(where);
    if (quantity === input.quantity) return { status: "updated", title, quantity };
    return quantity === available ? { status: "limited", title, quantity } : { status: "capped", title };
  });
}

/** Removes a line; answers its title, or null when the line was not there. */
export async function removeCartLine(cartId: string, variantId: number): Promise<string | null> {
  const db = getDb();
  const [removed] = await db
    .delete(cartLines)
    .where(and(eq(cartLines.cartId, cartId), eq(cartLines.variantId, variantId)))
    .returning({ variantId: cartLines.variantId });
  if (!removed) return null;
  return (await db.transaction((tx) => readLineVariant(tx, variantId)))?.title ?? "";
}

export async function clearCart(cartId: string): Promise<void> {
  await getDb().delete(cartLines).where(eq(cartLines.cartId, cartId));
}

/**
 * The cart's lines at today's prices and stock, oldest first, each with the most units one
 * order may take of it now.
 */
export async function getCart(cartId: string | null): Promise<CartView> {
  return (await getCartWithDiscountLines(cartId)).cart;
}

/**
 * The cart, and its lines as its discounts see them (each product's family, category and
 * brand, read with the lines rather than by a statement of their own, issue 47).
 */
export async function getCartWithDiscountLines(
  cartId: string | null,
): Promise<{ cart: CartView; discountLines: DiscountLine[] }> {
  if (!cartId) return { cart: { lines: [], itemCount: 0, totalCents: 0 }, discountLines: [] };
  const [limits, rows] = await Promise.all([getOrderLimits(), cartLineRows().execute({ cartId })]);
  return toCartView(rows, limits);
}

/** A cart line as read: the presentación and its product now, and the units in the cart. */
export type CartLineRow = Awaited<ReturnType<ReturnType<typeof cartLineRows>["execute"]>>[number];

/** The cart's lines with what each costs now, and the lines the discounts look at. */
export function toCartView(
  rows: readonly CartLineRow[],
  limits: Awaited<ReturnType<typeof getOrderLimits>>,
): { cart: CartView; discountLines: DiscountLine[] } {
  const discountLines: DiscountLine[] = [];
  const lines = rows.map(({ isArchived, familyId, categoryId, brandId, ...row }): CartLineView => {
    const unitPriceCents = getUnitPriceCents(row);
    const lineTotalCents = unitPriceCents * row.quantity;
    discountLines.push({ productId: row.productId, familyId, categoryId, brandId, lineTotalCents });
    return {
      ...row,
      // Every place that names the line (the cart, the WhatsApp text) names its size too.
      title: lineTitle(row.title, row.variantName),
      unitPriceCents,
      maxPerOrder: getOrderCap(limits, isArchived ? 0 : row.stock),
      lineTotalCents,
      isAvailable: !isArchived && row.stock > 0,
    };
  });
  const cart = {
    lines,
    itemCount: lines.reduce((units, line) => units + line.quantity, 0),
    totalCents: lines.reduce((total, line) => total + line.lineTotalCents, 0),
  };
  return { cart, discountLines };
}

/** A cart line's columns, read by cartLineRows and by the cart page's own statement (cart-page.server.ts). */
export const cartLineColumns = {
  productId: products.id,
  variantId: productVariants.id,
  variantName: productVariants.name,
  title: products.title,
  image: products.image,
  imageAlt: products.imageAlt,
  priceCents: productVariants.priceCents,
  isOfferActive: productVariants.isOfferActive,
  offerPriceCents: productVariants.offerPriceCents,
  stock: productVariants.stock,
  isArchived: sql<boolean>`${products.isArchived} or ${productVariants.isArchived}`,
  quantity: cartLines.quantity,
  familyId: products.familyId,
  categoryId: products.categoryId,
  brandId: products.brandId,
};

/** The order of a cart's lines: as they were added. */
export const cartLineOrder = [asc(cartLines.addedAt), asc(products.id), asc(productVariants.sortOrder)];

/** The cart's lines, with what each costs now: built once (every cart fetcher, the checkout). */
const cartLineRows = preparedPerDatabase((db) =>
  db
    .select(cartLineColumns)
    .from(cartLines)
    .innerJoin(productVariants, eq(productVariants.id, cartLines.variantId))
    .innerJoin(products, eq(products.id, cartLines.productId))
    .where(eq(cartLines.cartId, sql.placeholder("cartId")))
    .orderBy(...cartLineOrder)
    .prepare("cart_lines"),
);

/** Empties a cart inside the caller's transaction (used when an order is placed), with its checkout draft. */
export async function emptyCartIn(tx: Transaction, cartId: string): Promise<void> {
  await tx.delete(cartLines).where(eq(cartLines.cartId, cartId));
  await tx
    .update(carts)
    .set({ checkoutDraft: null, couponCode: null, updatedAt: new Date() })
    .where(eq(carts.id, cartId));
}
