import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { shopSettings } from "~/db/schema";

export type ShopSettings = typeof shopSettings.$inferSelect;

/** The settings row (seeded at first start). */
export async function getShopSettings(): Promise<ShopSettings> {
  const [row] = await getDb().select().from(shopSettings).where(eq(shopSettings.id, 1));
  if (!row) throw new Error("shop_settings is empty: the database was not seeded.");
  return row;
}
