// 'Ventas' (issue 49): paid revenue, orders, average ticket and units of a range against the
// period before, the series per day, week or month, and the splits by delivery and by method.
import { sql } from "drizzle-orm";

import type { DateRange, ReportRange, SeriesUnit } from "./report-range";
import { liveSales, queryRows, type SalesSource } from "./report-sql.server";

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

type TotalsRow = { revenue: number | null; orders: number; units: number | null; discount: number | null };

export async function getSalesTotals(range: DateRange, source = liveSales(range)): Promise<SalesTotals> {
  const [row] = await queryRows<TotalsRow>(
    sql`
    select sum(p.revenue_cents)::float8 as revenue, count(*)::int as orders, sum(p.discount_cents)::float8 as discount,
      (select sum(l.quantity) from ${source.products} l)::float8 as units
    from ${source.sales} p`,
    source.executor,
  );
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

/** Every bucket of the range, empty ones included, oldest first; a week starts on Monday. */
export async function getSalesSeries(
  range: DateRange,
  unit: SeriesUnit,
  source = liveSales(range),
): Promise<SeriesPoint[]> {
  const step = sql.raw(`'1 ${unit}'::interval`);
  const part = sql.raw(`'${unit}'`);
  const rows = await queryRows<{ bucket: string; revenue: number; orders: number }>(
    sql`
    with buckets as (
      select generate_series(date_trunc(${part}, ${range.from}::date::timestamp),
        date_trunc(${part}, ${range.to}::date::timestamp), ${step})::date as bucket
    ), sales as (
      select date_trunc(${part}, p.paid_day)::date as bucket, p.revenue_cents
      from ${source.sales} p
    )
    select to_char(b.bucket, 'YYYY-MM-DD') as bucket, coalesce(sum(s.revenue_cents), 0)::float8 as revenue,
      count(s.bucket)::int as orders
    from buckets b left join sales s on s.bucket = b.bucket
    group by b.bucket order by b.bucket`,
    source.executor,
  );
  return rows.map((row) => ({ bucket: row.bucket, revenueCents: Number(row.revenue), orderCount: Number(row.orders) }));
}

type SplitRow = { fulfillment: string | null; method: string | null; revenue: number; orders: number };

/** Both splits in one pass over the sales: by delivery, and by payment method. */
async function getSplits(source: SalesSource): Promise<{ byFulfillment: SalesSplit[]; byMethod: SalesSplit[] }> {
  const rows = await queryRows<SplitRow>(
    sql`
    select case when grouping(p.fulfillment) = 0 then p.fulfillment end as fulfillment,
      case when grouping(p.method) = 0 then p.method end as method,
      sum(p.revenue_cents)::float8 as revenue, count(*)::int as orders
    from ${source.sales} p group by grouping sets ((p.fulfillment), (p.method))`,
    source.executor,
  );
  const splitOf = (key: "fulfillment" | "method"): SalesSplit[] =>
    rows
      .filter((row) => row[key] !== null)
      .map((row) => ({ key: row[key]!, revenueCents: Number(row.revenue), orderCount: Number(row.orders) }))
      .sort((a, b) => b.revenueCents - a.revenueCents || a.key.localeCompare(b.key));
  return { byFulfillment: splitOf("fulfillment"), byMethod: splitOf("method") };
}

export async function getSalesReport(range: ReportRange, source = liveSales(range)): Promise<SalesReport> {
  const [current, previous, series, splits] = await Promise.all([
    getSalesTotals(range, source),
    getSalesTotals(range.previous, { ...liveSales(range.previous), executor: source.executor }),
    getSalesSeries(range, range.unit, source),
    getSplits(source),
  ]);
  return { current, previous, series, ...splits };
}
