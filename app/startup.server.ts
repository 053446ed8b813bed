import { checkSharedAuthSecret, readConfig } from "./config.server";
import { openDatabase, setDatabase } from "./db/client.server";
import { acquireDataDirLock } from "./db/data-dir-lock.server";
import { startEmbeddedMaintenance } from "./db/maintenance.server";
import { seedDemoOrders } from "./domain/demo-shop/demo-orders";
import { seedDemoShop } from "./domain/demo-shop/seed.server";
import { startHousekeeping } from "./domain/operations/housekeeping.server";
import { tableRateStore } from "./domain/operations/rate-limit-table.server";
import { flushSearchCounts } from "./domain/search/search-counts.server";
import { ensureMainAdmin } from "./domain/users/main-admin.server";
import { getFileStorage } from "./lib/file-storage.server";
import { logError } from "./lib/log.server";
import { startInvalidationBridge } from "./lib/page-cache/invalidation-bridge.server";
import { shopInvalidation } from "./lib/page-cache/shop-page-cache.server";
import { useRateStore } from "./lib/rate-limit.server";

export type RunningApp = {
  driver: "pglite" | "postgres";
  /** Closes the database and releases DATA_DIR; the process may then exit. */
  stop: () => Promise<void>;
};

/**
 * Locks DATA_DIR (embedded database only), opens and migrates the database, seeds it, and
 * starts the embedded database's maintenance (db/maintenance.server.ts) and the housekeeping
 * that deletes expired carts, sessions, outbox e-mails and unused images (domain/operations/housekeeping.server.ts).
 */
export async function startApp(log: (message: string) => void = console.log): Promise<RunningApp> {
  const config = readConfig();
  checkSharedAuthSecret(config);
  // A bucket that cannot be reached or written stops the start in one sentence (ADR 041),
  // before anything else is opened.
  const storage = getFileStorage();
  await storage.check();
  if (storage.kind === "s3") log(`Files (images, receipts, pet photos) in ${storage.where}.`);
  const lock = config.databaseUrl ? null : acquireDataDirLock(config.dataDir);
  try {
    const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    let stopMaintenance = () => {};
    let stopHousekeeping = async () => {};
    let stopBridge = async () => {};
    try {
      await handle.migrate();
      setDatabase(handle);
      // Several instances may share PostgreSQL: their rate limits count in one table (ADR 042).
      if (handle.driver === "postgres") useRateStore(tableRateStore(handle.db));
      await handle.withStartupLock(async () => {
        const isNewShop = await seedDemoShop(handle.db);
        if (isNewShop) log("Seeded the demo shop.");
        await ensureMainAdmin(config.admin, log);
        // A few orders in different statuses, so a new owner sees the flow (DEMO_ORDERS=0: none).
        if (isNewShop && process.env.DEMO_ORDERS !== "0") await seedDemoOrders(handle.db, config.admin.username);
      });
      stopMaintenance = await startEmbeddedMaintenance(handle);
      stopHousekeeping = startHousekeeping(handle.db, config.dataDir, handle.driver === "pglite");
      // Other instances on the same PostgreSQL drop the pages and kept values this one's writes
      // change (ADRs 024 and 043), with the page cache on or off.
      if (config.databaseUrl) {
        const bridge = startInvalidationBridge({
          databaseUrl: config.databaseUrl,
          cache: shopInvalidation,
          reportError: logError,
        });
        stopBridge = bridge.stop;
      }
    } catch (error) {
      useRateStore(undefined);
      setDatabase(undefined);
      await handle.close();
      throw error;
    }
    return {
      driver: handle.driver,
      async stop() {
        // The searches counted since the last write (issue 49, ADR 065).
        await flushSearchCounts().catch((error: unknown) => logError("cannot write the search counts", error));
        await stopBridge();
        stopMaintenance();
        await stopHousekeeping();
        useRateStore(undefined);
        setDatabase(undefined);
        await handle.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
