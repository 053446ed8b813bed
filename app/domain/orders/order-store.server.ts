import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { cartLines, carts, orderLines, orders, orderStatusChanges, products, productVariants } from "~/db/schema";
import { queueShopAlertIn } from "~/domain/alerts/shop-alerts.server";
import { emptyCartIn, lineTitle } from "~/domain/cart/cart.server";
import {
  compareStocks,
  invalidateStockPages,
  readProductStocks,
  type StockChange,
} from "~/domain/catalog/page-invalidation.server";
import { getUnitPriceCents } from "~/domain/catalog/pricing";
import { missingForMinimumMessage, quoteDelivery } from "~/domain/delivery/delivery";
import type { DiscountOutcome } from "~/domain/discounts/discount-rules";
import { dropKeptDiscounts, recordOrderDiscounts, takeOrderDiscounts } from "~/domain/discounts/order-discounts.server";

import type { CheckoutDelivery } from "./checkout-choices.server";
import type { Comprobante } from "./comprobante";
import { formatOrderCode, type StockProblem } from "./order";
import { createOrderAccessToken } from "./order-access.server";
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
  /** Pickup, delivery to a stored zone, or null when the shop offers neither (agreed in the chat). */
  delivery?: CheckoutDelivery;
  /** A boleta without document when not given. */
  comprobante?: Comprobante;
};

/**
 * Thrown inside the transaction to roll it back if the conditional stock update finds too
 * few units. The rows are locked before the check, so this is the last guard against
 * overselling, not the usual way a shopper learns the stock ran out.
 */
class StockTakenMeanwhile extends Error {
  constructor(
    readonly problem: StockProblem,
    readonly variantId: number,
  ) {
    super(`Stock of presentación ${variantId} was taken by another order`);
  }
}

/** storeOrder's rejection handler: units taken meanwhile answer as the stock left now. */
export async function explainStockTaken(error: unknown) {
  if (!(error instanceof StockTakenMeanwhile)) throw error;
  const [variant] = await getDb()
    .select({
      stock: productVariants.stock,
      isArchived: sql<boolean>`${products.isArchived} or ${productVariants.isArchived}`,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(productVariants.id, error.variantId));
  const available = variant && !variant.isArchived ? variant.stock : 0;
  return { status: "insufficient-stock" as const, problems: [{ ...error.problem, available }] };
}

/**
 * The cart's row lock, as every change to the cart takes it: two checkouts of one cart
 * (two tabs, a form posted twice) take turns, and the second finds the cart empty
 * instead of ordering and reserving the same lines again. Null for a missing or empty cart;
 * else its lines and the coupon kept on it.
 */
async function lockCartLines(tx: Transaction, cartId: string) {
  const [cart] = await tx
    .select({ couponCode: carts.couponCode })
    .from(carts)
    .where(eq(carts.id, cartId))
    .for("update");
  if (!cart) return null;
  const rows = await tx
    .select({ productId: cartLines.productId, variantId: cartLines.variantId, quantity: cartLines.quantity })
    .from(cartLines)
    .where(eq(cartLines.cartId, cartId));
  return rows.length === 0 ? null : { rows, couponCode: cart.couponCode };
}

/**
 * The row locks, in one order for every transaction (no deadlock between two orders, nor
 * with the editor, the import or a cancellation): the products first, by id, then their
 * presentaciones, by id; taken before the stock and the shopper's earlier orders are read,
 * so a shopper's concurrent orders for a presentación take turns and each sees the ones before.
 */
async function lockOrderLines(tx: Transaction, cartRows: { productId: number; variantId: number; quantity: number }[]) {
  const productIds = [...new Set(cartRows.map((row) => row.productId))];
  const lockedProducts = await tx
    .select({
      id: products.id,
      title: products.title,
      isArchived: products.isArchived,
      stock: products.stock,
      familyId: products.familyId,
      categoryId: products.categoryId,
      brandId: products.brandId,
      igvTreatment: products.igvTreatment,
    })
    .from(products)
    .where(inArray(products.id, productIds))
    .orderBy(asc(products.id))
    .for("update");
  const variants = await tx
    .select({
      variantId: productVariants.id,
      productId: productVariants.productId,
      variantName: productVariants.name,
      priceCents: productVariants.priceCents,
      isOfferActive: productVariants.isOfferActive,
      offerPriceCents: productVariants.offerPriceCents,
      stock: productVariants.stock,
      isArchived: productVariants.isArchived,
    })
    .from(productVariants)
    .where(
      inArray(
        productVariants.id,
        cartRows.map((row) => row.variantId),
      ),
    )
    .orderBy(asc(productVariants.id))
    .for("update");
  const productById = new Map(lockedProducts.map((product) => [product.id, product]));
  return variants.flatMap((variant) => {
    const product = productById.get(variant.productId);
    const quantity = cartRows.find((row) => row.variantId === variant.variantId)?.quantity;
    if (!product || quantity === undefined) return [];
    return [
      {
        ...variant,
        title: lineTitle(product.title, variant.variantName),
        productTitle: product.title,
        familyId: product.familyId,
        categoryId: product.categoryId,
        brandId: product.brandId,
        igvTreatment: product.igvTreatment,
        /** The product's total stock before this order (all its presentaciones). */
        productStock: product.stock,
        isArchived: product.isArchived || variant.isArchived,
        quantity,
      },
    ];
  });
}

type LockedLine = Awaited<ReturnType<typeof lockOrderLines>>[number];
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
  amounts: { feeCents: number; discounts: DiscountOutcome },
) {
  // The code is derived from the id, so the id is taken first and inserted explicitly.
  const sequence = (await tx.execute(
    sql`select nextval(pg_get_serial_sequence('orders', 'id'))::integer as id`,
  )) as unknown as { rows: { id: number }[] };
  const orderId = Number(sequence.rows[0]!.id);
  const code = formatOrderCode(orderId);
  const accessToken = createOrderAccessToken();

  await tx.insert(orders).values({
    id: orderId,
    code,
    accessToken,
    userId: input.userId,
    customerName: input.customerName,
    customerPhone: input.customerPhone,
    customerEmail: input.customerEmail ?? "",
    clientIp: input.clientIp ?? null,
    paymentMethodId: method.id,
    paymentMethodName: method.name,
    status: "pendiente",
    totalCents: amounts.discounts.totalCents,
    deliveryFeeCents: amounts.feeCents,
    discountCents: amounts.discounts.productsDiscountCents + amounts.discounts.deliveryDiscountCents,
    ...deliveryColumns(input.delivery ?? null),
    ...comprobanteColumns(input.comprobante ?? { kind: "boleta", document: null }),
  });
  await tx.insert(orderLines).values(
    priced.map((line) => ({
      orderId,
      productId: line.productId,
      variantId: line.variantId,
      // The title as the product had it, the size on its own: 'Alimento X', '15 kg'.
      title: line.productTitle,
      variantName: line.variantName,
      unitPriceCents: line.unitPriceCents,
      quantity: line.quantity,
      lineTotalCents: line.lineTotalCents,
      igvTreatment: line.igvTreatment,
    })),
  );
  return { orderId, code, accessToken };
}

function deliveryColumns(delivery: CheckoutDelivery) {
  if (!delivery) return { fulfillment: null };
  if (delivery.kind === "pickup") return { fulfillment: "pickup" as const };
  return {
    fulfillment: "delivery" as const,
    deliveryDistrict: delivery.zone.district,
    customerAddress: delivery.address,
    deliveryReference: delivery.reference,
  };
}

function comprobanteColumns(comprobante: Comprobante) {
  if (comprobante.kind === "factura") {
    return {
      comprobante: "factura" as const,
      documentType: "ruc" as const,
      documentNumber: comprobante.ruc,
      businessName: comprobante.razonSocial,
      fiscalAddress: comprobante.direccionFiscal,
    };
  }
  return {
    comprobante: "boleta" as const,
    documentType: comprobante.document?.type ?? null,
    documentNumber: comprobante.document?.number ?? "",
  };
}

/** The delivery fee for the products' subtotal, or the district's minimum not reached. */
function computeFee(
  delivery: CheckoutDelivery,
  subtotalCents: number,
): { feeCents: number } | { belowMinimum: string } {
  if (delivery?.kind !== "delivery") return { feeCents: 0 };
  const quote = quoteDelivery(delivery.zone, subtotalCents);
  if (quote.status === "below-minimum") {
    return { belowMinimum: missingForMinimumMessage(delivery.zone, quote.minimumOrderCents, subtotalCents) };
  }
  return { feeCents: quote.feeCents };
}

/**
 * Takes `quantity` units of a live presentación if it still has them (a conditional update:
 * of two transactions racing for the last unit, one gets it). False when it has not.
 */
export async function takeUnits(tx: Transaction, variantId: number, quantity: number): Promise<boolean> {
  const taken = await tx
    .update(productVariants)
    .set({ stock: sql`${productVariants.stock} - ${quantity}` })
    .where(
      and(
        eq(productVariants.id, variantId),
        eq(productVariants.isArchived, false),
        gte(productVariants.stock, quantity),
      ),
    )
    .returning({ id: productVariants.id });
  return taken.length > 0;
}

/**
 * Takes the units with a conditional update: two shoppers racing for the last unit, one gets
 * it. Answers how each product's total stock moved, for its pages.
 */
async function takeStock(tx: Transaction, priced: PricedLine[]): Promise<StockChange[]> {
  for (const line of priced) {
    if (!(await takeUnits(tx, line.variantId, line.quantity))) {
      const problem = { productId: line.productId, title: line.title, requested: line.quantity, available: 0 };
      throw new StockTakenMeanwhile(problem, line.variantId);
    }
  }
  const before = new Map(priced.map((line) => [line.productId, line.productStock]));
  return compareStocks(before, await readProductStocks(tx, [...before.keys()]));
}

/**
 * The order's transaction (placeOrder in order.server.ts); rejects with StockTakenMeanwhile.
 * Once it committed, the pages of the products it took units of are dropped (ADR 024).
 */
export async function storeOrder(cartId: string, input: PlaceOrderInput, method: PaymentMethodCopy) {
  const stockChanges: StockChange[] = [];
  let tookDiscountUses = false;
  const result = await getDb().transaction(async (tx) => {
    const phoneKey = toPhoneKey(input.customerPhone);
    // First, before any row lock, so that waiting for it never holds one.
    if (!input.userId && (await hasTooManyPendingOrders(tx, phoneKey))) {
      return { status: "too-many-pending-orders" as const };
    }
    const cart = await lockCartLines(tx, cartId);
    if (!cart) return { status: "empty-cart" as const };
    const lines = await lockOrderLines(tx, cart.rows);

    const problems = findStockProblems(lines);
    if (problems.length > 0) return { status: "insufficient-stock" as const, problems };
    const limitProblems = await findLimitProblems(tx, input, phoneKey, lines);
    if (limitProblems.length > 0) return { status: "over-order-limit" as const, problems: limitProblems };

    const priced = priceLines(lines);
    const subtotalCents = priced.reduce((total, line) => total + line.lineTotalCents, 0);
    const fee = computeFee(input.delivery ?? null, subtotalCents);
    if ("belowMinimum" in fee) return { status: "below-minimum" as const, message: fee.belowMinimum };
    const discounts = await takeOrderDiscounts(tx, {
      cartId,
      keptCouponCode: cart.couponCode,
      shopper: { userId: input.userId, phoneKey, email: input.customerEmail ?? "" },
      lines: priced,
      deliveryFeeCents: fee.feeCents,
    });
    if (!discounts.ok) return { status: "coupon-refused" as const, message: discounts.message };
    const totalCents = discounts.outcome.totalCents;
    const { orderId, code, accessToken } = await insertOrder(tx, input, method, priced, {
      feeCents: fee.feeCents,
      discounts: discounts.outcome,
    });
    await recordOrderDiscounts(tx, orderId, discounts.outcome);
    tookDiscountUses = discounts.outcome.applied.length > 0;
    stockChanges.push(...(await takeStock(tx, priced)));
    await tx.insert(orderStatusChanges).values({
      orderId,
      fromStatus: null,
      toStatus: "pendiente",
      changedByUserId: input.userId,
    });
    await emptyCartIn(tx, cartId);
    await queueShopAlertIn(tx, "order", orderId);
    return { status: "placed" as const, orderId, code, accessToken, totalCents };
  });
  invalidateStockPages(stockChanges);
  // Its discounts' uses were taken: the carts' summaries read them again. An order without a
  // discount changed none of them (issue 47: no read again after every order of a rush).
  if (result.status === "placed" && tookDiscountUses) dropKeptDiscounts();
  return result;
}
