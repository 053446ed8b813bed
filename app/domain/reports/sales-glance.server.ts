// The dashboard's first screen (issue 49): today's and this month's paid revenue against the
// same days of last month, and this month's days beside last month's for its small chart.
// One statement reads the daily sums from the first of last month to today (at most 62 days'
// worth of sales_days rows); the totals and both series are added up from them here, where the
// six statements of the reports' own functions (getSalesTotals, getSalesSeries) each paid the
// embedded database's cost per statement (issue 47). reports.server.test.ts checks both ways agree.
import { sql } from "drizzle-orm";

import { getLimaDate } from "~/domain/calendar/lima-time";

import { addDays, type DateRange, sameDayPreviousMonth } from "./report-range";
import { queryRows, withinDays } from "./report-sql.server";
import { type SalesTotals, type SeriesPoint, toSalesTotals } from "./sales-report.server";

export type SalesGlance = {
  today: string;
  day: { current: SalesTotals; previous: SalesTotals; previousDate: string };
  month: { current: SalesTotals; previous: SalesTotals };
  /** This month's days so far, and last month's up to the same day (or its last, when shorter). */
  series: { current: SeriesPoint[]; previous: SeriesPoint[] };
};

type DayRow = { day: string; revenue: number; orders: number; discount: number; units: number };
type DaySums = Omit<DayRow, "day">;

/** The days' sums within a range, added up (a range without sales gives zeros, as a SQL sum's nulls do). */
function totalsWithin(days: Map<string, DaySums>, range: DateRange): SalesTotals {
  const sum: DaySums = { revenue: 0, orders: 0, discount: 0, units: 0 };
  for (const [day, row] of days) {
    if (day < range.from || day > range.to) continue;
    sum.revenue += row.revenue;
    sum.orders += row.orders;
    sum.discount += row.discount;
    sum.units += row.units;
  }
  return toSalesTotals(sum);
}

/** Every day of the range, oldest first, those without sales at zero. */
function seriesWithin(days: Map<string, DaySums>, range: DateRange): SeriesPoint[] {
  const points: SeriesPoint[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    const row = days.get(day);
    points.push({ bucket: day, revenueCents: row?.revenue ?? 0, orderCount: row?.orders ?? 0 });
  }
  return points;
}

export async function getSalesGlance(now = new Date()): Promise<SalesGlance> {
  const today = getLimaDate(now);
  const sameDay = sameDayPreviousMonth(today);
  const month = { from: `${today.slice(0, 7)}-01`, to: today };
  const lastMonth = { from: `${sameDay.slice(0, 7)}-01`, to: sameDay };
  const rows = await queryRows<DayRow>(sql`
    select to_char(d.day, 'YYYY-MM-DD') as day, sum(d.revenue_cents)::float8 as revenue,
      sum(d.order_count)::float8 as orders, sum(d.discount_cents)::float8 as discount,
      sum(d.units)::float8 as units
    from sales_days d where ${withinDays(sql`d.day`, { from: lastMonth.from, to: today })}
    group by d.day`);
  const days = new Map<string, DaySums>(
    rows.map((row) => [
      row.day,
      {
        revenue: Number(row.revenue),
        orders: Number(row.orders),
        discount: Number(row.discount),
        units: Number(row.units),
      },
    ]),
  );
  return {
    today,
    day: {
      current: totalsWithin(days, { from: today, to: today }),
      previous: totalsWithin(days, { from: sameDay, to: sameDay }),
      previousDate: sameDay,
    },
    month: { current: totalsWithin(days, month), previous: totalsWithin(days, lastMonth) },
    series: { current: seriesWithin(days, month), previous: seriesWithin(days, lastMonth) },
  };
}
