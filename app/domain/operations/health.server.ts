import { checkDatabase } from "~/db/health.server";
import { readRenderQueueHealth } from "~/lib/render-queue.server";

export type ShopHealth = {
  isHealthy: boolean;
  isDatabaseUp: boolean;
  renderQueue: ReturnType<typeof readRenderQueueHealth>;
};

/**
 * Whether the shop can serve pages: its database runs a query, and the render line is
 * moving (nobody has waited half the line's limit, and it is not full).
 */
export async function readShopHealth(): Promise<ShopHealth> {
  const isDatabaseUp = await checkDatabase();
  const renderQueue = readRenderQueueHealth();
  return { isHealthy: isDatabaseUp && renderQueue.isServing, isDatabaseUp, renderQueue };
}
