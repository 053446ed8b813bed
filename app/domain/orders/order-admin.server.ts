import { and, asc, count, desc, eq, gte, inArray, isNotNull, like, lt, or, type SQL, sql } from "drizzle-orm";

import type { SessionUser } from "~/auth/guards.server";
import { getDb } from "~/db/client.server";
import {
  orderLines,
  orders,
  type OrderStatus,
  orderStatusChanges,
  products,
  productVariants,
  users,
} from "~/db/schema";
import { orderStatusLabels } from "~/domain/account/order-status";
import { recordAudit } from "~/domain/audit/audit.server";
import { toContainsPattern } from "~/domain/catalog/catalog";
import { sendDueStockAlertsLater } from "~/domain/catalog/stock-alerts.server";
import { orderLineTitle } from "~/domain/orders/order-line-title.server";
import { getShopSettings } from "~/domain/settings/settings.server";
import { normalizeForSearch } from "~/lib/text";
import { buildWhatsAppUrl } from "~/lib/whatsapp";

import {
  canChangeOrderStatus,
  formatLimaShortDateTime,
  limaDayStart,
  nextCivilDate,
  ORDER_PAGE_SIZE,
  type OrderListQuery,
} from "./order-admin";

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

/** The list's WHERE: status and Lima-day range first, so (status, created_at) or created_at serve it. */
function listConditions(query: Pick<OrderListQuery, "status" | "from" | "to" | "q">): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.from) conditions.push(gte(orders.createdAt, limaDayStart(query.from)));
  if (query.to) conditions.push(lt(orders.createdAt, limaDayStart(nextCivilDate(query.to))));
  conditions.push(searchCondition(query.q));
  return and(...conditions);
}

/** One page of orders, newest first, with the total count for the pagination. */
export async function listAdminOrders(query: OrderListQuery) {
  const db = getDb();
  const where = listConditions(query);
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
    })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ORDER_PAGE_SIZE)
    .offset((page - 1) * ORDER_PAGE_SIZE);
  return {
    rows: rows.map(({ createdAt, ...row }) => ({ ...row, date: formatLimaShortDateTime(createdAt) })),
    total,
    page,
    pageCount,
  };
}

export type AdminOrderRow = Awaited<ReturnType<typeof listAdminOrders>>["rows"][number];

/** Who made a change, as the history shows it: the admin's username, else the account name. */
const changedByName = sql<string | null>`coalesce(${users.username}, nullif(${users.name}, ''))`;

/** One order with its lines, its status history and the customer's WhatsApp reply link; null if unknown. */
export async function getAdminOrder(orderId: number) {
  const db = getDb();
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const [lines, history, settings] = await Promise.all([
    db
      .select({
        id: orderLines.id,
        productId: orderLines.productId,
        title: orderLineTitle,
        quantity: orderLines.quantity,
        unitPriceCents: orderLines.unitPriceCents,
        lineTotalCents: orderLines.lineTotalCents,
      })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))
      .orderBy(asc(orderLines.id)),
    db
      .select({
        id: orderStatusChanges.id,
        fromStatus: orderStatusChanges.fromStatus,
        toStatus: orderStatusChanges.toStatus,
        changedBy: changedByName,
        isAutomatic: orderStatusChanges.isAutomatic,
        changedAt: orderStatusChanges.changedAt,
      })
      .from(orderStatusChanges)
      .leftJoin(users, eq(users.id, orderStatusChanges.changedByUserId))
      .where(eq(orderStatusChanges.orderId, orderId))
      .orderBy(asc(orderStatusChanges.changedAt), asc(orderStatusChanges.id)),
    getShopSettings(),
  ]);
  // Without a usable number wa.me would fall back to the shop's own number: no link then.
  const hasPhone = order.customerPhone.replace(/\D/g, "").length >= 8;
  return {
    id: order.id,
    code: order.code,
    date: formatLimaShortDateTime(order.createdAt),
    status: order.status,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    customerPhone: order.customerPhone,
    customerAddress: order.customerAddress,
    paymentMethodName: order.paymentMethodName,
    totalCents: order.totalCents,
    note: order.note,
    lines,
    history: history.map(({ changedAt, ...change }) => ({ ...change, date: formatLimaShortDateTime(changedAt) })),
    whatsappUrl: hasPhone
      ? buildWhatsAppUrl(
          order.customerPhone,
          `Hola ${order.customerName}, te escribimos de ${settings.shopName} sobre tu pedido ${order.code}.`,
        )
      : null,
  };
}

export type AdminOrder = NonNullable<Awaited<ReturnType<typeof getAdminOrder>>>;

export type StatusChangeResult =
  | { status: "changed"; code: string; from: OrderStatus; to: OrderStatus }
  | { status: "not-found" }
  | { status: "illegal"; from: OrderStatus; to: OrderStatus }
  | { status: "stale" };

type Transaction = Parameters<Parameters<ReturnType<typeof getDb>["transaction"]>[0]>[0];

/** A status change as one transaction writes it; `byUserId` null is the shop itself. */
export type StatusChange = {
  orderId: number;
  code: string;
  from: OrderStatus;
  to: OrderStatus;
  byUserId: string | null;
  /** Only orders placed before this instant change (the expiry of unpaid orders). */
  placedBefore?: Date;
};

/**
 * Writes one status change inside the caller's transaction: the update is conditional on
 * the status read, with the history entry, the audit entry and, for a cancellation, the
 * stock given back. Two changes racing for one order (two admins, an admin and the
 * expiry of unpaid orders) change it once: the other one finds another status and writes
 * nothing (false).
 */
export async function applyStatusChange(tx: Transaction, change: StatusChange): Promise<boolean> {
  const { orderId, from, to } = change;
  const updated = await tx
    .update(orders)
    .set({ status: to })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, from),
        change.placedBefore ? lt(orders.createdAt, change.placedBefore) : undefined,
      ),
    )
    .returning({ id: orders.id });
  if (updated.length === 0) return false;

  const isAutomatic = change.byUserId === null;
  await tx
    .insert(orderStatusChanges)
    .values({ orderId, fromStatus: from, toStatus: to, changedByUserId: change.byUserId, isAutomatic });
  if (to === "cancelado") await returnUnits(tx, orderId);
  await recordAudit(
    {
      userId: change.byUserId,
      action: isAutomatic ? "expire" : "status",
      entity: "order",
      entityId: orderId,
      summary: { title: change.code, from: orderStatusLabels[from], to: orderStatusLabels[to] },
    },
    tx,
  );
  return true;
}

/**
 * A cancelled order's units go back to their presentaciones, once (the status update above
 * let only one cancellation through). The same lock order as placeOrder: the products by
 * id, then their presentaciones by id, so a cancellation and an order never deadlock.
 */
async function returnUnits(tx: Transaction, orderId: number) {
  const lines = await tx
    .select({ productId: orderLines.productId, variantId: orderLines.variantId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), isNotNull(orderLines.variantId)))
    .orderBy(asc(orderLines.variantId));
  if (lines.length === 0) return;
  const productIds = [...new Set(lines.map((line) => line.productId!))].sort((a, b) => a - b);
  await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, productIds))
    .orderBy(asc(products.id))
    .for("update");
  for (const line of lines) {
    await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${line.quantity}` })
      .where(eq(productVariants.id, line.variantId!));
  }
}

/**
 * Moves an order to `to` if the transition is allowed. `expectedFrom` is the status the
 * admin saw: if the order moved since, nothing happens ('stale'). Two admins cancelling
 * at once (or a double submit) return the stock once and the second one is refused.
 */
export async function changeOrderStatus(
  admin: Pick<SessionUser, "id">,
  orderId: number,
  to: OrderStatus,
  expectedFrom?: OrderStatus,
): Promise<StatusChangeResult> {
  const db = getDb();
  const [current] = await db
    .select({ code: orders.code, status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!current) return { status: "not-found" };
  if (expectedFrom && expectedFrom !== current.status) return { status: "stale" };
  const from = current.status;
  if (!canChangeOrderStatus(from, to)) return { status: "illegal", from, to };

  const isChanged = await db.transaction((tx) =>
    applyStatusChange(tx, { orderId, code: current.code, from, to, byUserId: admin.id }),
  );
  if (!isChanged) return { status: "stale" };
  // Units came back: shoppers waiting for a sold-out presentación are told.
  if (to === "cancelado") sendDueStockAlertsLater();
  return { status: "changed", code: current.code, from, to };
}
