import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  like,
  lt,
  ne,
  or,
  type SQL,
  sql,
} from "drizzle-orm";

import type { SessionUser } from "~/auth/guards.server";
import { getDb } from "~/db/client.server";
import {
  onlinePayments,
  orderLines,
  orders,
  type OrderStatus,
  orderStatusChanges,
  products,
  productVariants,
} from "~/db/schema";
import { orderStatusLabels } from "~/domain/account/order-status";
import { recordAudit } from "~/domain/audit/audit.server";
import { toContainsPattern } from "~/domain/catalog/catalog";
import {
  compareStocks,
  invalidateStockPages,
  readProductStocks,
  type StockChange,
} from "~/domain/catalog/page-invalidation.server";
import { sendDueStockAlertsLater } from "~/domain/catalog/stock-alerts.server";
import { dropKeptDiscounts, releaseOrderDiscounts } from "~/domain/discounts/order-discounts.server";
import { issueCreditNoteLater } from "~/domain/invoicing/credit-notes.server";
import { normalizeForSearch } from "~/lib/text";

import {
  CANCEL_REASON_MAX_LENGTH,
  canChangeOrderStatus,
  formatLimaShortDateTime,
  fulfillmentFilters,
  getPaymentState,
  limaDayStart,
  nextCivilDate,
  ORDER_PAGE_SIZE,
  type OrderExportQuery,
  type OrderListQuery,
  type PaymentFilter,
} from "./order-admin";
import type { PaymentInput } from "./order-admin-forms";
import { orderLineTitle } from "./order-line-title.server";
import { sendOrderStatusMailLater } from "./order-mail.server";

// The orders back office: the list and its filters, and the status changes with what they
// carry along (history, audit, units given back, the shopper's e-mail). The detail screen's
// query is in order-admin-detail.server.ts, 'Marcar como pagado' in order-payment-admin.server.ts.

export { type AdminOrder, getAdminOrder } from "./order-admin-detail.server";

// Accented letters folded in SQL the way normalizeForSearch folds the typed text, so
// 'lucia' finds 'Lucía'.
const ACCENTED = "áéíóúüñàèìòù";
const UNACCENTED = "aeiouunaeiou";

function searchCondition(q: string): SQL | undefined {
  const needle = normalizeForSearch(q);
  if (!needle) return undefined;
  const pattern = toContainsPattern(needle);
  const conditions: SQL[] = [
    like(sql`lower(${orders.code})`, pattern),
    like(sql`translate(lower(${orders.customerName}), ${ACCENTED}, ${UNACCENTED})`, pattern),
    like(sql`lower(${orders.customerEmail})`, pattern),
  ];
  // Phones are stored as typed ('987 654 321'): compare digits with digits.
  const digits = needle.replace(/\D/g, "");
  if (digits.length >= 3) {
    conditions.push(like(sql`regexp_replace(${orders.customerPhone}, '\\D', '', 'g')`, `%${digits}%`));
  }
  return or(...conditions);
}

const notCancelled = ne(orders.status, "cancelado");

/** What each payment filter keeps; 'Sin pagar' is what is owed, so not the cancelled orders. */
export const paymentConditions: Record<PaymentFilter | "en-linea", SQL> = {
  pagado: isNotNull(orders.paidAt),
  "en-linea": sql`exists (select 1 from ${onlinePayments} where ${onlinePayments.orderId} = ${orders.id} and ${onlinePayments.outcome} = 'paid')`,
  "sin-pagar": and(isNull(orders.paidAt), notCancelled)!,
  comprobante: and(isNull(orders.paidAt), isNotNull(orders.receiptUploadedAt), notCancelled)!,
};

/**
 * The list's and the export's WHERE: status and Lima-day range first, so (status,
 * created_at) or created_at serve it; payment, delivery/pickup and the search narrow it.
 */
export function orderFilterConditions(query: OrderExportQuery & { q?: string }): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.from) conditions.push(gte(orders.createdAt, limaDayStart(query.from)));
  if (query.to) conditions.push(lt(orders.createdAt, limaDayStart(nextCivilDate(query.to))));
  if (query.payment) conditions.push(paymentConditions[query.payment]);
  if (query.fulfillment) conditions.push(eq(orders.fulfillment, fulfillmentFilters[query.fulfillment]));
  if (query.q) conditions.push(searchCondition(query.q));
  return and(...conditions);
}

/** One page of orders, newest first, with the total count for the pagination. */
export async function listAdminOrders(query: OrderListQuery) {
  const db = getDb();
  const where = orderFilterConditions(query);
  const [totals] = await db.select({ total: count() }).from(orders).where(where);
  const total = totals?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / ORDER_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const rows = await db
    .select({
      id: orders.id,
      code: orders.code,
      createdAt: orders.createdAt,
      customerName: orders.customerName,
      customerEmail: orders.customerEmail,
      customerPhone: orders.customerPhone,
      totalCents: orders.totalCents,
      paymentMethodName: orders.paymentMethodName,
      status: orders.status,
      fulfillment: orders.fulfillment,
      deliveryDistrict: orders.deliveryDistrict,
      isPaid: sql<boolean>`${orders.paidAt} is not null`,
      hasReceipt: sql<boolean>`${orders.receiptUploadedAt} is not null`,
    })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ORDER_PAGE_SIZE)
    .offset((page - 1) * ORDER_PAGE_SIZE);
  return {
    rows: rows.map(({ createdAt, isPaid, hasReceipt, ...row }) => ({
      ...row,
      date: formatLimaShortDateTime(createdAt),
      paymentState: getPaymentState({ status: row.status, isPaid, hasReceipt }),
    })),
    total,
    page,
    pageCount,
  };
}

export type AdminOrderRow = Awaited<ReturnType<typeof listAdminOrders>>["rows"][number];

export type StatusChangeResult =
  | { status: "changed"; code: string; from: OrderStatus; to: OrderStatus }
  | { status: "not-found" }
  | { status: "illegal"; from: OrderStatus; to: OrderStatus }
  /** Pagado is reached only through 'Marcar como pagado', which records the payment. */
  | { status: "payment-required" }
  /** A paid order is not cancelled without a reason. */
  | { status: "reason-required" }
  | { status: "stale" };

export type Transaction = Parameters<Parameters<ReturnType<typeof getDb>["transaction"]>[0]>[0];

/** A status change as one transaction writes it; `byUserId` null is the shop itself. */
export type StatusChange = {
  orderId: number;
  code: string;
  from: OrderStatus;
  to: OrderStatus;
  byUserId: string | null;
  /** Only orders placed before this instant change (the expiry of unpaid orders). */
  placedBefore?: Date;
  /** Why the order is cancelled, stored with it ('' for none). */
  cancelReason?: string;
  /** Only an order still unpaid changes: a cancellation without a reason must not cancel an order paid meanwhile. */
  isUnpaidOnly?: boolean;
  /** The payment recorded with the change (Pendiente de pago → Pagado); `byUserId` recorded it. */
  payment?: PaymentInput;
  /** What the audit log calls an automatic change: 'expire' unless said (a payment confirmed online). */
  automaticAction?: "expire" | "online-payment";
  /** What the audit log calls the owner's change: 'status' unless said (a late payment's order brought back). */
  ownerAction?: "reactivate";
};

/** The columns 'Marcar como pagado' writes: the payment apart from the status. */
export function paymentColumns(payment: PaymentInput, byUserId: string | null) {
  return {
    paidAt: sql`now()`,
    paidAmountCents: payment.amountCents,
    paidMethodName: payment.methodName,
    paidOperation: payment.operation,
    paidByUserId: byUserId,
  };
}

/**
 * Writes one status change inside the caller's transaction: the update is conditional on
 * the status read, with the history entry, the audit entry and, for a cancellation, the
 * stock given back. Two changes racing for one order (two admins, an admin and the
 * expiry of unpaid orders, 'Marcar como pagado' and the expiry) change it once: the other
 * one finds another status and writes nothing (false).
 *
 * The products whose stock a cancellation gave back are added to `stockChanges`: the
 * caller drops their pages (invalidateStockPages) once the transaction committed.
 */
export async function applyStatusChange(
  tx: Transaction,
  change: StatusChange,
  stockChanges: StockChange[] = [],
): Promise<boolean> {
  const { orderId, from, to } = change;
  const cancelReason = to === "cancelado" ? (change.cancelReason ?? "") : undefined;
  const updated = await tx
    .update(orders)
    .set({
      status: to,
      ...(cancelReason === undefined ? {} : { cancelReason }),
      ...(change.payment ? paymentColumns(change.payment, change.byUserId) : {}),
    })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, from),
        change.placedBefore ? lt(orders.createdAt, change.placedBefore) : undefined,
        change.isUnpaidOnly ? isNull(orders.paidAt) : undefined,
      ),
    )
    .returning({ id: orders.id });
  if (updated.length === 0) return false;

  const isAutomatic = change.byUserId === null;
  await tx
    .insert(orderStatusChanges)
    .values({ orderId, fromStatus: from, toStatus: to, changedByUserId: change.byUserId, isAutomatic });
  if (to === "cancelado") {
    stockChanges.push(...(await returnUnits(tx, orderId)));
    await releaseOrderDiscounts(tx, orderId);
  }
  await recordAudit(
    {
      userId: change.byUserId,
      action: isAutomatic ? (change.automaticAction ?? "expire") : (change.ownerAction ?? "status"),
      entity: "order",
      entityId: orderId,
      summary: {
        title: change.code,
        from: orderStatusLabels[from],
        to: orderStatusLabels[to],
        ...(cancelReason ? { cancelReason } : {}),
      },
    },
    tx,
  );
  return true;
}

/**
 * An order's lines with a presentación, and their products locked, in the lock order of
 * placeOrder: the products by id (then the caller updates their presentaciones by id), so a
 * cancellation, a reactivation and an order never deadlock. `before`: each product's stock
 * before the caller's change, for compareStocks. Null for an order without such lines.
 */
export async function lockOrderUnits(tx: Transaction, orderId: number) {
  const lines = await tx
    .select({
      productId: orderLines.productId,
      variantId: orderLines.variantId,
      quantity: orderLines.quantity,
      title: orderLineTitle,
    })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), isNotNull(orderLines.variantId)))
    .orderBy(asc(orderLines.variantId));
  if (lines.length === 0) return null;
  const productIds = [...new Set(lines.map((line) => line.productId!))].sort((a, b) => a - b);
  const locked = await tx
    .select({ id: products.id, stock: products.stock })
    .from(products)
    .where(inArray(products.id, productIds))
    .orderBy(asc(products.id))
    .for("update");
  return {
    lines: lines.map((line) => ({ ...line, variantId: line.variantId! })),
    productIds,
    before: new Map(locked.map((product) => [product.id, product.stock])),
  };
}

/**
 * A cancelled order's units go back to their presentaciones, once (the status update above
 * let only one cancellation through).
 */
async function returnUnits(tx: Transaction, orderId: number): Promise<StockChange[]> {
  const units = await lockOrderUnits(tx, orderId);
  if (!units) return [];
  for (const line of units.lines) {
    await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${line.quantity}` })
      .where(eq(productVariants.id, line.variantId));
  }
  return compareStocks(units.before, await readProductStocks(tx, units.productIds));
}

/**
 * Moves an order to `to` if the transition is allowed for how the order reaches the shopper.
 * `expectedFrom` is the status the admin saw: if the order moved since, nothing happens
 * ('stale'). Two admins cancelling at once (or a double submit) return the stock once and
 * the second one is refused. A paid order is cancelled only with a reason. The shopper is
 * told by e-mail.
 */
export async function changeOrderStatus(
  admin: Pick<SessionUser, "id">,
  orderId: number,
  to: OrderStatus,
  expectedFrom?: OrderStatus,
  options: { cancelReason?: string } = {},
): Promise<StatusChangeResult> {
  const checked = await checkStatusChange(orderId, to, expectedFrom, options);
  if (checked.status !== "allowed") return checked;
  const { current, cancelReason } = checked;
  const from = current.status;

  const stockChanges: StockChange[] = [];
  const isChanged = await getDb().transaction((tx) =>
    applyStatusChange(
      tx,
      {
        orderId,
        code: current.code,
        from,
        to,
        byUserId: admin.id,
        cancelReason,
        isUnpaidOnly: to === "cancelado" && !cancelReason,
      },
      stockChanges,
    ),
  );
  if (!isChanged) {
    // Paid while the owner was cancelling it without a reason: now it needs one.
    const now = await readOrderState(orderId);
    return now?.status === from && now.isPaid ? { status: "reason-required" } : { status: "stale" };
  }
  // Units came back: their products' pages show them, and shoppers waiting for a sold-out
  // presentación are told.
  invalidateStockPages(stockChanges);
  if (to === "cancelado") {
    // Its discounts' uses came back too.
    dropKeptDiscounts();
    sendDueStockAlertsLater();
    // Its boleta or factura, if SUNAT has it, is annulled by a nota de crédito (issue 46).
    issueCreditNoteLater(orderId, "cancel", { byUserId: admin.id });
  }
  sendOrderStatusMailLater(orderId);
  return { status: "changed", code: current.code, from, to };
}

/**
 * Whether the change may be made, as changeOrderStatus checks it first: also asked before
 * what must happen only if the change will (a cancellation's refund).
 */
export async function checkStatusChange(
  orderId: number,
  to: OrderStatus,
  expectedFrom?: OrderStatus,
  options: { cancelReason?: string } = {},
): Promise<
  | Exclude<StatusChangeResult, { status: "changed" }>
  | { status: "allowed"; current: NonNullable<Awaited<ReturnType<typeof readOrderState>>>; cancelReason: string }
> {
  const current = await readOrderState(orderId);
  if (!current) return { status: "not-found" };
  if (expectedFrom && expectedFrom !== current.status) return { status: "stale" };
  const from = current.status;
  if (!canChangeOrderStatus(from, to, current.fulfillment)) return { status: "illegal", from, to };
  if (to === "pagado") return { status: "payment-required" };
  const cancelReason = to === "cancelado" ? (options.cancelReason ?? "").trim().slice(0, CANCEL_REASON_MAX_LENGTH) : "";
  if (to === "cancelado" && current.isPaid && !cancelReason) return { status: "reason-required" };
  return { status: "allowed", current, cancelReason };
}

/** What a status change or a payment checks first: the order's code, status, delivery or pickup, and payment. */
export async function readOrderState(orderId: number) {
  const [row] = await getDb()
    .select({
      code: orders.code,
      status: orders.status,
      fulfillment: orders.fulfillment,
      isPaid: sql<boolean>`${orders.paidAt} is not null`,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row ?? null;
}
