import { and, desc, eq, isNotNull, max, ne } from "drizzle-orm";

import { type Database, getDb } from "~/db/client.server";
import { orderLines, orders, products, productVariants } from "~/db/schema";

import { type FoodChoice, foodChoiceLabel } from "./pet-labels";

// 'Su alimento' on a pet (issue 28's food reminder): one of the presentaciones with a net weight
// that the shopper has ordered (in an order not cancelled), so that the reminder can tell when
// the bag runs out and offer the same bag again.

/** The choices a long-standing shopper sees at most, newest first. */
const MAX_FOOD_CHOICES = 30;

/** The live presentaciones with a net weight in the shopper's orders not cancelled (one of them, given its id). */
function orderedFoods(db: Database, userId: string, variantId?: number) {
  return db
    .select({
      variantId: productVariants.id,
      title: products.title,
      variantName: productVariants.name,
      netWeightGrams: productVariants.netWeightGrams,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(productVariants, eq(productVariants.id, orderLines.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        eq(orders.userId, userId),
        ne(orders.status, "cancelado"),
        isNotNull(productVariants.netWeightGrams),
        // One that can be bought again: the reminder offers it.
        eq(productVariants.isArchived, false),
        eq(products.isArchived, false),
        variantId === undefined ? undefined : eq(productVariants.id, variantId),
      ),
    )
    .groupBy(productVariants.id, products.title, productVariants.name, productVariants.netWeightGrams);
}

/** The presentaciones 'Su alimento' offers this shopper, the most recently ordered first. */
export async function listFoodChoices(userId: string, db: Database = getDb()): Promise<FoodChoice[]> {
  const rows = await orderedFoods(db, userId)
    .orderBy(desc(max(orders.createdAt)), desc(productVariants.id))
    .limit(MAX_FOOD_CHOICES);
  return rows.map((row) => ({
    value: String(row.variantId),
    label: foodChoiceLabel(row.title, row.variantName, row.netWeightGrams),
  }));
}

/**
 * Whether a pet may be given this food: one the shopper has ordered (listFoodChoices), or the
 * one it already has (kept on an edit even if that order was cancelled or the bag archived since).
 */
export async function isFoodChoiceAllowed(
  userId: string,
  variantId: number,
  currentVariantId: number | null = null,
): Promise<boolean> {
  if (variantId === currentVariantId) return true;
  const [row] = await orderedFoods(getDb(), userId, variantId).limit(1);
  return row !== undefined;
}
