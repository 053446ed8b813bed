import { readShopHealth } from "~/domain/operations/health.server";

/**
 * 200 when the database runs a query and pages are being served; 503 otherwise, so that a
 * supervisor restarts a shop whose renders are stuck (the health check itself never waits
 * in the render line). The line's state is in the answer: `renderQueue.waiting`, and how
 * long the first in line has waited (`oldestWaitMs`).
 */
export async function loader() {
  const { isHealthy, isDatabaseUp, renderQueue: queue } = await readShopHealth();
  return Response.json(
    {
      status: isHealthy ? "ok" : "error",
      database: isDatabaseUp ? "ok" : "error",
      renderQueue: {
        status: queue.isServing ? "ok" : "stuck",
        active: queue.active,
        waiting: queue.waiting,
        oldestWaitMs: queue.oldestWaitMs,
        oldestActiveMs: queue.oldestActiveMs,
      },
    },
    { status: isHealthy ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
