import { eq } from "drizzle-orm";

import { type Database, getDb } from "~/db/client.server";
import { shopSettings } from "~/db/schema";
import type { OrderLimits } from "~/domain/orders/order-limits";
import { pageTags } from "~/lib/page-cache/page-tags";
import { readShared } from "~/lib/page-cache/shared-reads.server";

export type ShopSettings = typeof shopSettings.$inferSelect;

/**
 * The settings row (seeded at first start), kept in memory until the owner saves settings
 * (ADR 043): every page reads it, several times.
 */
export async function getShopSettings(): Promise<ShopSettings> {
  const db = getDb();
  return readShared(db, "shop-settings", [pageTags.settings, pageTags.delivery], async () => {
    const [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1));
    if (!row) throw new Error("shop_settings is empty: the database was not seeded.");
    return row;
  });
}

/**
 * The owner's order limits; pass a transaction to read them with the order it checks (the
 * order's own decision), or nothing for the settings kept in memory (a page's preview).
 */
export async function getOrderLimits(
  reader?: Pick<Database, "select">,
): Promise<OrderLimits & { paymentHours: number }> {
  if (!reader) {
    const { maxUnitsPerOrder, maxStockPercentPerOrder, paymentHours } = await getShopSettings();
    return { maxUnitsPerOrder, maxStockPercentPerOrder, paymentHours };
  }
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
