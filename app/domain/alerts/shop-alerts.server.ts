// The e-mails that tell the shop (issue 25 item 7): a new order, complaint, contact message or
// booking, and the 8:00 digest. Each event queues one row of shop_alerts, unique by (kind,
// refKey), in the same transaction that stores the event, so no event is lost and none is
// told twice; the sender claims a row before mailing it (two instances never send one alert),
// right after the shopper's response and every minute after that. Mail never blocks the
// shopper: a failure waits and is tried again, a few times.
import { and, asc, count, eq, isNull, lt, lte, sql } from "drizzle-orm";

import { readConfig } from "~/config.server";
import { type Database, getDb } from "~/db/client.server";
import { bookings, complaints, contactMessages, orderLines, orders, type ShopAlertKind, shopAlerts } from "~/db/schema";
import { sendShopMail } from "~/domain/account/account-mail.server";
import { orderStatusLabels } from "~/domain/account/order-status";
import { addBusinessDays, countBusinessDaysLeft } from "~/domain/calendar/business-days";
import { getLimaDate } from "~/domain/calendar/lima-time";
import { paymentConditions } from "~/domain/orders/order-admin.server";
import { orderLineTitle } from "~/domain/orders/order-line-title.server";
import { getShopSettings } from "~/domain/settings/settings.server";
import { logError, logInfo } from "~/lib/log.server";

import {
  ALERT_LIST_LIMIT,
  type AlertMail,
  buildBookingAlert,
  buildComplaintAlert,
  buildContactAlert,
  buildDigest,
  buildOrderAlert,
  DIGEST_COMPLAINT_BUSINESS_DAYS,
  type DigestFacts,
  dueDigestDate,
} from "./shop-alerts";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Tries per alert; the wait before try n+1 is n × RETRY_STEP_MS. */
export const ALERT_MAX_ATTEMPTS = 5;
const RETRY_STEP_MS = 10 * 60 * 1000;
/** How a handled alert ended without an e-mail: no address to send to, or nothing to tell. */
export const NO_RECIPIENT = "sin-destinatario";
export const NOTHING_TO_TELL = "sin-novedades";

/** Queues the alert of an event inside the transaction that stores the event. */
export async function queueShopAlertIn(tx: Transaction | Database, kind: ShopAlertKind, ref: string | number) {
  // Due from this instant by this process's clock, the one deliverDueShopAlerts compares with
  // (the database's now() has microseconds, and would be "later" than a Date of the same ms).
  const now = new Date();
  await tx
    .insert(shopAlerts)
    .values({ kind, refKey: String(ref), createdAt: now, nextAttemptAt: now })
    .onConflictDoNothing();
}

/** The unanswered complaints due within 3 business days and the orders not paid, for the digest and the dashboard. */
export async function getAttentionFacts(now: Date, db: Database = getDb()): Promise<DigestFacts> {
  const today = getLimaDate(now);
  const horizon = addBusinessDays(today, DIGEST_COMPLAINT_BUSINESS_DAYS);
  const dueSoon = and(eq(complaints.status, "pendiente"), lte(complaints.dueDate, horizon));
  // The order list's 'Sin pagar', so the digest's link shows the same orders.
  const unpaid = paymentConditions["sin-pagar"];
  const [complaintRows, [complaintTotal], orderRows, [orderTotal]] = await Promise.all([
    db
      .select({ id: complaints.id, code: complaints.code, fullName: complaints.fullName, dueDate: complaints.dueDate })
      .from(complaints)
      .where(dueSoon)
      .orderBy(asc(complaints.dueDate), asc(complaints.id))
      .limit(ALERT_LIST_LIMIT),
    db.select({ n: count() }).from(complaints).where(dueSoon),
    db
      .select({
        code: orders.code,
        customerName: orders.customerName,
        totalCents: orders.totalCents,
        status: orders.status,
      })
      .from(orders)
      .where(unpaid)
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(ALERT_LIST_LIMIT),
    db.select({ n: count() }).from(orders).where(unpaid),
  ]);
  return {
    date: today,
    complaints: complaintRows.map((row) => ({
      ...row,
      dueDate: row.dueDate!,
      businessDaysLeft: countBusinessDaysLeft(today, row.dueDate!),
    })),
    complaintCount: complaintTotal?.n ?? 0,
    unpaidOrders: orderRows.map((row) => ({ ...row, status: orderStatusLabels[row.status] })),
    unpaidOrderCount: orderTotal?.n ?? 0,
  };
}

async function buildOrderMail(db: Database, id: number, adminUrl: string): Promise<AlertMail | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (!order) return null;
  const lines = await db
    .select({ title: orderLineTitle, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, id))
    .orderBy(asc(orderLines.id));
  return buildOrderAlert({ ...order, lines }, adminUrl);
}

async function buildComplaintMail(db: Database, id: number, adminUrl: string): Promise<AlertMail | null> {
  const [complaint] = await db.select().from(complaints).where(eq(complaints.id, id));
  return complaint ? buildComplaintAlert(complaint, adminUrl) : null;
}

async function buildContactMail(db: Database, id: number, adminUrl: string): Promise<AlertMail | null> {
  const [message] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  return message ? buildContactAlert(message, adminUrl) : null;
}

async function buildBookingMail(db: Database, id: number, adminUrl: string): Promise<AlertMail | null> {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, id));
  return booking ? buildBookingAlert(booking, adminUrl) : null;
}

/** The e-mail of a queued alert, or null when there is nothing (left) to tell. */
async function buildAlertMail(db: Database, kind: ShopAlertKind, refKey: string, now: Date) {
  const adminUrl = `${readConfig().appUrl}/admin`;
  const id = Number(refKey);
  switch (kind) {
    case "order":
      return buildOrderMail(db, id, adminUrl);
    case "complaint":
      return buildComplaintMail(db, id, adminUrl);
    case "contact":
      return buildContactMail(db, id, adminUrl);
    case "digest":
      // Counted when it is sent, so it tells how things stand at 8:00, not when it was queued.
      return buildDigest({ ...(await getAttentionFacts(now, db)), date: refKey }, adminUrl);
    case "booking":
      return buildBookingMail(db, id, adminUrl);
  }
}

/** Takes the oldest due alert for this caller alone: its attempt is counted and its next try set. */
async function claimNextAlert(db: Database, now: Date) {
  const isDue = and(
    isNull(shopAlerts.sentAt),
    lte(shopAlerts.nextAttemptAt, now),
    lt(shopAlerts.attempts, ALERT_MAX_ATTEMPTS),
  );
  const next = db
    .select({ id: shopAlerts.id })
    .from(shopAlerts)
    .where(isDue)
    .orderBy(asc(shopAlerts.id))
    .limit(1)
    .for("update", { skipLocked: true });
  const [claimed] = await db
    .update(shopAlerts)
    .set({
      attempts: sql`${shopAlerts.attempts} + 1`,
      nextAttemptAt: sql`${now.toISOString()}::timestamptz + (${shopAlerts.attempts} + 1) * ${RETRY_STEP_MS} * interval '1 millisecond'`,
    })
    // A scalar subquery (`id = (…)`), evaluated once: `id in (… limit 1)` may be run again
    // per row and claim several. The conditions again: a row claimed meanwhile by another
    // instance no longer qualifies.
    .where(and(eq(shopAlerts.id, sql`(${next})`), isDue))
    .returning({ id: shopAlerts.id, kind: shopAlerts.kind, refKey: shopAlerts.refKey, attempts: shopAlerts.attempts });
  return claimed ?? null;
}

export type AlertDeliveryReport = { sent: number; skipped: number; failed: number };

/** Sends every due alert once; answers what it did. */
export async function deliverDueShopAlerts(db: Database = getDb(), now: Date = new Date()) {
  const report: AlertDeliveryReport = { sent: 0, skipped: 0, failed: 0 };
  for (let alert = await claimNextAlert(db, now); alert; alert = await claimNextAlert(db, now)) {
    const settings = await getShopSettings();
    const to = settings.alertEmail || settings.contactEmail;
    const mail = to ? await buildAlertMail(db, alert.kind, alert.refKey, now) : null;
    const delivery = !to ? NO_RECIPIENT : mail ? await sendShopMail(to, mail.subject, mail.content) : NOTHING_TO_TELL;
    if (delivery === "failed") {
      report.failed += 1;
      await db.update(shopAlerts).set({ lastError: "No se pudo enviar el correo." }).where(eq(shopAlerts.id, alert.id));
      if (alert.attempts >= ALERT_MAX_ATTEMPTS) logError("shop alert given up", null, { ...alert });
      continue;
    }
    await db.update(shopAlerts).set({ sentAt: now, delivery, lastError: "" }).where(eq(shopAlerts.id, alert.id));
    if (mail && to) report.sent += 1;
    else report.skipped += 1;
  }
  return report;
}

/** Queues today's digest once 8:00 has passed in Lima (once per day, whatever the instances). */
export async function queueDueDigest(db: Database = getDb(), now: Date = new Date()): Promise<boolean> {
  const date = dueDigestDate(now, getLimaDate);
  if (!date) return false;
  const inserted = await db
    .insert(shopAlerts)
    .values({ kind: "digest", refKey: date, createdAt: now, nextAttemptAt: now })
    .onConflictDoNothing()
    .returning({ id: shopAlerts.id });
  return inserted.length > 0;
}

/** The minute's work of the housekeeping loop: the digest when due, then whatever is waiting. */
export async function runShopAlerts(db: Database, now: Date = new Date()): Promise<AlertDeliveryReport> {
  await queueDueDigest(db, now);
  const report = await deliverDueShopAlerts(db, now);
  if (report.sent + report.failed > 0) logInfo("shop alerts", report);
  return report;
}

let running: Promise<void> | null = null;
let isWanted = false;

/**
 * Sends the waiting alerts after the response that queued one: the caller does not wait for
 * the mail server. Calls while a run is going make it run once more at its end.
 */
export function deliverShopAlertsLater(): void {
  isWanted = true;
  running ??= (async () => {
    while (isWanted) {
      isWanted = false;
      await deliverDueShopAlerts();
    }
  })()
    .catch((error: unknown) => logError("shop alerts not sent", error))
    .finally(() => {
      running = null;
    });
}

/** For tests: resolves once the run started by deliverShopAlertsLater has finished. */
export async function settleShopAlerts(): Promise<void> {
  while (running) await running;
}
