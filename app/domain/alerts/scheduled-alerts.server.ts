// The shop alerts due at a time rather than on an event: the 8:00 digest (issue 25) and the
// Monday 8:00 'Resumen semanal' (issue 49). Each is one row of shop_alerts keyed by its Lima
// date, so it is queued once whatever the instances; shop-alerts.server.ts claims and sends it.
import type { Database } from "~/db/client.server";
import { shopAlerts } from "~/db/schema";
import { getLimaDate } from "~/domain/calendar/lima-time";
import { queueDueWeeklySummary } from "~/domain/reports/weekly-summary.server";

import { dueDigestDate } from "./shop-alerts";

/** Queues today's digest once 8:00 has passed in Lima (once per day, whatever the instances). */
async function queueDueDigest(db: Database, now: Date): Promise<boolean> {
  const date = dueDigestDate(now, getLimaDate);
  if (!date) return false;
  const inserted = await db
    .insert(shopAlerts)
    .values({ kind: "digest", refKey: date, createdAt: now, nextAttemptAt: now })
    .onConflictDoNothing()
    .returning({ id: shopAlerts.id });
  return inserted.length > 0;
}

export async function queueDueScheduledAlerts(db: Database, now: Date): Promise<void> {
  await queueDueDigest(db, now);
  await queueDueWeeklySummary(db, now);
}
