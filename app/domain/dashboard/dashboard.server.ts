import { and, asc, count, eq, sql } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { complaints, orders, products, productVariants, promotions, services } from "~/db/schema";
import { getAttentionFacts } from "~/domain/alerts/shop-alerts.server";
import { countBusinessDaysLeft } from "~/domain/calendar/business-days";
import { getLimaDate } from "~/domain/calendar/lima-time";
import { LOW_STOCK_THRESHOLD } from "~/domain/catalog/pricing";
import { pseFor, readInvoicingSettings } from "~/domain/invoicing/invoicing.server";

export type DashboardFigures = {
  productCount: number;
  lowStockCount: number;
  soldOutCount: number;
  serviceCount: number;
  activePromotionCount: number;
  pendingOrderCount: number;
  /** What the 8:00 digest counts: orders not paid yet (not cancelled) ... */
  unpaidOrderCount: number;
  openComplaintCount: number;
  /** ... and unanswered complaints due within 3 business days (or overdue). */
  complaintsDueSoonCount: number;
  /** The pending complaint closest to its legal deadline, if any. */
  nearestComplaint: { code: string; dueDate: string; businessDaysLeft: number } | null;
  /** Comprobantes electrónicos (issue 46): whether a PSE is set, paid orders without one, refused ones. */
  invoicing: { isConfigured: boolean; withoutDocumentCount: number; refusedCount: number };
};

/** The live figures of the dashboard's tiles: a handful of counts, each served by an index. */
export async function getDashboardFigures(now = new Date()): Promise<DashboardFigures> {
  const db = getDb();
  const live = eq(products.isArchived, false);
  const [[stock], [serviceRow], [promotionRow], [orderRow], [complaintRow], nearest, attention, invoicingSettings] =
    await Promise.all([
      // Low and sold-out stock counts presentaciones: a food whose 15 kg bag is sold out needs
      // the owner even while its 3 kg bag sells.
      db
        .select({
          total: sql<number>`(select count(*)::int from ${products} where ${live})`,
          low: count(
            sql`case when ${productVariants.stock} > 0 and ${productVariants.stock} <= ${LOW_STOCK_THRESHOLD} then 1 end`,
          ),
          soldOut: count(sql`case when ${productVariants.stock} = 0 then 1 end`),
        })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(and(live, eq(productVariants.isArchived, false))),
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
      getAttentionFacts(now, db),
      readInvoicingSettings(db),
    ]);
  const first = nearest[0];
  return {
    productCount: stock?.total ?? 0,
    lowStockCount: stock?.low ?? 0,
    soldOutCount: stock?.soldOut ?? 0,
    serviceCount: serviceRow?.n ?? 0,
    activePromotionCount: promotionRow?.n ?? 0,
    pendingOrderCount: orderRow?.n ?? 0,
    unpaidOrderCount: attention.unpaidOrderCount,
    openComplaintCount: complaintRow?.n ?? 0,
    complaintsDueSoonCount: attention.complaintCount,
    nearestComplaint:
      first && first.dueDate
        ? {
            code: first.code,
            dueDate: first.dueDate,
            businessDaysLeft: countBusinessDaysLeft(getLimaDate(now), first.dueDate),
          }
        : null,
    invoicing: {
      isConfigured: pseFor(invoicingSettings) !== null,
      withoutDocumentCount: attention.paidWithoutDocumentCount ?? 0,
      refusedCount: attention.refusedDocumentCount ?? 0,
    },
  };
}
