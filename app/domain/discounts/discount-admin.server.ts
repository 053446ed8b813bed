import { asc, count, desc, eq, sql } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { brands, discounts, orderDiscounts, orders, productCategories, productFamilies, promotions } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit.server";
import { formatLimaShortDateTime, ORDER_PAGE_SIZE } from "~/domain/orders/order-admin";
import { pageTags } from "~/lib/page-cache/page-tags";
import { invalidatePages } from "~/lib/page-cache/shop-page-cache.server";

import { CODE_TAKEN_MESSAGE, type DiscountInput } from "./discount-admin";
import type { Discount } from "./discount-rules";

// The back office's discounts (/admin/descuentos, issue 44): the list with what each one has
// done, the editor's load and save, and the delete, each written to the audit log.

type Admin = { id: string };

type StoredDiscount = typeof discounts.$inferSelect;

/** A stored row as the rules read it. */
export function toDiscount(row: StoredDiscount): Discount {
  return {
    ...row,
    targets: {
      familyIds: row.familyIds,
      categoryIds: row.categoryIds,
      brandIds: row.brandIds,
      productIds: row.productIds,
    },
  };
}

/** The orders that used a discount and were not cancelled: how many, what it took off, and their revenue. */
const liveOrders = sql`${orders.status} <> 'cancelado'`;

export async function listDiscounts() {
  const usage = getDb()
    .select({
      discountId: orderDiscounts.discountId,
      orders: count(orderDiscounts.orderId).as("orders"),
      discountedCents: sql<number>`coalesce(sum(${orderDiscounts.amountCents}), 0)::bigint`.as("discounted_cents"),
      revenueCents: sql<number>`coalesce(sum(${orders.totalCents}), 0)::bigint`.as("revenue_cents"),
    })
    .from(orderDiscounts)
    .innerJoin(orders, eq(orders.id, orderDiscounts.orderId))
    .where(liveOrders)
    .groupBy(orderDiscounts.discountId)
    .as("usage");
  const rows = await getDb()
    .select({
      discount: discounts,
      orders: sql<number>`coalesce(${usage.orders}, 0)::int`,
      discountedCents: sql<number>`coalesce(${usage.discountedCents}, 0)::bigint`,
      revenueCents: sql<number>`coalesce(${usage.revenueCents}, 0)::bigint`,
    })
    .from(discounts)
    .leftJoin(usage, eq(usage.discountId, discounts.id))
    .orderBy(desc(discounts.isActive), asc(discounts.name), asc(discounts.id));
  return rows.map((row) => ({
    ...toDiscount(row.discount),
    orders: Number(row.orders),
    discountedCents: Number(row.discountedCents),
    revenueCents: Number(row.revenueCents),
  }));
}

export type DiscountListRow = Awaited<ReturnType<typeof listDiscounts>>[number];

export async function getDiscount(id: number): Promise<Discount | null> {
  const [row] = await getDb().select().from(discounts).where(eq(discounts.id, id));
  return row ? toDiscount(row) : null;
}

/**
 * A discount's page (/admin/descuentos/:id): the orders that carry it, newest first, a page at a
 * time, each with what this discount took off; and the totals of those not cancelled, counted
 * as the list counts them. Null when the discount does not exist.
 */
export async function getDiscountUsage(id: number, requestedPage = 1) {
  const discount = await getDiscount(id);
  if (!discount) return null;
  const db = getDb();
  const perOrder = db
    .select({
      orderId: orderDiscounts.orderId,
      amountCents: sql<number>`sum(${orderDiscounts.amountCents})::bigint`.as("amount_cents"),
    })
    .from(orderDiscounts)
    .where(eq(orderDiscounts.discountId, id))
    .groupBy(orderDiscounts.orderId)
    .as("per_order");
  const [totals] = await db
    .select({
      orders: sql<number>`count(*)::int`,
      liveOrders: sql<number>`(count(*) filter (where ${liveOrders}))::int`,
      discountedCents: sql<number>`coalesce(sum(${perOrder.amountCents}) filter (where ${liveOrders}), 0)::bigint`,
      revenueCents: sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${liveOrders}), 0)::bigint`,
    })
    .from(perOrder)
    .innerJoin(orders, eq(orders.id, perOrder.orderId));
  const orderCount = Number(totals?.orders ?? 0);
  const pageCount = Math.max(1, Math.ceil(orderCount / ORDER_PAGE_SIZE));
  const page = Math.min(Math.max(1, requestedPage), pageCount);
  const rows = await db
    .select({
      id: orders.id,
      code: orders.code,
      createdAt: orders.createdAt,
      customerName: orders.customerName,
      customerPhone: orders.customerPhone,
      customerEmail: orders.customerEmail,
      status: orders.status,
      totalCents: orders.totalCents,
      amountCents: perOrder.amountCents,
    })
    .from(perOrder)
    .innerJoin(orders, eq(orders.id, perOrder.orderId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ORDER_PAGE_SIZE)
    .offset((page - 1) * ORDER_PAGE_SIZE);
  return {
    discount,
    totals: {
      orders: orderCount,
      liveOrders: Number(totals?.liveOrders ?? 0),
      discountedCents: Number(totals?.discountedCents ?? 0),
      revenueCents: Number(totals?.revenueCents ?? 0),
    },
    orders: rows.map(({ createdAt, amountCents, ...row }) => ({
      ...row,
      amountCents: Number(amountCents),
      date: formatLimaShortDateTime(createdAt),
    })),
    page,
    pageCount,
  };
}

export type DiscountUsage = NonNullable<Awaited<ReturnType<typeof getDiscountUsage>>>;

/** The families, categories and brands a discount may be limited to. */
export async function listDiscountTargetOptions() {
  const db = getDb();
  const [families, categories, brandRows] = await Promise.all([
    db
      .select({ id: productFamilies.id, name: productFamilies.name })
      .from(productFamilies)
      .orderBy(asc(productFamilies.sortOrder), asc(productFamilies.name)),
    db
      .select({ id: productCategories.id, name: productCategories.name, familyName: productFamilies.name })
      .from(productCategories)
      .innerJoin(productFamilies, eq(productFamilies.id, productCategories.familyId))
      .orderBy(asc(productFamilies.sortOrder), asc(productCategories.sortOrder), asc(productCategories.name)),
    db.select({ id: brands.id, name: brands.name }).from(brands).orderBy(asc(brands.name)),
  ]);
  return {
    families,
    categories: categories.map((category) => ({ id: category.id, name: `${category.familyName} › ${category.name}` })),
    brands: brandRows,
  };
}

export type SaveDiscountOutcome =
  { status: "saved"; id: number } | { status: "not-found" } | { status: "invalid"; errors: Record<string, string> };

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause ?? error;
  return (cause as { code?: string }).code === "23505";
}

type Transaction = Parameters<Parameters<ReturnType<typeof getDb>["transaction"]>[0]>[0];

/** Whether a carousel slide offers this discount as its 'Usar cupón' (its code and state show there). */
async function isOnCarousel(tx: Transaction, id: number): Promise<boolean> {
  const [slide] = await tx.select({ id: promotions.id }).from(promotions).where(eq(promotions.discountId, id)).limit(1);
  return slide !== undefined;
}

/**
 * After a committed change to a discount: the live discounts kept for the carts' summaries, and
 * the cached home page when a slide offers it (it shows the old one).
 */
function dropKeptCopies(isShown: boolean): void {
  invalidatePages(isShown ? [pageTags.discounts, pageTags.promotions] : [pageTags.discounts]);
}

function toRow(input: DiscountInput) {
  return {
    ...input,
    // A percentage's amount and an amount's percentage are not kept, whatever was typed.
    percent: input.kind === "percent" ? input.percent : null,
    amountCents: input.kind === "amount" ? input.amountCents : null,
  };
}

/** Creates (no id) or updates a discount; its code must be free, its use limit not under its uses. */
export async function saveDiscount(admin: Admin, input: DiscountInput, id?: number): Promise<SaveDiscountOutcome> {
  const action = id === undefined ? "create" : "update";
  let isShown = false;
  try {
    const outcome = await getDb().transaction(async (tx) => {
      if (id !== undefined) {
        const [current] = await tx
          .select({ usesCount: discounts.usesCount })
          .from(discounts)
          .where(eq(discounts.id, id))
          .for("update");
        if (!current) return { status: "not-found" as const };
        if (input.maxUses !== null && input.maxUses < current.usesCount) {
          return {
            status: "invalid" as const,
            errors: { maxUses: `Ya se usó ${current.usesCount} veces: el límite no puede ser menor.` },
          };
        }
        await tx.update(discounts).set(toRow(input)).where(eq(discounts.id, id));
        isShown = await isOnCarousel(tx, id);
      } else {
        const [created] = await tx.insert(discounts).values(toRow(input)).returning({ id: discounts.id });
        id = created!.id;
      }
      await recordAudit(
        {
          userId: admin.id,
          action,
          entity: "discount",
          entityId: id,
          summary: { name: input.name, code: input.code ?? "" },
        },
        tx,
      );
      return { status: "saved" as const, id: id! };
    });
    dropKeptCopies(isShown);
    return outcome;
  } catch (error) {
    if (isUniqueViolation(error)) return { status: "invalid", errors: { code: CODE_TAKEN_MESSAGE } };
    throw error;
  }
}

export type DeleteDiscountOutcome = { status: "deleted"; name: string } | { status: "not-found" } | { status: "used" };

/** Deletes a discount no order carries; one that was used is kept for the orders' figures (deactivate it). */
export async function deleteDiscount(admin: Admin, id: number): Promise<DeleteDiscountOutcome> {
  let isShown = false;
  const outcome = await getDb().transaction(async (tx) => {
    const [row] = await tx
      .select({ name: discounts.name, code: discounts.code })
      .from(discounts)
      .where(eq(discounts.id, id))
      .for("update");
    if (!row) return { status: "not-found" as const };
    const [used] = await tx.select({ n: count() }).from(orderDiscounts).where(eq(orderDiscounts.discountId, id));
    if ((used?.n ?? 0) > 0) return { status: "used" as const };
    // Its slide keeps its own link (the foreign key lets go of the discount).
    isShown = await isOnCarousel(tx, id);
    await tx.delete(discounts).where(eq(discounts.id, id));
    await recordAudit(
      {
        userId: admin.id,
        action: "delete",
        entity: "discount",
        entityId: id,
        summary: { name: row.name, code: row.code ?? "" },
      },
      tx,
    );
    return { status: "deleted" as const, name: row.name };
  });
  dropKeptCopies(isShown);
  return outcome;
}
