// 'Ventas' (issue 49): paid revenue, orders, average ticket and units of a range against the
// period before, the series per day, week or month, and the splits by delivery and by method,
// all read from the daily sums (sales_days, ADR 045): a few hundred rows for a year.
import { sql } from "drizzle-orm";

import type { DateRange, ReportRange, SeriesUnit } from "./report-range";
import { queryRows, withinDays } from "./report-sql.server";

export type SalesTotals = {
  revenueCents: number;
  orderCount: number;
  /** Revenue over orders, rounded to the céntimo; 0 without orders. */
  averageTicketCents: number;
  units: number;
  discountCents: number;
};

export type SeriesPoint = { bucket: string; revenueCents: number; orderCount: number };
type SalesSplit = { key: string; revenueCents: number; orderCount: number };

export type SalesReport = {
  current: SalesTotals;
  previous: SalesTotals;
  series: SeriesPoint[];
  byFulfillment: SalesSplit[];
  byMethod: SalesSplit[];
};

type TotalsRow = {
  revenue: number | null;
  orders: number | null;
  units: number | null;
  discount: number | null;
};

/** The totals of summed daily rows (a range's sums, or the dashboard's days added up). */
export function toSalesTotals(row: TotalsRow | undefined): SalesTotals {
  const revenueCents = Number(row?.revenue ?? 0);
  const orderCount = Number(row?.orders ?? 0);
  return {
    revenueCents,
    orderCount,
    averageTicketCents: orderCount === 0 ? 0 : Math.round(revenueCents / orderCount),
    units: Number(row?.units ?? 0),
    discountCents: Number(row?.discount ?? 0),
  };
}

export async function getSalesTotals(range: DateRange): Promise<SalesTotals> {
  const [row] = await queryRows<TotalsRow>(sql`
    select sum(d.revenue_cents)::float8 as revenue, sum(d.order_count)::float8 as orders,
      sum(d.discount_cents)::float8 as discount, sum(d.units)::float8 as units
    from sales_days d where ${withinDays(sql`d.day`, range)}`);
  return toSalesTotals(row);
}

/** Every bucket of the range, empty ones included, oldest first; a week starts on Monday. */
export async function getSalesSeries(range: DateRange, unit: SeriesUnit): Promise<SeriesPoint[]> {
  const step = sql.raw(`'1 ${unit}'::interval`);
  const part = sql.raw(`'${unit}'`);
  const rows = await queryRows<{ bucket: string; revenue: number; orders: number }>(sql`
    with buckets as (
      select generate_series(date_trunc(${part}, ${range.from}::date::timestamp),
        date_trunc(${part}, ${range.to}::date::timestamp), ${step})::date as bucket
    ), sales as (
      select date_trunc(${part}, d.day::timestamp)::date as bucket, sum(d.revenue_cents) as revenue,
        sum(d.order_count) as orders
      from sales_days d where ${withinDays(sql`d.day`, range)} group by 1
    )
    select to_char(b.bucket, 'YYYY-MM-DD') as bucket, coalesce(s.revenue, 0)::float8 as revenue,
      coalesce(s.orders, 0)::float8 as orders
    from buckets b left join sales s on s.bucket = b.bucket
    order by b.bucket`);
  return rows.map((row) => ({ bucket: row.bucket, revenueCents: Number(row.revenue), orderCount: Number(row.orders) }));
}

type SplitRow = { fulfillment: string | null; method: string | null; revenue: number; orders: number };

/** Both splits in one pass over the range's days: by delivery, and by payment method. */
async function getSplits(range: DateRange): Promise<{ byFulfillment: SalesSplit[]; byMethod: SalesSplit[] }> {
  const rows = await queryRows<SplitRow>(sql`
    select case when grouping(d.fulfillment) = 0 then d.fulfillment end as fulfillment,
      case when grouping(d.method) = 0 then d.method end as method,
      sum(d.revenue_cents)::float8 as revenue, sum(d.order_count)::float8 as orders
    from sales_days d where ${withinDays(sql`d.day`, range)}
    group by grouping sets ((d.fulfillment), (d.method))`);
  const splitOf = (key: "fulfillment" | "method"): SalesSplit[] =>
    rows
      .filter((row) => row[key] !== null)
      .map((row) => ({ key: row[key]!, revenueCents: Number(row.revenue), orderCount: Number(row.orders) }))
      .sort((a, b) => b.revenueCents - a.revenueCents || a.key.localeCompare(b.key));
  return { byFulfillment: splitOf("fulfillment"), byMethod: splitOf("method") };
}

export async function getSalesReport(range: ReportRange): Promise<SalesReport> {
  const [current, previous, series, splits] = await Promise.all([
    getSalesTotals(range),
    getSalesTotals(range.previous),
    getSalesSeries(range, range.unit),
    getSplits(range),
  ]);
  return { current, previous, series, ...splits };
}
