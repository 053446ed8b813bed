import { and, asc, eq, gte, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { createCookie } from "react-router";

import { readConfig, resolveAuthSecret } from "~/config.server";
import { getDb } from "~/db/client.server";
import {
  cartLines,
  carts,
  customerProfiles,
  orderLines,
  orders,
  orderStatusChanges,
  paymentMethods,
  products,
  users,
} from "~/db/schema";
import { emptyCartIn } from "~/domain/cart/cart.server";
import { getUnitPriceCents } from "~/domain/catalog/pricing";
import { getOrderLimits, getShopSettings } from "~/domain/settings/settings.server";
import { buildWhatsAppUrl } from "~/lib/whatsapp";

import { checkoutSchema } from "./checkout-schema";
import {
  buildOrderWhatsAppMessage,
  type CheckoutField,
  formatOrderCode,
  ORDER_CODE_PATTERN,
  type StockProblem,
} from "./order";
import {
  getOrderCap,
  HOLDINGS_WINDOW_MS,
  MAX_PENDING_GUEST_ORDERS_PER_PHONE,
  type OrderLimitProblem,
  PENDING_GUEST_ORDERS_WINDOW_MS,
  toPhoneKey,
} from "./order-limits";

/** What an order copies of its payment method (id null when none is configured). */
type PaymentMethodCopy = { id: string | null; name: string; details: string };
type MessageLine = { title: string; quantity: number; lineTotalCents: number };

export type CheckoutPaymentMethod = {
  id: string;
  name: string;
  details: string;
  kind: "manual" | "stripe";
};

/** When the shop switched every method off, the order still goes out and payment is agreed in the chat. */
const TO_BE_AGREED: PaymentMethodCopy = { id: null, name: "Por coordinar", details: "" };

/** The active payment methods, in the shop's order, for the cart's radios. */
export async function listCheckoutPaymentMethods(): Promise<CheckoutPaymentMethod[]> {
  return getDb()
    .select({
      id: paymentMethods.id,
      name: paymentMethods.name,
      details: paymentMethods.details,
      kind: paymentMethods.kind,
    })
    .from(paymentMethods)
    .where(eq(paymentMethods.isActive, true))
    .orderBy(asc(paymentMethods.sortOrder), asc(paymentMethods.name));
}

type MethodChoice =
  | { status: "ok"; method: PaymentMethodCopy }
  | { status: "missing-payment-method" }
  | { status: "unknown-payment-method" }
  | { status: "stripe-simulated" };

async function choosePaymentMethod(paymentMethodId: string | undefined): Promise<MethodChoice> {
  const methods = await listCheckoutPaymentMethods();
  if (!paymentMethodId) {
    return methods.length > 0 ? { status: "missing-payment-method" } : { status: "ok", method: TO_BE_AGREED };
  }
  const method = methods.find((candidate) => candidate.id === paymentMethodId);
  if (!method) return { status: "unknown-payment-method" };
  // Card payment is not wired yet: the spec's simulated notice, and nothing is stored.
  if (method.kind === "stripe") return { status: "stripe-simulated" };
  return { status: "ok", method };
}

export type PlaceOrderInput = {
  cartId: string | null;
  userId: string | null;
  /** The visitor's address (getClientIp); none when unknown. Guests' orders count together by it. */
  clientIp?: string | null;
  paymentMethodId: string | undefined;
  customerName: string;
  customerPhone: string;
  customerEmail?: string;
};

export type PlacedOrder = {
  orderId: number;
  code: string;
  totalCents: number;
  message: string;
  whatsappUrl: string;
};

export type PlaceOrderResult =
  | ({ status: "placed" } & PlacedOrder)
  | { status: "missing-payment-method" }
  | { status: "unknown-payment-method" }
  | { status: "stripe-simulated" }
  | { status: "empty-cart" }
  | { status: "insufficient-stock"; problems: StockProblem[] }
  | { status: "over-order-limit"; problems: OrderLimitProblem[] }
  | { status: "too-many-pending-orders" };

/**
 * Thrown inside the transaction to roll it back if the conditional stock update finds too
 * few units. The rows are locked before the check, so this is the last guard against
 * overselling, not the usual way a shopper learns the stock ran out.
 */
class StockTakenMeanwhile extends Error {
  constructor(readonly problem: StockProblem) {
    super(`Stock of product ${problem.productId} was taken by another order`);
  }
}

/**
 * Turns the cart into an order in one transaction: re-reads prices and stock, refuses
 * (changing nothing) when a line's stock no longer suffices, when a line goes over the
 * shopper's share of the product or a guest phone has too many unpaid orders
 * (order-limits.ts), stores the order with copied titles and prices, takes the units from
 * the stock with a conditional update (two shoppers racing for the last unit: one of them
 * gets it), records the first status and empties the cart. Answers the WhatsApp link with
 * the order's message.
 */
export async function placeOrder(input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const choice = await choosePaymentMethod(input.paymentMethodId);
  if (choice.status !== "ok") return choice;
  if (!input.cartId) return { status: "empty-cart" };

  const outcome = await storeOrder(input.cartId, input, choice.method).catch(async (error: unknown) => {
    if (!(error instanceof StockTakenMeanwhile)) throw error;
    const [product] = await getDb()
      .select({ stock: products.stock, isArchived: products.isArchived })
      .from(products)
      .where(eq(products.id, error.problem.productId));
    const available = product && !product.isArchived ? product.stock : 0;
    return { status: "insufficient-stock" as const, problems: [{ ...error.problem, available }] };
  });
  if (outcome.status !== "placed") return outcome;

  const settings = await getShopSettings();
  const message = buildOrderWhatsAppMessage({
    code: outcome.code,
    customerName: input.customerName,
    customerPhone: input.customerPhone,
    lines: outcome.lines,
    totalCents: outcome.totalCents,
    paymentMethod: choice.method,
  });
  return {
    status: "placed",
    orderId: outcome.orderId,
    code: outcome.code,
    totalCents: outcome.totalCents,
    message,
    whatsappUrl: buildWhatsAppUrl(settings.contactPhone, message),
  };
}

// Guest checkouts with one phone take turns on this lock (two int4 keys, apart from the
// housekeeping's one-key lock), so that concurrent orders cannot all pass the count.
const PHONE_LOCK_CLASS = 72_730;

/** The phone as toPhoneKey reads it, in SQL: digits only, the last nine. */
function phoneKeyOf(column: typeof orders.customerPhone): SQL<string> {
  return sql<string>`right(regexp_replace(${column}, '[^0-9]', '', 'g'), 9)`;
}

type Transaction = Parameters<Parameters<ReturnType<typeof getDb>["transaction"]>[0]>[0];

/**
 * Who is ordering, for the limits: a signed-in shopper is their account; a guest is their
 * address or their phone, whichever matches (a hoarder changes phones, not addresses).
 */
function sameShopper(input: PlaceOrderInput, phoneKey: string): SQL | undefined {
  if (input.userId) return eq(orders.userId, input.userId);
  const byPhone = sql`${phoneKeyOf(orders.customerPhone)} = ${phoneKey}`;
  const byAddress = input.clientIp ? sql`${orders.clientIp} = ${input.clientIp}` : undefined;
  return and(isNull(orders.userId), byAddress ? sql`(${byAddress} or ${byPhone})` : byPhone);
}

/** Units of each product in the shopper's unpaid orders of the last hour. */
async function readHoldings(tx: Transaction, input: PlaceOrderInput, phoneKey: string, productIds: number[]) {
  const rows = await tx
    .select({ productId: orderLines.productId, units: sql<number>`sum(${orderLines.quantity})::integer` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.status, "pendiente"),
        gte(orders.createdAt, new Date(Date.now() - HOLDINGS_WINDOW_MS)),
        inArray(orderLines.productId, productIds),
        sameShopper(input, phoneKey),
      ),
    )
    .groupBy(orderLines.productId);
  return new Map(rows.map((row) => [row.productId!, Number(row.units)]));
}

/** Whether this guest's phone already has its unpaid orders of the last day. */
async function hasTooManyPendingOrders(tx: Transaction, phoneKey: string): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PHONE_LOCK_CLASS}, hashtext(${phoneKey}))`);
  const [row] = await tx
    .select({ n: sql<number>`count(*)::integer` })
    .from(orders)
    .where(
      and(
        eq(orders.status, "pendiente"),
        isNull(orders.userId),
        gte(orders.createdAt, new Date(Date.now() - PENDING_GUEST_ORDERS_WINDOW_MS)),
        sql`${phoneKeyOf(orders.customerPhone)} = ${phoneKey}`,
      ),
    );
  return Number(row?.n ?? 0) >= MAX_PENDING_GUEST_ORDERS_PER_PHONE;
}

async function storeOrder(cartId: string, input: PlaceOrderInput, method: PaymentMethodCopy) {
  return getDb().transaction(async (tx) => {
    const phoneKey = toPhoneKey(input.customerPhone);
    // First, before any row lock, so that waiting for it never holds one.
    if (!input.userId && (await hasTooManyPendingOrders(tx, phoneKey))) {
      return { status: "too-many-pending-orders" as const };
    }
    // The cart's row lock, as every change to the cart takes it: two checkouts of one cart
    // (two tabs, a form posted twice) take turns, and the second finds the cart empty
    // instead of ordering and reserving the same lines again.
    const [cart] = await tx.select({ id: carts.id }).from(carts).where(eq(carts.id, cartId)).for("update");
    if (!cart) return { status: "empty-cart" as const };
    const cartRows = await tx
      .select({ productId: cartLines.productId, quantity: cartLines.quantity })
      .from(cartLines)
      .where(eq(cartLines.cartId, cartId));
    if (cartRows.length === 0) return { status: "empty-cart" as const };
    const quantities = new Map(cartRows.map((row) => [row.productId, row.quantity]));

    // The products' row locks, in one order for every transaction (no deadlock between two
    // orders), taken before the stock and the shopper's earlier orders are read: a shopper's
    // concurrent orders for a product take turns, and each sees the ones before it.
    const locked = await tx
      .select({
        productId: products.id,
        title: products.title,
        priceCents: products.priceCents,
        isOfferActive: products.isOfferActive,
        offerPriceCents: products.offerPriceCents,
        stock: products.stock,
        isArchived: products.isArchived,
      })
      .from(products)
      .where(inArray(products.id, [...quantities.keys()]))
      .orderBy(asc(products.id))
      .for("update");
    const lines = locked.map((product) => ({ ...product, quantity: quantities.get(product.productId)! }));

    const problems: StockProblem[] = lines
      .filter((line) => line.isArchived || line.stock < line.quantity)
      .map((line) => ({
        productId: line.productId,
        title: line.title,
        requested: line.quantity,
        available: line.isArchived ? 0 : line.stock,
      }));
    if (problems.length > 0) return { status: "insufficient-stock" as const, problems };

    const limits = await getOrderLimits(tx);
    const holdings = await readHoldings(
      tx,
      input,
      phoneKey,
      lines.map((line) => line.productId),
    );
    const limitProblems: OrderLimitProblem[] = lines.flatMap((line) => {
      const held = holdings.get(line.productId) ?? 0;
      // The share is of the stock as it was before this shopper's holdings took from it.
      const allowed = Math.max(0, getOrderCap(limits, line.stock + held) - held);
      return line.quantity > allowed
        ? [{ productId: line.productId, title: line.title, requested: line.quantity, allowed, held }]
        : [];
    });
    if (limitProblems.length > 0) return { status: "over-order-limit" as const, problems: limitProblems };

    const priced = lines.map((line) => {
      const unitPriceCents = getUnitPriceCents(line);
      return { ...line, unitPriceCents, lineTotalCents: unitPriceCents * line.quantity };
    });
    const totalCents = priced.reduce((total, line) => total + line.lineTotalCents, 0);

    // The code is derived from the id, so the id is taken first and inserted explicitly.
    const sequence = (await tx.execute(
      sql`select nextval(pg_get_serial_sequence('orders', 'id'))::integer as id`,
    )) as unknown as { rows: { id: number }[] };
    const orderId = Number(sequence.rows[0]!.id);
    const code = formatOrderCode(orderId);

    await tx.insert(orders).values({
      id: orderId,
      code,
      userId: input.userId,
      customerName: input.customerName,
      customerPhone: input.customerPhone,
      customerEmail: input.customerEmail ?? "",
      clientIp: input.clientIp ?? null,
      paymentMethodId: method.id,
      paymentMethodName: method.name,
      status: "pendiente",
      totalCents,
    });
    await tx.insert(orderLines).values(
      priced.map((line) => ({
        orderId,
        productId: line.productId,
        title: line.title,
        unitPriceCents: line.unitPriceCents,
        quantity: line.quantity,
        lineTotalCents: line.lineTotalCents,
      })),
    );
    for (const line of priced) {
      const taken = await tx
        .update(products)
        .set({ stock: sql`${products.stock} - ${line.quantity}` })
        .where(and(eq(products.id, line.productId), eq(products.isArchived, false), gte(products.stock, line.quantity)))
        .returning({ id: products.id });
      if (taken.length === 0) {
        throw new StockTakenMeanwhile({
          productId: line.productId,
          title: line.title,
          requested: line.quantity,
          available: 0,
        });
      }
    }
    await tx.insert(orderStatusChanges).values({
      orderId,
      fromStatus: null,
      toStatus: "pendiente",
      changedByUserId: input.userId,
    });
    await emptyCartIn(tx, cartId);
    const messageLines: MessageLine[] = priced;
    return { status: "placed" as const, orderId, code, totalCents, lines: messageLines };
  });
}

export type CheckoutOutcome =
  PlaceOrderResult | { status: "invalid"; fieldErrors: Partial<Record<CheckoutField, string>> };

/**
 * The cart page's order form: the payment method is checked first (missing or the
 * simulated card payment answer before anything else), then the shopper's contact.
 */
export async function submitCheckout(input: {
  cartId: string | null;
  user: { id: string; email: string } | null;
  clientIp: string | null;
  form: Record<string, unknown>;
}): Promise<CheckoutOutcome> {
  const rawMethodId = typeof input.form.paymentMethodId === "string" ? input.form.paymentMethodId.trim() : "";
  const choice = await choosePaymentMethod(rawMethodId || undefined);
  if (choice.status !== "ok") return choice;

  const parsed = checkoutSchema.safeParse(input.form);
  if (!parsed.success) {
    const fieldErrors: Partial<Record<CheckoutField, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === "customerName" || field === "customerPhone") && !fieldErrors[field]) {
        fieldErrors[field] = issue.message;
      }
    }
    return { status: "invalid", fieldErrors };
  }
  return placeOrder({
    cartId: input.cartId,
    userId: input.user?.id ?? null,
    clientIp: input.clientIp,
    paymentMethodId: parsed.data.paymentMethodId,
    customerName: parsed.data.customerName,
    customerPhone: parsed.data.customerPhone,
    customerEmail: input.user?.email ?? "",
  });
}

/** Name and phone to prefill for a signed-in shopper: the profile's, else the account name. */
export async function getCustomerContact(userId: string): Promise<{ name: string; phone: string }> {
  const [row] = await getDb()
    .select({
      accountName: users.name,
      fullName: customerProfiles.fullName,
      phone: customerProfiles.phone,
    })
    .from(users)
    .leftJoin(customerProfiles, eq(customerProfiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return { name: "", phone: "" };
  return { name: row.fullName?.trim() || row.accountName.trim(), phone: row.phone?.trim() ?? "" };
}

// Order codes are sequential, so a confirmation is shown only to the browser that
// placed the order (signed cookie) or to the account it belongs to.
const MAX_REMEMBERED_ORDERS = 10;
let placedOrdersCookie: ReturnType<typeof createCookie> | undefined;

function getPlacedOrdersCookie() {
  if (!placedOrdersCookie) {
    const config = readConfig();
    placedOrdersCookie = createCookie("patitas_orders", {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: config.appUrl.startsWith("https://"),
      secrets: [resolveAuthSecret(config)],
      maxAge: 60 * 60 * 24 * 30,
    });
  }
  return placedOrdersCookie;
}

async function readPlacedOrderCodes(request: Request): Promise<string[]> {
  const value = await getPlacedOrdersCookie().parse(request.headers.get("Cookie"));
  return Array.isArray(value) ? value.filter((code): code is string => typeof code === "string") : [];
}

/**
 * Signing out: this browser no longer shows the confirmations of the orders it placed (name,
 * phone and lines), so that the next person at a shared computer cannot open them. A signed-in
 * shopper still finds their orders under "Mis Pedidos".
 */
export function forgetPlacedOrdersCookie(): Promise<string> {
  return getPlacedOrdersCookie().serialize([], { maxAge: 0, expires: new Date(0) });
}

/** The Set-Cookie value that lets this browser see the confirmation of `code`. */
export async function rememberPlacedOrder(request: Request, code: string): Promise<string> {
  const codes = [code, ...(await readPlacedOrderCodes(request)).filter((known) => known !== code)];
  return getPlacedOrdersCookie().serialize(codes.slice(0, MAX_REMEMBERED_ORDERS));
}

export type OrderConfirmation = {
  code: string;
  totalCents: number;
  paymentMethodName: string;
  lines: MessageLine[];
  whatsappUrl: string;
};

/**
 * The confirmation of an order placed from this browser or by this account, with its
 * WhatsApp link rebuilt from what the order stored; null for anyone else's code.
 */
export async function getOrderConfirmation(
  request: Request,
  code: string,
  userId: string | null,
): Promise<OrderConfirmation | null> {
  if (!ORDER_CODE_PATTERN.test(code)) return null;
  const db = getDb();
  const [order] = await db
    .select({
      id: orders.id,
      code: orders.code,
      userId: orders.userId,
      customerName: orders.customerName,
      customerPhone: orders.customerPhone,
      totalCents: orders.totalCents,
      paymentMethodName: orders.paymentMethodName,
      paymentMethodDetails: paymentMethods.details,
    })
    .from(orders)
    .leftJoin(paymentMethods, eq(paymentMethods.id, orders.paymentMethodId))
    .where(eq(orders.code, code));
  if (!order) return null;
  const isOwner = (userId !== null && order.userId === userId) || (await readPlacedOrderCodes(request)).includes(code);
  if (!isOwner) return null;

  const [lines, settings] = await Promise.all([
    db
      .select({
        title: orderLines.title,
        quantity: orderLines.quantity,
        lineTotalCents: orderLines.lineTotalCents,
      })
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.id)),
    getShopSettings(),
  ]);
  const message = buildOrderWhatsAppMessage({
    code: order.code,
    customerName: order.customerName,
    customerPhone: order.customerPhone,
    lines,
    totalCents: order.totalCents,
    paymentMethod: { name: order.paymentMethodName, details: order.paymentMethodDetails ?? "" },
  });
  return {
    code: order.code,
    totalCents: order.totalCents,
    paymentMethodName: order.paymentMethodName,
    lines,
    whatsappUrl: buildWhatsAppUrl(settings.contactPhone, message),
  };
}
