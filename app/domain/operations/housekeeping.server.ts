import { readdir, stat, unlink } from "node:fs/promises";
import path from "node:path";

import { and, inArray, isNotNull, like, lt, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

import { readConfig } from "~/config.server";
import type { Database } from "~/db/client.server";
import {
  brands,
  carts,
  orders,
  pageContents,
  paymentMethods,
  productCategories,
  productFamilies,
  products,
  productSubcategories,
  promotions,
  searchDays,
  serviceCategories,
  serviceFamilies,
  services,
  serviceSubcategories,
  sessions,
  shopAlerts,
  shopSettings,
  signInFailures,
  verifications,
} from "~/db/schema";
import { runShopAlerts } from "~/domain/alerts/shop-alerts.server";
import { runCustomerReminders } from "~/domain/bookings/booking-reminders.server";
import { getLimaDate } from "~/domain/calendar/lima-time";
import { forgetUnconfirmedStockAlerts } from "~/domain/catalog/stock-alerts.server";
import { retryDueDocuments } from "~/domain/invoicing/invoicing.server";
import { expireUnpaidOrders } from "~/domain/orders/order-expiry.server";
import { keepsOrderFromExpiry, reconcileOnlinePayments } from "~/domain/payments/reconciliation.server";
import { refreshSearchWords } from "~/domain/search/catalog-search.server";
import { createFileStorage } from "~/lib/file-storage/storage.js";
import { logError, logInfo } from "~/lib/log.server";

import { pruneUploads } from "./prune-uploads.server";
import { deleteExpiredRateLimitHits } from "./rate-limit-table.server";

/**
 * What the shop keeps and for how long. Nothing here is a record the shop owes anyone
 * (orders, complaints, messages and the audit log are kept for good); these are leftovers
 * that would otherwise grow for as long as the shop runs. It also cancels the orders nobody
 * paid in time (order-expiry.server.ts), which return their units to the shelves.
 */
export const HOUSEKEEPING = {
  /**
   * An order's client address only serves the limits on unpaid orders, which look an hour
   * back (order-limits.ts); it is personal data, so it goes after a day of margin.
   */
  orderClientIpDays: 2,
  /** Failed sign-ins count for an hour at most (sign-in-limit.server.ts); a day of margin. */
  signInFailureHours: 24,
  /** The cart cookie lives 60 days from the last add, which refreshes it; one day of margin. */
  cartIdleDays: 61,
  /** A sent alert to the shop (shop-alerts.server.ts) is only a record that it went out. */
  shopAlertDays: 90,
  /** Outbox e-mails hold recovery links and complaint copies; a month is enough to look one up. */
  outboxDays: 30,
  /**
   * An uploaded image no row names is deleted only when its files are this old (an editor may
   * stay open with a picture chosen and not yet saved) ...
   */
  orphanUploadMinAgeDays: 7,
  /**
   * ... and when an earlier run, at least this long ago, found it unnamed too. A backup copies
   * the database first and the images after: a picture replaced in between is still named in
   * the backup's database, and by the time it can be deleted that backup has long finished.
   */
  orphanUploadConfirmHours: 24,
  /** A '.part' file is an upload being written; one left this long is from a stopped server. */
  partialUploadHours: 24,
  /**
   * The search's vocabulary (search_words, ADR 025) only grows between rebuilds: the words of
   * deleted or renamed products stay, and a typo could be corrected to them. Rebuilt this often.
   */
  searchWordsHours: 24,
  /**
   * The searches counted per day for the owner's report (search_days, ADR 040): a year and a
   * month of margin, so the last year's report is whole. Only words, no shopper; counts only.
   */
  searchDayDays: 400,
} as const;

/**
 * Every column where the shop stores an uploaded image's URL (/uploads/{hash}-{width}.webp).
 * housekeeping.test.ts classifies every text and JSON column of the schema, so a new image
 * column fails the test until it is listed here.
 */
export const IMAGE_REFERENCE_COLUMNS: readonly PgColumn[] = [
  products.image,
  services.image,
  promotions.image,
  shopSettings.logo,
  paymentMethods.qrImage,
  pageContents.content,
  productFamilies.icon,
  productCategories.icon,
  productSubcategories.icon,
  serviceFamilies.icon,
  serviceCategories.icon,
  serviceSubcategories.icon,
  brands.icon,
];

/** Above this many images, a run may delete at most half of them at once. */
const CART_BATCH = 1_000;
const UPLOAD_URL = /\/uploads\/([0-9a-f]{32})-\d+\.webp/g;
// One constant for every instance sharing a PostgreSQL: only one of them cleans up at a time.
const HOUSEKEEPING_LOCK_ID = 72_730_002;
export const DAY_MS = 24 * 60 * 60 * 1000;
export const HOUR_MS = 60 * 60 * 1000;

export type HousekeepingReport = {
  expiredOrders: number;
  orderClientIps: number;
  signInFailures: number;
  rateLimitHits: number; // shared rate counters whose hits all expired (rate-limit-table.server.ts)
  carts: number;
  sessions: number;
  verifications: number;
  shopAlerts: number;
  unconfirmedStockAlerts: number;
  outboxFiles: number;
  uploadFiles: number;
  /** How many fewer words the search's vocabulary holds after its rebuild (0 when not rebuilt). */
  searchWords: number;
  searchDays: number;
};

/** The image hashes the database names anywhere an uploaded image can be stored. */
export async function findReferencedUploads(db: Database): Promise<Set<string>> {
  const hashes = new Set<string>();
  for (const column of IMAGE_REFERENCE_COLUMNS) {
    const text = sql<string>`${column}::text`;
    const rows = await db.selectDistinct({ text }).from(column.table).where(like(text, "%/uploads/%"));
    for (const row of rows) {
      for (const match of row.text.matchAll(UPLOAD_URL)) hashes.add(match[1]!);
    }
  }
  return hashes;
}

async function listDir(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

async function removeIfOlder(file: string, cutoff: number): Promise<boolean> {
  try {
    if ((await stat(file)).mtimeMs >= cutoff) return false;
    await unlink(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}

async function pruneOutbox(dataDir: string, now: Date): Promise<number> {
  const dir = path.join(dataDir, "outbox");
  const cutoff = now.getTime() - HOUSEKEEPING.outboxDays * DAY_MS;
  let removed = 0;
  for (const name of await listDir(dir)) {
    if (name.endsWith(".eml") && (await removeIfOlder(path.join(dir, name), cutoff))) removed += 1;
  }
  return removed;
}

async function deleteIdleCarts(tx: Database, cutoff: Date): Promise<number> {
  let deleted = 0;
  // In batches: a first run on a big shop stays under PostgreSQL's statement limit.
  for (;;) {
    const batch = tx.select({ id: carts.id }).from(carts).where(lt(carts.updatedAt, cutoff)).limit(CART_BATCH);
    const rows = await tx.delete(carts).where(inArray(carts.id, batch)).returning({ id: carts.id });
    deleted += rows.length;
    if (rows.length < CART_BATCH) return deleted;
  }
}

/**
 * Deletes what the shop no longer needs: idle carts, expired sessions, links and rate counters,
 * old orders' client addresses, day-old failed sign-ins, old daily search counts, old outbox
 * e-mails, images no row names; then cancels the unpaid orders whose time to pay ran out. One
 * process at a time does it (an advisory lock, which a PostgreSQL backup also holds); null
 * when another one is. `isSingleProcess` (the embedded database): the files are handled after
 * the rows' short transaction, so pages do not wait on the disk. `refreshSearchWords` (by
 * default) also rebuilds the search's vocabulary, under the same lock: startHousekeeping asks
 * for it once a day.
 */
export async function runHousekeeping(
  db: Database,
  options: { dataDir: string; now?: Date; isSingleProcess?: boolean; refreshSearchWords?: boolean },
): Promise<HousekeepingReport | null> {
  const now = options.now ?? new Date();
  const storage = createFileStorage({ dataDir: options.dataDir, s3: readConfig().s3 });
  const pruneFiles = async (referenced: Set<string>) => ({
    outboxFiles: await pruneOutbox(options.dataDir, now),
    uploadFiles: await pruneUploads(referenced, options.dataDir, storage, now),
  });
  const done = await db.transaction(async (tx) => {
    const lock = await tx.execute(sql`select pg_try_advisory_xact_lock(${HOUSEKEEPING_LOCK_ID}) as "locked"`);
    const [row] = (lock as unknown as { rows: { locked: boolean }[] }).rows;
    if (!row?.locked) return null;

    const cartCutoff = new Date(now.getTime() - HOUSEKEEPING.cartIdleDays * DAY_MS);
    const ipCutoff = new Date(now.getTime() - HOUSEKEEPING.orderClientIpDays * DAY_MS);
    const rows = {
      orderClientIps: (
        await tx
          .update(orders)
          .set({ clientIp: null })
          .where(and(isNotNull(orders.clientIp), lt(orders.createdAt, ipCutoff)))
          .returning({ id: orders.id })
      ).length,
      signInFailures: (
        await tx
          .delete(signInFailures)
          .where(lt(signInFailures.failedAt, new Date(now.getTime() - HOUSEKEEPING.signInFailureHours * HOUR_MS)))
          .returning({ id: signInFailures.id })
      ).length,
      rateLimitHits: await deleteExpiredRateLimitHits(tx as unknown as Database, now),
      carts: await deleteIdleCarts(tx as unknown as Database, cartCutoff),
      sessions: (await tx.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id })).length,
      verifications: (
        await tx.delete(verifications).where(lt(verifications.expiresAt, now)).returning({ id: verifications.id })
      ).length,
      shopAlerts: (
        await tx
          .delete(shopAlerts)
          .where(lt(shopAlerts.sentAt, new Date(now.getTime() - HOUSEKEEPING.shopAlertDays * DAY_MS)))
          .returning({ id: shopAlerts.id })
      ).length,
      unconfirmedStockAlerts: await forgetUnconfirmedStockAlerts(tx as unknown as Database, now),
      searchDays: (
        await tx
          .delete(searchDays)
          .where(lt(searchDays.day, getLimaDate(new Date(now.getTime() - HOUSEKEEPING.searchDayDays * DAY_MS))))
          .returning({ day: searchDays.day })
      ).length,
    };
    const searchWords = (options.refreshSearchWords ?? true) ? await refreshSearchWords(tx as unknown as Database) : 0;
    const referenced = await findReferencedUploads(tx as unknown as Database);
    return {
      rows: { ...rows, searchWords },
      referenced,
      files: options.isSingleProcess ? null : await pruneFiles(referenced),
    };
  });
  if (!done) return null;
  const files = done.files ?? (await pruneFiles(done.referenced));
  // Each order in its own transaction, after the lock's: the embedded database runs one
  // transaction at a time, and the expiry is safe to run twice anyway (conditional updates).
  return { expiredOrders: await expireUnpaidOrders(db, now, keepsOrderFromExpiry), ...done.rows, ...files };
}

const HOUSEKEEPING_INTERVAL_MS = 6 * 60 * 60 * 1000;
/** The first run waits a minute, so a start (and a test's server) is not slowed by it. */
const HOUSEKEEPING_FIRST_DELAY_MS = 60 * 1000;
/** Unpaid orders are also expired this often: six hours late would hold the units that much longer. */
const ORDER_EXPIRY_INTERVAL_MS = 15 * 60 * 1000;
/**
 * The shop's alert e-mails are looked at every minute: the 8:00 digest goes out within a
 * minute of 8:00, and an alert whose first try failed (or whose instance stopped before
 * sending it) is retried (shop-alerts.server.ts).
 */
const SHOP_ALERTS_INTERVAL_MS = 60 * 1000;

/**
 * The shoppers' reminders (booking-reminders.server.ts: a booking tomorrow, a vaccination, food
 * running out) are looked at this often; a failed send is tried again at the next run. Each is
 * claimed first with a 10-minute lease (ADR 044), so several instances send it once and the
 * next run sends what a run that died was holding.
 */
const CUSTOMER_REMINDERS_INTERVAL_MS = 15 * 60 * 1000;

/**
 * Runs the housekeeping a minute after start and then every six hours (rebuilding the search's
 * vocabulary at the first run and then once a day), the expiry of unpaid orders and the
 * shoppers' reminders every quarter of an hour in between and the shop's alerts every minute;
 * returns what stops them.
 */
export function startHousekeeping(db: Database, dataDir: string, isSingleProcess: boolean): () => Promise<void> {
  // One job at a time, in turn: a tick waits for the other job, and is skipped only when
  // its own job is still waiting or running.
  let queue: Promise<void> = Promise.resolve();
  const queued = new Set<string>();
  const schedule = (name: string, job: () => Promise<void>) => {
    if (queued.has(name)) return;
    queued.add(name);
    queue = queue
      .then(job)
      .catch((error: unknown) => logError("housekeeping failed", error))
      .finally(() => queued.delete(name));
  };
  let searchWordsRefreshedAt = Number.NEGATIVE_INFINITY;
  const run = () =>
    schedule("housekeeping", async () => {
      const now = new Date();
      // Half a run of margin: the run a day after this one's is due, not the one six hours later.
      const refreshSearchWords =
        now.getTime() - searchWordsRefreshedAt >=
        HOUSEKEEPING.searchWordsHours * HOUR_MS - HOUSEKEEPING_INTERVAL_MS / 2;
      const report = await runHousekeeping(db, { dataDir, now, isSingleProcess, refreshSearchWords });
      // Another instance holding the lock did the run: this one tries again at its next.
      if (report && refreshSearchWords) searchWordsRefreshedAt = now.getTime();
      if (report) logInfo("housekeeping", report);
    });
  const expire = () =>
    schedule("order-expiry", async () => {
      await reconcileOnlinePayments(); // ADR 038: payments nobody notified, asked about first
      const expiredOrders = await expireUnpaidOrders(db, new Date(), keepsOrderFromExpiry);
      if (expiredOrders > 0) logInfo("housekeeping", { expiredOrders });
    });
  const alerts = () =>
    schedule("shop-alerts", async () => {
      await runShopAlerts(db);
      await retryDueDocuments(); // issue 46: comprobantes the PSE has not answered, with backoff
    });
  const reminders = () =>
    schedule("customer-reminders", async () => {
      await runCustomerReminders(db);
    });
  const first = setTimeout(run, HOUSEKEEPING_FIRST_DELAY_MS);
  const timer = setInterval(run, HOUSEKEEPING_INTERVAL_MS);
  const expiryTimer = setInterval(expire, ORDER_EXPIRY_INTERVAL_MS);
  const alertsTimer = setInterval(alerts, SHOP_ALERTS_INTERVAL_MS);
  const remindersTimer = setInterval(reminders, CUSTOMER_REMINDERS_INTERVAL_MS);
  for (const handle of [first, timer, expiryTimer, alertsTimer, remindersTimer]) handle.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    clearInterval(expiryTimer);
    clearInterval(alertsTimer);
    clearInterval(remindersTimer);
    await queue;
  };
}
