import { eq, sql } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { complaints, electronicDocuments, orders, products, productVariants, promotions, services } from "~/db/schema";
import { DIGEST_COMPLAINT_BUSINESS_DAYS } from "~/domain/alerts/shop-alerts";
import { addBusinessDays, countBusinessDaysLeft } from "~/domain/calendar/business-days";
import { getLimaDate } from "~/domain/calendar/lima-time";
import { LOW_STOCK_THRESHOLD } from "~/domain/catalog/pricing";
import { pseFor, readInvoicingSettings } from "~/domain/invoicing/invoicing.server";
import { documentNeedsOwner, orderPaidWithoutDocument } from "~/domain/invoicing/order-documents.server";
import { paymentConditions } from "~/domain/orders/order-admin.server";
import { queryRows } from "~/domain/reports/report-sql.server";
import { pageTags } from "~/lib/page-cache/page-tags";
import { readShared } from "~/lib/page-cache/shared-reads.server";

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

type CatalogCounts = Pick<DashboardFigures, "productCount" | "lowStockCount" | "soldOutCount">;

/** The other tiles' counts as the statement answers them: one row. */
type FigureRow = Omit<DashboardFigures, "nearestComplaint" | "invoicing" | keyof CatalogCounts> &
  Omit<DashboardFigures["invoicing"], "isConfigured"> & { nearestCode: string | null; nearestDueDate: string | null };

/**
 * A product's own tag drops them: every write of a product or of its stock drops it after it
 * commits (catalog/page-invalidation.server.ts), as the product's page shows both.
 */
const CATALOG_COUNT_TAGS = [pageTags.productListings, "product:*"];

/**
 * The catalogue's tiles: the live products, and the presentaciones low or sold out. Counting
 * 10,000 products is most of the dashboard's statement (11–17 ms on the embedded database, ADR 048),
 * so the counts are kept in memory (ADR 043) until a product or its stock changes.
 *
 * Low and sold-out stock counts presentaciones: a food whose 15 kg bag is sold out needs the
 * owner even while its 3 kg bag sells. Both in one pass over the presentaciones at or under the
 * threshold, which a partial index holds (product_variants_low_stock_index): the threshold is
 * written into the statement, not sent as a parameter, so the index serves it.
 */
function readCatalogCounts(db: ReturnType<typeof getDb>): Promise<CatalogCounts> {
  const live = eq(products.isArchived, false);
  const threshold = sql.raw(String(LOW_STOCK_THRESHOLD));
  return readShared(db, "dashboard-catalog-counts", CATALOG_COUNT_TAGS, async () => {
    const [row] = await queryRows<CatalogCounts>(sql`select
      (select count(*)::int from ${products} where ${live}) as "productCount",
      count(*) filter (where ${productVariants.stock} > 0)::int as "lowStockCount",
      count(*) filter (where ${productVariants.stock} = 0)::int as "soldOutCount"
    from ${productVariants} inner join ${products} on ${products.id} = ${productVariants.productId}
    where ${productVariants.isArchived} = false and ${productVariants.stock} <= ${threshold} and ${live}`);
    return row!;
  });
}

/**
 * The live figures of the dashboard's tiles: the catalogue's counts kept in memory, the others
 * asked in one statement (issue 47: one round trip instead of a dozen, each with its own parse
 * and result). The unpaid orders, the complaints due soon and the comprobantes use the 8:00
 * digest's own conditions, so the dashboard and the digest tell the same numbers.
 */
export async function getDashboardFigures(now = new Date()): Promise<DashboardFigures> {
  const db = getDb();
  const today = getLimaDate(now);
  const horizon = addBusinessDays(today, DIGEST_COMPLAINT_BUSINESS_DAYS);
  const pendingComplaint = eq(complaints.status, "pendiente");
  const nearest = sql`from ${complaints} where ${pendingComplaint} and ${complaints.dueDate} is not null
    order by ${complaints.dueDate} asc, ${complaints.id} asc limit 1`;
  const [catalogCounts, [row], invoicingSettings] = await Promise.all([
    readCatalogCounts(db),
    queryRows<FigureRow>(
      sql`select
      (select count(*)::int from ${services}) as "serviceCount",
      (select count(*)::int from ${promotions} where ${promotions.isActive} = true) as "activePromotionCount",
      (select count(*)::int from ${orders} where ${orders.status} = 'pendiente') as "pendingOrderCount",
      (select count(*)::int from ${orders} where ${paymentConditions["sin-pagar"]}) as "unpaidOrderCount",
      (select count(*)::int from ${complaints} where ${pendingComplaint}) as "openComplaintCount",
      (select count(*)::int from ${complaints} where ${pendingComplaint}
        and ${complaints.dueDate} <= ${horizon}) as "complaintsDueSoonCount",
      (select ${complaints.code} ${nearest}) as "nearestCode",
      (select ${complaints.dueDate} ${nearest}) as "nearestDueDate",
      (select count(*)::int from ${orders} where ${orderPaidWithoutDocument}) as "withoutDocumentCount",
      (select count(*)::int from ${electronicDocuments} where ${documentNeedsOwner}) as "refusedCount"`,
    ),
    readInvoicingSettings(db),
  ]);
  const { nearestCode, nearestDueDate, withoutDocumentCount, refusedCount, ...counts } = row!;
  return {
    ...catalogCounts,
    ...counts,
    nearestComplaint:
      nearestCode && nearestDueDate
        ? { code: nearestCode, dueDate: nearestDueDate, businessDaysLeft: countBusinessDaysLeft(today, nearestDueDate) }
        : null,
    invoicing: {
      isConfigured: pseFor(invoicingSettings) !== null,
      withoutDocumentCount,
      refusedCount,
    },
  };
}
