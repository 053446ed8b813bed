import { and, asc, desc, eq, isNotNull, max } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { discounts, promotions } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit.server";
import { pageTags } from "~/lib/page-cache/page-tags";
import { invalidatePages } from "~/lib/page-cache/shop-page-cache.server";
import { type MoveDirection, moveInList } from "~/lib/reorder";

import type { PromotionInput } from "./promotion-admin";

type Transaction = Parameters<Parameters<ReturnType<typeof getDb>["transaction"]>[0]>[0];

/** A promotion as the back office lists it, with the code of the coupon its button applies. */
export type AdminPromotion = typeof promotions.$inferSelect & { couponCode: string | null };

/** Every promotion, active or not, in the carousel's order. */
export async function listPromotionsForAdmin(): Promise<AdminPromotion[]> {
  const rows = await getDb()
    .select({ promotion: promotions, couponCode: discounts.code })
    .from(promotions)
    .leftJoin(discounts, eq(discounts.id, promotions.discountId))
    .orderBy(asc(promotions.sortOrder), asc(promotions.id));
  return rows.map((row) => ({ ...row.promotion, couponCode: row.couponCode }));
}

/** The coupons a slide's button may apply (discounts with a code), active ones first. */
export async function listPromotionCoupons() {
  return getDb()
    .select({ id: discounts.id, code: discounts.code, name: discounts.name, isActive: discounts.isActive })
    .from(discounts)
    .where(isNotNull(discounts.code))
    .orderBy(desc(discounts.isActive), asc(discounts.code));
}

/** After a committed change to the promotions: the home's carousel shows them. */
function invalidatePromotionPages<Result>(result: Result): Result {
  if (result) invalidatePages([pageTags.promotions]);
  return result;
}

export type SavePromotionOutcome =
  | { status: "saved"; promotion: typeof promotions.$inferSelect }
  | { status: "not-found" }
  /** The coupon chosen was deleted, or made automatic, meanwhile. */
  | { status: "invalid-coupon" };

/** Whether `discountId` (if any) is still a coupon; locked, so that it stays one until the save commits. */
async function isCouponStill(tx: Transaction, discountId: number | null): Promise<boolean> {
  if (discountId === null) return true;
  const [coupon] = await tx
    .select({ id: discounts.id })
    .from(discounts)
    .where(and(eq(discounts.id, discountId), isNotNull(discounts.code)))
    .for("share");
  return coupon !== undefined;
}

function savedPromotions(outcome: SavePromotionOutcome): SavePromotionOutcome {
  invalidatePromotionPages(outcome.status === "saved");
  return outcome;
}

/** Adds a promotion as the carousel's last slide. */
export async function createPromotion(adminId: string, input: PromotionInput): Promise<SavePromotionOutcome> {
  const outcome = await getDb().transaction(async (tx): Promise<SavePromotionOutcome> => {
    if (!(await isCouponStill(tx, input.discountId))) return { status: "invalid-coupon" };
    const [last] = await tx.select({ sortOrder: max(promotions.sortOrder) }).from(promotions);
    const [created] = await tx
      .insert(promotions)
      .values({ ...input, image: input.image || null, sortOrder: (last?.sortOrder ?? -1) + 1 })
      .returning();
    await recordAudit(
      {
        userId: adminId,
        action: "create",
        entity: "promotion",
        entityId: created!.id,
        summary: { title: input.title, isActive: input.isActive },
      },
      tx,
    );
    return { status: "saved", promotion: created! };
  });
  return savedPromotions(outcome);
}

/** Saves the form over promotion `id`. */
export async function updatePromotion(
  adminId: string,
  id: number,
  input: PromotionInput,
): Promise<SavePromotionOutcome> {
  const outcome = await getDb().transaction(async (tx): Promise<SavePromotionOutcome> => {
    if (!(await isCouponStill(tx, input.discountId))) return { status: "invalid-coupon" };
    const [updated] = await tx
      .update(promotions)
      .set({ ...input, image: input.image || null })
      .where(eq(promotions.id, id))
      .returning();
    if (!updated) return { status: "not-found" };
    await recordAudit(
      {
        userId: adminId,
        action: "update",
        entity: "promotion",
        entityId: id,
        summary: { title: input.title, isActive: input.isActive },
      },
      tx,
    );
    return { status: "saved", promotion: updated };
  });
  return savedPromotions(outcome);
}

/** Deletes promotion `id`; false when it was already gone. */
export async function deletePromotion(adminId: string, id: number): Promise<boolean> {
  const isDeleted = await getDb().transaction(async (tx) => {
    const [deleted] = await tx.delete(promotions).where(eq(promotions.id, id)).returning({ title: promotions.title });
    if (!deleted) return false;
    await recordAudit(
      { userId: adminId, action: "delete", entity: "promotion", entityId: id, summary: { title: deleted.title } },
      tx,
    );
    return true;
  });
  return invalidatePromotionPages(isDeleted);
}

/** Moves a slide one place earlier or later in the carousel, renumbering the list 0, 1, 2… */
export async function movePromotion(adminId: string, id: number, direction: MoveDirection): Promise<boolean> {
  const isMoved = await getDb().transaction(async (tx) => {
    const rows = await tx
      .select({ id: promotions.id, sortOrder: promotions.sortOrder })
      .from(promotions)
      .orderBy(asc(promotions.sortOrder), asc(promotions.id));
    const order = moveInList(
      rows.map((row) => row.id),
      id,
      direction,
    );
    if (!order) return false;
    for (const [index, rowId] of order.entries()) {
      if (rows.find((row) => row.id === rowId)?.sortOrder !== index) {
        await tx.update(promotions).set({ sortOrder: index }).where(eq(promotions.id, rowId));
      }
    }
    await recordAudit(
      { userId: adminId, action: "update", entity: "promotion", entityId: id, summary: { moved: direction } },
      tx,
    );
    return true;
  });
  return invalidatePromotionPages(isMoved);
}
