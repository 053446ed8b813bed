// The dashboard's first screen (issue 49): today's and this month's paid revenue against the
// same days of last month, and this month's days beside last month's for its small chart.
import { getLimaDate } from "~/domain/calendar/lima-time";

import { sameDayPreviousMonth } from "./report-range";
import { getSalesSeries, getSalesTotals, type SalesTotals, type SeriesPoint } from "./sales-report.server";

export type SalesGlance = {
  today: string;
  day: { current: SalesTotals; previous: SalesTotals; previousDate: string };
  month: { current: SalesTotals; previous: SalesTotals };
  /** This month's days so far, and last month's up to the same day (or its last, when shorter). */
  series: { current: SeriesPoint[]; previous: SeriesPoint[] };
};

export async function getSalesGlance(now = new Date()): Promise<SalesGlance> {
  const today = getLimaDate(now);
  const sameDay = sameDayPreviousMonth(today);
  const month = { from: `${today.slice(0, 7)}-01`, to: today };
  const lastMonth = { from: `${sameDay.slice(0, 7)}-01`, to: sameDay };
  const [dayNow, dayBefore, monthNow, monthBefore, seriesNow, seriesBefore] = await Promise.all([
    getSalesTotals({ from: today, to: today }),
    getSalesTotals({ from: sameDay, to: sameDay }),
    getSalesTotals(month),
    getSalesTotals(lastMonth),
    getSalesSeries(month, "day"),
    getSalesSeries(lastMonth, "day"),
  ]);
  return {
    today,
    day: { current: dayNow, previous: dayBefore, previousDate: sameDay },
    month: { current: monthNow, previous: monthBefore },
    series: { current: seriesNow, previous: seriesBefore },
  };
}
