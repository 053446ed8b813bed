// 'Productos' (issue 49): best sellers by units and by revenue, the same by category and by
// brand, the live products that sold nothing, and the presentaciones running low with the days
// their stock lasts at the recent rate of orders.
import { sql } from "drizzle-orm";

import { LOW_STOCK_THRESHOLD } from "~/domain/catalog/pricing";

import { addDays, type DateRange } from "./report-range";
import { liveSales, queryRows, type SalesSource, withinRange } from "./report-sql.server";

export type SoldRow = { name: string; units: number; revenueCents: number };
export type LowStockRow = {
  productId: number;
  title: string;
  variantName: string;
  stock: number;
  /** Units ordered over the last RECENT_DAYS days (orders not cancelled). */
  recentUnits: number;
  /** Whole days the stock lasts at that rate; null when nothing was ordered lately. */
  daysLeft: number | null;
};

export type ProductReport = {
  byUnits: SoldRow[];
  byRevenue: SoldRow[];
  byCategory: SoldRow[];
  byBrand: SoldRow[];
  unsold: { productId: number; title: string; stock: number }[];
  unsoldCount: number;
  lowStock: LowStockRow[];
};

/** The days the 'Quedan ~N días' rate looks back on. */
const RECENT_DAYS = 30;
const TOP = 10;
const UNSOLD_LISTED = 50;

type Row = { name: string; units: number; revenue: number };
const toSold = (row: Row): SoldRow => ({
  name: row.name,
  units: Number(row.units),
  revenueCents: Number(row.revenue),
});

async function groupSold(
  source: SalesSource,
  key: "title" | "category" | "brand",
  order: "units" | "revenue",
  limit = TOP,
) {
  const rows = await queryRows<Row>(
    sql`
    select s.${sql.raw(key)} as name, sum(s.quantity)::float8 as units, sum(s.line_total_cents)::float8 as revenue
    from ${source.products} s
    group by ${key === "title" ? sql`s.product_id, s.title` : sql`s.${sql.raw(key)}`}
    order by ${sql.raw(order)} desc, name limit ${limit}`,
    source.executor,
  );
  return rows.map(toSold);
}

/** The range's best sellers by units, `limit` of them. */
export function getBestSellers(range: DateRange, limit: number): Promise<SoldRow[]> {
  return groupSold(liveSales(range), "title", "units", limit);
}

async function listUnsold(source: SalesSource) {
  const rows = await queryRows<{ id: number; title: string; stock: number; total: number }>(
    sql`
    with sold as (select l.product_id from ${source.products} l)
    select pr.id, pr.title, pr.stock, count(*) over ()::int as total
    from products pr
    left join sold on sold.product_id = pr.id
    where not pr.is_archived and sold.product_id is null
    order by pr.stock desc, pr.title limit ${UNSOLD_LISTED}`,
    source.executor,
  );
  return {
    unsold: rows.map((row) => ({ productId: Number(row.id), title: row.title, stock: Number(row.stock) })),
    unsoldCount: Number(rows[0]?.total ?? 0),
  };
}

/** Live presentaciones at or under the low-stock threshold, soonest to run out first. */
export async function listLowStock(today: string, executor?: SalesSource["executor"]): Promise<LowStockRow[]> {
  const recent = { from: addDays(today, -(RECENT_DAYS - 1)), to: today };
  const rows = await queryRows<{ id: number; title: string; name: string; stock: number; units: number }>(
    sql`
    with recent as (
      select l.variant_id, sum(l.quantity)::float8 as units
      from order_lines l join orders o on o.id = l.order_id
      where ${withinRange(sql`o.created_at`, recent)} and o.status <> 'cancelado'
      group by l.variant_id
    )
    select pr.id, pr.title, v.name, v.stock, coalesce(r.units, 0)::float8 as units
    from product_variants v
    join products pr on pr.id = v.product_id
    left join recent r on r.variant_id = v.id
    where not v.is_archived and not pr.is_archived and v.stock <= ${LOW_STOCK_THRESHOLD}
    order by v.stock / greatest(coalesce(r.units, 0), 0.0001), pr.title, v.name`,
    executor,
  );
  return rows.map((row) => {
    const units = Number(row.units);
    return {
      productId: Number(row.id),
      title: row.title,
      variantName: row.name,
      stock: Number(row.stock),
      recentUnits: units,
      daysLeft: units > 0 ? Math.floor((Number(row.stock) * RECENT_DAYS) / units) : null,
    };
  });
}

export async function getProductReport(
  range: DateRange,
  today: string,
  source = liveSales(range),
): Promise<ProductReport> {
  const [byUnits, byRevenue, byCategory, byBrand, unsold, lowStock] = await Promise.all([
    groupSold(source, "title", "units"),
    groupSold(source, "title", "revenue"),
    groupSold(source, "category", "revenue"),
    groupSold(source, "brand", "revenue"),
    listUnsold(source),
    listLowStock(today, source.executor),
  ]);
  return { byUnits, byRevenue, byCategory, byBrand, ...unsold, lowStock };
}
