import { asc, count, desc, eq, sql } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { brands, discounts, orderDiscounts, orders, productCategories, productFamilies } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit.server";

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
  try {
    return await getDb().transaction(async (tx) => {
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
  } catch (error) {
    if (isUniqueViolation(error)) return { status: "invalid", errors: { code: CODE_TAKEN_MESSAGE } };
    throw error;
  }
}

export type DeleteDiscountOutcome = { status: "deleted"; name: string } | { status: "not-found" } | { status: "used" };

/** Deletes a discount no order carries; one that was used is kept for the orders' figures (deactivate it). */
export async function deleteDiscount(admin: Admin, id: number): Promise<DeleteDiscountOutcome> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .select({ name: discounts.name, code: discounts.code })
      .from(discounts)
      .where(eq(discounts.id, id))
      .for("update");
    if (!row) return { status: "not-found" as const };
    const [used] = await tx.select({ n: count() }).from(orderDiscounts).where(eq(orderDiscounts.discountId, id));
    if ((used?.n ?? 0) > 0) return { status: "used" as const };
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
}
