// The e-mails that tell the shop (issue 25 item 7): a new order, complaint, contact message or
// booking, and the 8:00 digest. Each event queues one row of shop_alerts, unique by (kind,
// refKey), in the transaction that stores the event: none lost, none told twice; the sender
// claims a row before mailing it, right after the response and every minute after. A failure
// waits and is tried again. When alerts pour in (issue 41), one summary per ALERT_SUMMARY_MINUTES.
import { and, asc, count, eq, gt, inArray, isNull, lt, lte, notInArray, or, sql } from "drizzle-orm";

import { readConfig } from "~/config.server";
import { type Database, getDb } from "~/db/client.server";
import { bookings, complaints, contactMessages, orderLines, orders, type ShopAlertKind, shopAlerts } from "~/db/schema";
import { sendShopMail } from "~/domain/account/account-mail.server";
import { orderStatusLabels } from "~/domain/account/order-status";
import { addBusinessDays, countBusinessDaysLeft } from "~/domain/calendar/business-days";
import { getLimaDate } from "~/domain/calendar/lima-time";
import { readInvoicingAttention } from "~/domain/invoicing/order-documents.server";
import { paymentConditions } from "~/domain/orders/order-admin.server";
import { orderLineTitle } from "~/domain/orders/order-line-title.server";
import { buildWeeklySummaryMail } from "~/domain/reports/weekly-summary.server";
import { getShopSettings } from "~/domain/settings/settings.server";
import { logError, logInfo } from "~/lib/log.server";

import { queueDueScheduledAlerts } from "./scheduled-alerts.server";
import {
  ALERT_LIST_LIMIT,
  ALERT_SUMMARY_MINUTES,
  type AlertMail,
  buildAlertSummary,
  buildBookingAlert,
  buildComplaintAlert,
  buildContactAlert,
  buildDigest,
  buildOrderAlert,
  DIGEST_COMPLAINT_BUSINESS_DAYS,
  type DigestFacts,
} from "./shop-alerts";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Tries per alert; the wait before try n+1 is n × RETRY_STEP_MS. */
export const ALERT_MAX_ATTEMPTS = 5;
const RETRY_STEP_MS = 10 * 60 * 1000;
/** How a handled alert ended without an e-mail: no address to send to, or nothing to tell. */
export const NO_RECIPIENT = "sin-destinatario";
export const NOTHING_TO_TELL = "sin-novedades";
const SEND_FAILED = "No se pudo enviar el correo.";

/*
 * SHOP_ALERTS_PER_HOUR event alerts (the 8:00 digest aside; 10 unless set) told to the owner
 * within FLOOD_WINDOW_MS mean the shop is being flooded: one address could make the owner pay
 * for an e-mail per order, message or complaint, without end (issue 41). Up to it each alert
 * still arrives alone; past it they are folded into one summary per ALERT_SUMMARY_MINUTES,
 * until the window holds fewer. The end-to-end server, whose tests place dozens of orders an
 * hour and check each alert, raises it.
 */
const FLOOD_WINDOW_MS = 60 * 60 * 1000;
const SUMMARY_INTERVAL_MS = ALERT_SUMMARY_MINUTES * 60 * 1000;
/**
 * The delivery of an alert told in a summary. Set when the summary claims it, so while its
 * sentAt is still empty the summary is on its way, or failed and waits for its next try.
 */
export const IN_SUMMARY = "resumen";
/** One instance at a time decides on a summary (the other locks: client.server.ts, housekeeping.server.ts…). */
const SUMMARY_LOCK_ID = 72_730_004;

// The 8:00 digest and the Monday summary are not events: never folded, never counted as a flood.
const scheduledKinds: ShopAlertKind[] = ["digest", "weekly"];
const isEvent = notInArray(shopAlerts.kind, scheduledKinds);

function isDueAt(now: Date) {
  return and(
    isNull(shopAlerts.sentAt),
    lte(shopAlerts.nextAttemptAt, now),
    lt(shopAlerts.attempts, ALERT_MAX_ATTEMPTS),
  );
}

/** A claim counts the attempt and sets the next one, so a claimer that dies leaves the alert to a later run. */
function claimedSet(now: Date) {
  return {
    attempts: sql`${shopAlerts.attempts} + 1`,
    nextAttemptAt: sql`${now.toISOString()}::timestamptz + (${shopAlerts.attempts} + 1) * ${RETRY_STEP_MS} * interval '1 millisecond'`,
  };
}

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
  const [complaintRows, [complaintTotal], orderRows, [orderTotal], invoicing] = await Promise.all([
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
    readInvoicingAttention(db, ALERT_LIST_LIMIT),
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
    refusedDocuments: invoicing.refused,
    refusedDocumentCount: invoicing.refusedCount,
    paidWithoutDocumentCount: invoicing.withoutDocumentCount,
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
    case "weekly":
      return buildWeeklySummaryMail(refKey, readConfig().appUrl);
  }
}

/** Takes the oldest due alert for this caller alone: its attempt is counted and its next try set. */
async function claimNextAlert(db: Database, now: Date) {
  const isDue = isDueAt(now);
  const next = db
    .select({ id: shopAlerts.id })
    .from(shopAlerts)
    .where(isDue)
    .orderBy(asc(shopAlerts.id))
    .limit(1)
    .for("update", { skipLocked: true });
  const [claimed] = await db
    .update(shopAlerts)
    // Taken alone, it no longer passes for part of a summary on its way (IN_SUMMARY).
    .set({ ...claimedSet(now), delivery: "" })
    // A scalar subquery (`id = (…)`), evaluated once: `id in (… limit 1)` may be run again
    // per row and claim several. The conditions again: a row claimed meanwhile by another
    // instance no longer qualifies.
    .where(and(eq(shopAlerts.id, sql`(${next})`), isDue))
    .returning({ id: shopAlerts.id, kind: shopAlerts.kind, refKey: shopAlerts.refKey, attempts: shopAlerts.attempts });
  return claimed ?? null;
}

export type AlertDeliveryReport = {
  /** E-mails: each alert mailed alone, and each summary. */
  sent: number;
  skipped: number;
  failed: number;
  /** Alerts told in a summary. */
  folded: number;
  /** Flooded, with the next summary not due yet: when it may go (ms since the epoch). */
  nextSummaryAt?: number;
};
type ClaimedAlert = NonNullable<Awaited<ReturnType<typeof claimNextAlert>>>;

/**
 * Whether the shop is flooded, and from when the next summary may go: ALERT_SUMMARY_MINUTES
 * after the owner was last told of an event, and not while a summary is on its way or waits
 * for its next try.
 */
async function readFloodState(db: Transaction | Database, now: Date) {
  const isTold = and(
    gt(shopAlerts.sentAt, new Date(now.getTime() - FLOOD_WINDOW_MS)),
    notInArray(shopAlerts.delivery, [NO_RECIPIENT, NOTHING_TO_TELL]),
  );
  const isInSummary = and(
    isNull(shopAlerts.sentAt),
    eq(shopAlerts.delivery, IN_SUMMARY),
    lt(shopAlerts.attempts, ALERT_MAX_ATTEMPTS),
  );
  const [state] = await db
    .select({
      toldCount: sql<number>`count(*) filter (where ${isTold})`.mapWith(Number),
      lastToldAt: sql<string | null>`max(${shopAlerts.sentAt}) filter (where ${isTold})`,
      summaryRetryAt: sql<string | null>`max(${shopAlerts.nextAttemptAt}) filter (where ${isInSummary})`,
    })
    .from(shopAlerts)
    .where(and(isEvent, or(isTold, isInSummary)));
  const lastToldAt = state?.lastToldAt ? new Date(state.lastToldAt).getTime() : -Infinity;
  const summaryRetryAt = state?.summaryRetryAt ? new Date(state.summaryRetryAt).getTime() : -Infinity;
  return {
    isFlooding: (state?.toldCount ?? 0) >= readConfig().shopAlertsPerHour,
    summaryAt: Math.max(lastToldAt + SUMMARY_INTERVAL_MS, summaryRetryAt),
  };
}

/**
 * While flooded, under one lock across instances: claims every due event alert for the summary
 * that may go now, or, before then, moves them to that time without spending a try.
 */
async function claimSummaryAlerts(db: Database, now: Date) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SUMMARY_LOCK_ID})`);
    const { summaryAt } = await readFloodState(tx, now);
    const isWaiting = and(isDueAt(now), isEvent);
    if (summaryAt > now.getTime()) {
      await tx
        .update(shopAlerts)
        .set({ nextAttemptAt: new Date(summaryAt) })
        .where(isWaiting);
      return { claimed: [] as ClaimedAlert[], nextSummaryAt: summaryAt };
    }
    const waiting = tx
      .select({ id: shopAlerts.id })
      .from(shopAlerts)
      .where(isWaiting)
      .for("update", { skipLocked: true });
    const claimed = await tx
      .update(shopAlerts)
      .set({ ...claimedSet(now), delivery: IN_SUMMARY })
      .where(and(inArray(shopAlerts.id, waiting), isWaiting))
      .returning({
        id: shopAlerts.id,
        kind: shopAlerts.kind,
        refKey: shopAlerts.refKey,
        attempts: shopAlerts.attempts,
      });
    return { claimed: claimed.sort((a, b) => a.id - b.id), nextSummaryAt: undefined };
  });
}

/** Tells the claimed alerts in one e-mail, each by the subject it would have had alone. */
async function sendAlertSummary(db: Database, now: Date, report: AlertDeliveryReport) {
  const { claimed, nextSummaryAt } = await claimSummaryAlerts(db, now);
  if (nextSummaryAt !== undefined) report.nextSummaryAt = nextSummaryAt;
  if (claimed.length === 0) return;
  const settings = await getShopSettings();
  const to = settings.alertEmail || settings.contactEmail;
  const told: { alert: ClaimedAlert; subject: string }[] = [];
  const untold: number[] = [];
  for (const alert of claimed) {
    const mail = to ? await buildAlertMail(db, alert.kind, alert.refKey, now) : null;
    if (mail) told.push({ alert, subject: mail.subject });
    else untold.push(alert.id);
  }
  if (untold.length > 0) {
    report.skipped += untold.length;
    await db
      .update(shopAlerts)
      .set({ sentAt: now, delivery: to ? NOTHING_TO_TELL : NO_RECIPIENT, lastError: "" })
      .where(inArray(shopAlerts.id, untold));
  }
  if (told.length === 0) return;
  const summary = buildAlertSummary(
    told.map((entry) => entry.subject),
    `${readConfig().appUrl}/admin`,
  );
  const ids = told.map((entry) => entry.alert.id);
  if ((await sendShopMail(to, summary.subject, summary.content)) === "failed") {
    report.failed += 1;
    await db.update(shopAlerts).set({ lastError: SEND_FAILED }).where(inArray(shopAlerts.id, ids));
    const givenUp = told.filter((entry) => entry.alert.attempts >= ALERT_MAX_ATTEMPTS).map((entry) => entry.alert.id);
    if (givenUp.length > 0) logError("shop alerts given up", null, { ids: givenUp });
    return;
  }
  await db
    .update(shopAlerts)
    .set({ sentAt: now, delivery: IN_SUMMARY, lastError: "" })
    .where(inArray(shopAlerts.id, ids));
  report.sent += 1;
  report.folded += told.length;
}

async function sendAlertAlone(db: Database, alert: ClaimedAlert, now: Date, report: AlertDeliveryReport) {
  const settings = await getShopSettings();
  const to = settings.alertEmail || settings.contactEmail;
  const mail = to ? await buildAlertMail(db, alert.kind, alert.refKey, now) : null;
  const delivery = !to ? NO_RECIPIENT : mail ? await sendShopMail(to, mail.subject, mail.content) : NOTHING_TO_TELL;
  if (delivery === "failed") {
    report.failed += 1;
    await db.update(shopAlerts).set({ lastError: SEND_FAILED }).where(eq(shopAlerts.id, alert.id));
    if (alert.attempts >= ALERT_MAX_ATTEMPTS) logError("shop alert given up", null, { ...alert });
    return;
  }
  await db.update(shopAlerts).set({ sentAt: now, delivery, lastError: "" }).where(eq(shopAlerts.id, alert.id));
  if (mail && to) report.sent += 1;
  else report.skipped += 1;
}

/** Sends every due alert once, alone or, while the shop is flooded, in a summary; answers what it did. */
export async function deliverDueShopAlerts(db: Database = getDb(), now: Date = new Date()) {
  const report: AlertDeliveryReport = { sent: 0, skipped: 0, failed: 0, folded: 0 };
  for (let alert = await claimNextAlert(db, now); alert; alert = await claimNextAlert(db, now)) {
    if (!scheduledKinds.includes(alert.kind) && (await readFloodState(db, now)).isFlooding) {
      // Handed back as it was (the try it took is not spent), for the summary to take or postpone.
      await db
        .update(shopAlerts)
        .set({ attempts: sql`${shopAlerts.attempts} - 1`, nextAttemptAt: now })
        .where(eq(shopAlerts.id, alert.id));
      await sendAlertSummary(db, now, report);
    } else {
      await sendAlertAlone(db, alert, now, report);
    }
  }
  return report;
}

/** The minute's work of the housekeeping loop: the digest and the Monday summary when due, then whatever is waiting. */
export async function runShopAlerts(db: Database, now: Date = new Date()): Promise<AlertDeliveryReport> {
  await queueDueScheduledAlerts(db, now);
  const report = await deliverDueShopAlerts(db, now);
  if (report.sent + report.failed > 0) logInfo("shop alerts", report);
  return report;
}

let running: Promise<void> | null = null;
let isWanted = false;
/** Flooded: when this instance's last run found the next summary due (ms since the epoch). */
let quietUntil = 0;
/**
 * Sends the waiting alerts after the response that queued one; calls while a run is going make
 * it run once more. While flooded, none starts before the next summary is due: a new event can
 * only wait for it (nine statements an order did so); the minute's loop still runs (ADR 057).
 */
export function deliverShopAlertsLater(): void {
  if (Date.now() < quietUntil) return;
  isWanted = true;
  running ??= (async () => {
    while (isWanted && Date.now() >= quietUntil) {
      isWanted = false;
      quietUntil = (await deliverDueShopAlerts()).nextSummaryAt ?? 0;
    }
  })()
    .catch((error: unknown) => logError("shop alerts not sent", error))
    .finally(() => {
      running = null;
    });
}

/** For tests: resolves once deliverShopAlertsLater's run has finished; `forgetQuiet` ends a flood's quiet. */
export async function settleShopAlerts({ forgetQuiet = false } = {}): Promise<void> {
  while (running) await running;
  if (forgetQuiet) quietUntil = 0;
}
