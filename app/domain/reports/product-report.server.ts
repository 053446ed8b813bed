// 'Productos' (issue 49): best sellers by units and by revenue, the same by category and by
// brand, the live products that sold nothing, and the presentaciones running low with the days
// their stock lasts at the recent rate of orders.
import { type SQL, sql } from "drizzle-orm";

import { LOW_STOCK_THRESHOLD } from "~/domain/catalog/pricing";

import { addDays, type DateRange } from "./report-range";
import { queryRows, withinDays, withinRange } from "./report-sql.server";

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

type ListRow = {
  list: "units" | "revenue" | "category" | "brand" | "unsold";
  product_id: number | null;
  name: string;
  units: number | null;
  revenue: number | null;
  stock: number | null;
  total: number | null;
};
const toSold = (row: ListRow): SoldRow => ({
  name: row.name,
  units: Number(row.units),
  revenueCents: Number(row.revenue),
});

/**
 * What the range's days sold per product (product_sales_days, ADR 045), named as today: a
 * product's current title, category and brand. A line without a product (none is written
 * since the first migration) keeps the title copied on it.
 */
function soldProducts(range: DateRange): SQL {
  return sql`
    sold as materialized (
      select s.product_id, sum(s.units) as units, sum(s.revenue_cents) as revenue
      from product_sales_days s where ${withinDays(sql`s.day`, range)} group by s.product_id
    ), named as materialized (
      select s.product_id, s.units, s.revenue,
        coalesce(pr.title, (select min(l.title) from order_lines l where l.product_id is null)) as title,
        coalesce(c.name, 'Sin categoría') as category, coalesce(b.name, 'Sin marca') as brand
      from sold s
      left join products pr on pr.id = s.product_id
      left join product_categories c on c.id = pr.category_id
      left join brands b on b.id = pr.brand_id
    )`;
}

/** A top list of `named`: by product, category or brand, ordered by units or revenue. */
function topOf(list: ListRow["list"], key: "title" | "category" | "brand", order: "units" | "revenue", limit: number) {
  const name = sql.raw(`n.${key}`);
  const grouped = key === "title";
  return sql`(
    select ${sql.raw(`'${list}'`)} as list, ${grouped ? sql`n.product_id` : sql`null::integer`} as product_id, ${name} as name,
      ${grouped ? sql`n.units` : sql`sum(n.units)`}::float8 as units,
      ${grouped ? sql`n.revenue` : sql`sum(n.revenue)`}::float8 as revenue, null::integer as stock, null::integer as total
    from named n ${grouped ? sql`` : sql`group by ${name}`}
    order by ${sql.raw(order)} desc, name limit ${limit})`;
}

/** The range's best sellers by units, `limit` of them. */
export async function getBestSellers(range: DateRange, limit: number): Promise<SoldRow[]> {
  const rows = await queryRows<ListRow>(sql`with ${soldProducts(range)} ${topOf("units", "title", "units", limit)}`);
  return rows.map(toSold);
}

/**
 * The five lists in one statement, over one sum of the range's days: the best sellers by
 * units and by revenue, by category and by brand, and the live products that sold nothing.
 */
async function listSold(range: DateRange) {
  const rows = await queryRows<ListRow>(sql`
    with ${soldProducts(range)}
    ${topOf("units", "title", "units", TOP)}
    union all ${topOf("revenue", "title", "revenue", TOP)}
    union all ${topOf("category", "category", "revenue", TOP)}
    union all ${topOf("brand", "brand", "revenue", TOP)}
    union all (
      select 'unsold', pr.id, pr.title, null, null, pr.stock, (count(*) over ())::integer
      from products pr
      where not pr.is_archived and not exists (select 1 from sold s where s.product_id = pr.id)
      order by pr.stock desc, pr.title limit ${UNSOLD_LISTED}
    )`);
  const listOf = (list: ListRow["list"]) => rows.filter((row) => row.list === list);
  const unsold = listOf("unsold");
  return {
    byUnits: listOf("units").map(toSold),
    byRevenue: listOf("revenue").map(toSold),
    byCategory: listOf("category").map(toSold),
    byBrand: listOf("brand").map(toSold),
    unsold: unsold.map((row) => ({ productId: Number(row.product_id), title: row.name, stock: Number(row.stock) })),
    unsoldCount: Number(unsold[0]?.total ?? 0),
  };
}

/** Live presentaciones at or under the low-stock threshold, soonest to run out first. */
export async function listLowStock(today: string): Promise<LowStockRow[]> {
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

export async function getProductReport(range: DateRange, today: string): Promise<ProductReport> {
  const [sold, lowStock] = await Promise.all([listSold(range), listLowStock(today)]);
  return { ...sold, lowStock };
}
