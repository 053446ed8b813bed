// 'Resumen semanal' (issue 49): every Monday at 8:00 in Lima, last week's figures against the
// week before, mailed to the shop's alert address. Pure: when it is due, and its e-mail.
import type { AlertMail } from "~/domain/alerts/shop-alerts";
import { formatMoney } from "~/lib/money";

import type { BookingReport } from "./booking-report.server";
import type { OrderFunnel } from "./order-funnel.server";
import type { LowStockRow, SoldRow } from "./product-report.server";
import { formatInteger, formatShortDay } from "./report-format";
import { addDays, type DateRange, describeChange } from "./report-range";
import { describeDaysLeft } from "./report-tables";
import type { SalesTotals } from "./sales-report.server";

const SUMMARY_HOUR_LIMA = 8;

/**
 * The Monday (a Lima date) whose summary is due at `now`: on a Monday once 8:00 has passed in
 * Lima, else null. A shop started on Tuesday does not send last Monday's.
 */
export function dueWeeklySummaryMonday(now: Date, getLimaDate: (instant: Date) => string): string | null {
  const today = getLimaDate(now);
  const isMonday = new Date(`${today}T12:00:00Z`).getUTCDay() === 1;
  const sinceEight = getLimaDate(new Date(now.getTime() - SUMMARY_HOUR_LIMA * 60 * 60 * 1000));
  return isMonday && sinceEight === today ? today : null;
}

/** The week a Monday's summary tells (Monday to Sunday before it), and the week before that. */
export function summaryWeeks(monday: string): { week: DateRange; previous: DateRange } {
  return {
    week: { from: addDays(monday, -7), to: addDays(monday, -1) },
    previous: { from: addDays(monday, -14), to: addDays(monday, -8) },
  };
}

type WeekFigures = { sales: SalesTotals; funnel: OrderFunnel; bookings: BookingReport };
export type WeeklyFacts = {
  monday: string;
  current: WeekFigures;
  previous: WeekFigures;
  bestSellers: SoldRow[];
  lowStock: LowStockRow[];
};

function compared(label: string, now: number, before: number, format: (value: number) => string) {
  const change = describeChange(now, before);
  return { label, value: `${format(now)} (${change ? `${change}, ` : ""}antes ${format(before)})` };
}

function bookingCounts({ byService }: BookingReport) {
  return {
    kept: byService.reduce((sum, row) => sum + row.bookingCount - row.cancelledCount, 0),
    noShows: byService.reduce((sum, row) => sum + row.noShowCount, 0),
  };
}

const isQuiet = ({ sales, funnel, bookings }: WeekFigures) =>
  sales.orderCount === 0 && funnel.sentCount === 0 && bookings.byService.length === 0;

/** The Monday e-mail; null when neither week saw an order or a booking (a shop not open yet has nothing to compare). */
export function buildWeeklySummary(facts: WeeklyFacts, reportUrl: string): AlertMail | null {
  const { week } = summaryWeeks(facts.monday);
  const { current: now, previous: before } = facts;
  if (isQuiet(now) && isQuiet(before)) return null;
  const period = `del ${formatShortDay(week.from)} al ${formatShortDay(week.to)}`;
  const bookingsNow = bookingCounts(now.bookings);
  const bookingsBefore = bookingCounts(before.bookings);
  return {
    subject: `Resumen semanal ${period}: ${formatMoney(now.sales.revenueCents)} en ventas pagadas`,
    content: {
      heading: `Resumen semanal, ${period}`,
      paragraphs: ["Las cifras de la semana pasada, comparadas con la semana anterior (horas de Lima)."],
      sections: [
        {
          title: "Ventas",
          rows: [
            compared("Ingresos pagados", now.sales.revenueCents, before.sales.revenueCents, formatMoney),
            compared("Pedidos pagados", now.sales.orderCount, before.sales.orderCount, formatInteger),
            compared("Ticket promedio", now.sales.averageTicketCents, before.sales.averageTicketCents, formatMoney),
            compared("Unidades vendidas", now.sales.units, before.sales.units, formatInteger),
          ],
        },
        {
          title: "Pedidos de la semana",
          rows: [
            compared("Enviados", now.funnel.sentCount, before.funnel.sentCount, formatInteger),
            compared("Esperan su pago", now.funnel.pendingCount, before.funnel.pendingCount, formatInteger),
            compared("Vencidos sin pago", now.funnel.expiredCount, before.funnel.expiredCount, formatInteger),
            compared("Cancelados", now.funnel.cancelledCount, before.funnel.cancelledCount, formatInteger),
          ],
        },
        {
          title: "Reservas",
          rows: [
            compared("Citas (sin las canceladas)", bookingsNow.kept, bookingsBefore.kept, formatInteger),
            compared("No asistieron", bookingsNow.noShows, bookingsBefore.noShows, formatInteger),
          ],
        },
        {
          title: "Más vendidos",
          rows: facts.bestSellers.map((row) => ({ label: row.name, value: `${formatInteger(row.units)} u.` })),
          lines: facts.bestSellers.length === 0 ? ["Sin ventas la semana pasada."] : [],
        },
        {
          title: "Por agotarse",
          rows: facts.lowStock.map((row) => ({
            label: row.variantName ? `${row.title} (${row.variantName})` : row.title,
            value: `${row.stock} u. · ${describeDaysLeft(row.stock, row.daysLeft)}`,
          })),
          lines: facts.lowStock.length === 0 ? ["Ninguna presentación con stock bajo."] : [],
        },
      ],
      action: { label: "Ver el reporte", url: reportUrl },
      note: "Puedes dejar de recibir este resumen en Configuración › Información de Contacto.",
    },
  };
}
