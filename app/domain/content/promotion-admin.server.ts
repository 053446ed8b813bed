import { asc, eq, max } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { promotions } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit.server";
import { pageTags } from "~/lib/page-cache/page-tags";
import { invalidatePages } from "~/lib/page-cache/shop-page-cache.server";
import { type MoveDirection, moveInList } from "~/lib/reorder";

import type { PromotionInput } from "./promotion-admin";

export type AdminPromotion = typeof promotions.$inferSelect;

/** Every promotion, active or not, in the carousel's order. */
export async function listPromotionsForAdmin(): Promise<AdminPromotion[]> {
  return getDb().select().from(promotions).orderBy(asc(promotions.sortOrder), asc(promotions.id));
}

/** After a committed change to the promotions: the home's carousel shows them. */
function invalidatePromotionPages<Result>(result: Result): Result {
  if (result) invalidatePages([pageTags.promotions]);
  return result;
}

/** Adds a promotion as the carousel's last slide. */
export async function createPromotion(adminId: string, input: PromotionInput): Promise<AdminPromotion> {
  const promotion = await getDb().transaction(async (tx) => {
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
    return created!;
  });
  return invalidatePromotionPages(promotion);
}

/** Saves the form over promotion `id`; null when it no longer exists. */
export async function updatePromotion(
  adminId: string,
  id: number,
  input: PromotionInput,
): Promise<AdminPromotion | null> {
  const result = await getDb().transaction(async (tx) => {
    const [updated] = await tx
      .update(promotions)
      .set({ ...input, image: input.image || null })
      .where(eq(promotions.id, id))
      .returning();
    if (!updated) return null;
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
    return updated;
  });
  return invalidatePromotionPages(result);
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
