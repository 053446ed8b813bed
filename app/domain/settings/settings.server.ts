import { eq } from "drizzle-orm";

import { type Database, getDb } from "~/db/client.server";
import { shopSettings } from "~/db/schema";
import type { OrderLimits } from "~/domain/orders/order-limits";

export type ShopSettings = typeof shopSettings.$inferSelect;

/** The settings row (seeded at first start). */
export async function getShopSettings(): Promise<ShopSettings> {
  const [row] = await getDb().select().from(shopSettings).where(eq(shopSettings.id, 1));
  if (!row) throw new Error("shop_settings is empty: the database was not seeded.");
  return row;
}

/** The owner's order limits; pass a transaction to read them with the order it checks. */
export async function getOrderLimits(
  reader: Pick<Database, "select"> = getDb(),
): Promise<OrderLimits & { paymentHours: number }> {
  const [row] = await reader
    .select({
      maxUnitsPerOrder: shopSettings.maxUnitsPerOrder,
      maxStockPercentPerOrder: shopSettings.maxStockPercentPerOrder,
      paymentHours: shopSettings.paymentHours,
    })
    .from(shopSettings)
    .where(eq(shopSettings.id, 1));
  if (!row) throw new Error("shop_settings is empty: the database was not seeded.");
  return row;
}
