import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { cartLines, carts, orderLines, orders, orderStatusChanges, products } from "~/db/schema";
import { emptyCartIn } from "~/domain/cart/cart.server";
import { getUnitPriceCents } from "~/domain/catalog/pricing";

import { formatOrderCode, type OrderMessageInput, type StockProblem } from "./order";
import { findLimitProblems, hasTooManyPendingOrders, type Transaction } from "./order-holdings.server";
import { toPhoneKey } from "./order-limits";
import type { PaymentMethodCopy } from "./order-payment.server";

// The order's transaction: the cart and the products locked, stock and limits checked,
// the order stored with copied titles and prices, the units taken and the cart emptied.

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

type MessageLine = OrderMessageInput["lines"][number];

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

/** storeOrder's rejection handler: units taken meanwhile answer as the stock left now. */
export async function explainStockTaken(error: unknown) {
  if (!(error instanceof StockTakenMeanwhile)) throw error;
  const [product] = await getDb()
    .select({ stock: products.stock, isArchived: products.isArchived })
    .from(products)
    .where(eq(products.id, error.problem.productId));
  const available = product && !product.isArchived ? product.stock : 0;
  return { status: "insufficient-stock" as const, problems: [{ ...error.problem, available }] };
}

/**
 * The cart's row lock, as every change to the cart takes it: two checkouts of one cart
 * (two tabs, a form posted twice) take turns, and the second finds the cart empty
 * instead of ordering and reserving the same lines again. Null for a missing or empty cart.
 */
async function lockCartQuantities(tx: Transaction, cartId: string): Promise<Map<number, number> | null> {
  const [cart] = await tx.select({ id: carts.id }).from(carts).where(eq(carts.id, cartId)).for("update");
  if (!cart) return null;
  const cartRows = await tx
    .select({ productId: cartLines.productId, quantity: cartLines.quantity })
    .from(cartLines)
    .where(eq(cartLines.cartId, cartId));
  if (cartRows.length === 0) return null;
  return new Map(cartRows.map((row) => [row.productId, row.quantity]));
}

/**
 * The products' row locks, in one order for every transaction (no deadlock between two
 * orders), taken before the stock and the shopper's earlier orders are read: a shopper's
 * concurrent orders for a product take turns, and each sees the ones before it.
 */
async function lockProductLines(tx: Transaction, quantities: Map<number, number>) {
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
  return locked.map((product) => ({ ...product, quantity: quantities.get(product.productId)! }));
}

type LockedLine = Awaited<ReturnType<typeof lockProductLines>>[number];
type PricedLine = LockedLine & { unitPriceCents: number; lineTotalCents: number };

function findStockProblems(lines: LockedLine[]): StockProblem[] {
  return lines
    .filter((line) => line.isArchived || line.stock < line.quantity)
    .map((line) => ({
      productId: line.productId,
      title: line.title,
      requested: line.quantity,
      available: line.isArchived ? 0 : line.stock,
    }));
}

function priceLines(lines: LockedLine[]): PricedLine[] {
  return lines.map((line) => {
    const unitPriceCents = getUnitPriceCents(line);
    return { ...line, unitPriceCents, lineTotalCents: unitPriceCents * line.quantity };
  });
}

/** Inserts the order and its lines; answers its id and code. */
async function insertOrder(
  tx: Transaction,
  input: PlaceOrderInput,
  method: PaymentMethodCopy,
  priced: PricedLine[],
  totalCents: number,
) {
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
  return { orderId, code };
}

/** Takes the units with a conditional update: two shoppers racing for the last unit, one gets it. */
async function takeStock(tx: Transaction, priced: PricedLine[]) {
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
}

/** The order's transaction (placeOrder in order.server.ts); rejects with StockTakenMeanwhile. */
export async function storeOrder(cartId: string, input: PlaceOrderInput, method: PaymentMethodCopy) {
  return getDb().transaction(async (tx) => {
    const phoneKey = toPhoneKey(input.customerPhone);
    // First, before any row lock, so that waiting for it never holds one.
    if (!input.userId && (await hasTooManyPendingOrders(tx, phoneKey))) {
      return { status: "too-many-pending-orders" as const };
    }
    const quantities = await lockCartQuantities(tx, cartId);
    if (!quantities) return { status: "empty-cart" as const };
    const lines = await lockProductLines(tx, quantities);

    const problems = findStockProblems(lines);
    if (problems.length > 0) return { status: "insufficient-stock" as const, problems };
    const limitProblems = await findLimitProblems(tx, input, phoneKey, lines);
    if (limitProblems.length > 0) return { status: "over-order-limit" as const, problems: limitProblems };

    const priced = priceLines(lines);
    const totalCents = priced.reduce((total, line) => total + line.lineTotalCents, 0);
    const { orderId, code } = await insertOrder(tx, input, method, priced, totalCents);
    await takeStock(tx, priced);
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
