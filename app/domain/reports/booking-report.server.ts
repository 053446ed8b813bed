// 'Servicios y reservas' (issue 49): the bookings whose appointment falls in the range, per
// service (attended, no-shows, cancelled) and per hour of the day in Lima.
import { sql } from "drizzle-orm";

import type { DateRange } from "./report-range";
import { queryRows, withinRange } from "./report-sql.server";

type ServiceBookings = {
  service: string;
  bookingCount: number;
  attendedCount: number;
  noShowCount: number;
  cancelledCount: number;
};
type HourBookings = { hour: number; bookingCount: number };
export type BookingReport = { byService: ServiceBookings[]; byHour: HourBookings[] };

export async function getBookingReport(range: DateRange): Promise<BookingReport> {
  const inRange = withinRange(sql`b.starts_at`, range);
  const [byService, byHour] = await Promise.all([
    queryRows<Record<string, number | string>>(sql`
      select b.service_title as service, count(*)::int as total,
        count(*) filter (where b.status = 'attended')::int as attended,
        count(*) filter (where b.status = 'no_show')::int as no_show,
        count(*) filter (where b.status = 'cancelled')::int as cancelled
      from bookings b where ${inRange}
      group by b.service_title order by total desc, service`),
    // Kept appointments only: a cancelled one did not fill the hour.
    queryRows<{ hour: number; total: number }>(sql`
      select extract(hour from b.starts_at at time zone 'America/Lima')::int as hour, count(*)::int as total
      from bookings b where ${inRange} and b.status <> 'cancelled'
      group by 1 order by 1`),
  ]);
  return {
    byService: byService.map((row) => ({
      service: String(row.service),
      bookingCount: Number(row.total),
      attendedCount: Number(row.attended),
      noShowCount: Number(row.no_show),
      cancelledCount: Number(row.cancelled),
    })),
    byHour: byHour.map((row) => ({ hour: Number(row.hour), bookingCount: Number(row.total) })),
  };
}
