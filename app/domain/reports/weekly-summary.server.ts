// 'Resumen semanal' (issue 49): queued once per Monday as a shop alert (shop-alerts.server.ts
// claims and sends it, once whatever the instances), counted when it is sent.
import { href } from "react-router";

import type { Database } from "~/db/client.server";
import { shopAlerts, shopSettings } from "~/db/schema";
import type { AlertMail } from "~/domain/alerts/shop-alerts";
import { getLimaDate } from "~/domain/calendar/lima-time";

import { getBookingReport } from "./booking-report.server";
import { getOrderFunnel } from "./order-funnel.server";
import { getBestSellers, listLowStock } from "./product-report.server";
import type { DateRange } from "./report-range";
import { getSalesTotals } from "./sales-report.server";
import { buildWeeklySummary, dueWeeklySummaryMonday, summaryWeeks } from "./weekly-summary";

const LISTED = 5;

/** Queues this Monday's summary once 8:00 has passed in Lima, unless the owner turned it off. */
export async function queueDueWeeklySummary(db: Database, now: Date): Promise<boolean> {
  const monday = dueWeeklySummaryMonday(now, getLimaDate);
  if (!monday) return false;
  const [settings] = await db.select({ isOn: shopSettings.isWeeklySummaryOn }).from(shopSettings);
  if (!settings?.isOn) return false;
  const inserted = await db
    .insert(shopAlerts)
    .values({ kind: "weekly", refKey: monday, createdAt: now, nextAttemptAt: now })
    .onConflictDoNothing()
    .returning({ id: shopAlerts.id });
  return inserted.length > 0;
}

async function readWeek(range: DateRange) {
  const [sales, funnel, bookings] = await Promise.all([
    getSalesTotals(range),
    getOrderFunnel(range),
    getBookingReport(range),
  ]);
  return { sales, funnel, bookings };
}

/** The summary of the week before `monday`, with a link to that week's report. */
export async function buildWeeklySummaryMail(monday: string, appUrl: string): Promise<AlertMail | null> {
  const { week, previous } = summaryWeeks(monday);
  const [current, before, bestSellers, lowStock] = await Promise.all([
    readWeek(week),
    readWeek(previous),
    getBestSellers(week, LISTED),
    listLowStock(monday),
  ]);
  const query = new URLSearchParams({ rango: "personalizado", desde: week.from, hasta: week.to });
  return buildWeeklySummary(
    { monday, current, previous: before, bestSellers, lowStock: lowStock.slice(0, LISTED) },
    `${appUrl}${href("/admin/reportes")}?${query}`,
  );
}
