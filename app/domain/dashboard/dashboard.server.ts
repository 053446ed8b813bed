import { and, asc, count, eq, sql } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { complaints, orders, products, promotions, services } from "~/db/schema";
import { countBusinessDaysLeft } from "~/domain/calendar/business-days";
import { getLimaDate } from "~/domain/calendar/lima-time";
import { LOW_STOCK_THRESHOLD } from "~/domain/catalog/pricing";

export type DashboardFigures = {
  productCount: number;
  lowStockCount: number;
  soldOutCount: number;
  serviceCount: number;
  activePromotionCount: number;
  pendingOrderCount: number;
  openComplaintCount: number;
  /** The pending complaint closest to its legal deadline, if any. */
  nearestComplaint: { code: string; dueDate: string; businessDaysLeft: number } | null;
};

/** The live figures of the dashboard's tiles: a handful of counts, each served by an index. */
export async function getDashboardFigures(now = new Date()): Promise<DashboardFigures> {
  const db = getDb();
  const live = eq(products.isArchived, false);
  const [[stock], [serviceRow], [promotionRow], [orderRow], [complaintRow], nearest] = await Promise.all([
    db
      .select({
        total: count(),
        low: count(sql`case when ${products.stock} > 0 and ${products.stock} <= ${LOW_STOCK_THRESHOLD} then 1 end`),
        soldOut: count(sql`case when ${products.stock} = 0 then 1 end`),
      })
      .from(products)
      .where(live),
    db.select({ n: count() }).from(services),
    db.select({ n: count() }).from(promotions).where(eq(promotions.isActive, true)),
    db.select({ n: count() }).from(orders).where(eq(orders.status, "pendiente")),
    db.select({ n: count() }).from(complaints).where(eq(complaints.status, "pendiente")),
    db
      .select({ code: complaints.code, dueDate: complaints.dueDate })
      .from(complaints)
      .where(and(eq(complaints.status, "pendiente"), sql`${complaints.dueDate} is not null`))
      .orderBy(asc(complaints.dueDate), asc(complaints.id))
      .limit(1),
  ]);
  const first = nearest[0];
  return {
    productCount: stock?.total ?? 0,
    lowStockCount: stock?.low ?? 0,
    soldOutCount: stock?.soldOut ?? 0,
    serviceCount: serviceRow?.n ?? 0,
    activePromotionCount: promotionRow?.n ?? 0,
    pendingOrderCount: orderRow?.n ?? 0,
    openComplaintCount: complaintRow?.n ?? 0,
    nearestComplaint:
      first && first.dueDate
        ? {
            code: first.code,
            dueDate: first.dueDate,
            businessDaysLeft: countBusinessDaysLeft(getLimaDate(now), first.dueDate),
          }
        : null,
  };
}
