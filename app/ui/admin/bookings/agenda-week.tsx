import { href } from "react-router";

import {
  type AgendaBooking,
  agendaSearch,
  countCoveredBookings,
  describeCoveredBookings,
  formatWeekday,
  isHoldingTime,
} from "~/domain/bookings/agenda";
import type { AgendaBlock } from "~/domain/bookings/agenda.server";
import { cn } from "~/lib/cn";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { Link } from "~/ui/primitives/link";

import { AgendaBookingLine } from "./agenda-booking";

// The week view, Monday to Sunday, a row a day: its bookings in time order and its blocks, with
// how many bookings each service has that day. A day's heading opens its day view.

export type AgendaWeekDay = { date: string; bookings: AgendaBooking[] };

/** 'Baño y Corte para Perro: 3 · Consulta Veterinaria General: 1' (cancelled ones not counted). */
function countByService(bookings: readonly AgendaBooking[]): string {
  const counts = new Map<string, number>();
  for (const booking of bookings.filter(isHoldingTime)) {
    counts.set(booking.serviceTitle, (counts.get(booking.serviceTitle) ?? 0) + 1);
  }
  return [...counts].map(([title, count]) => `${title}: ${count}`).join(" · ");
}

/** A block as a short line: the day view lists them in full, with 'Quitar'. */
function WeekBlock({ block, bookings }: { block: AgendaBlock; bookings: readonly AgendaBooking[] }) {
  const covered = countCoveredBookings(block, bookings);
  return (
    <li className="flex items-start gap-1.5 rounded-md border border-gray-300 bg-gray-50 px-2 py-1.5 text-xs">
      <AdminIcon name="ban" className="mt-0.5 size-3.5 shrink-0 text-gray-600" />
      <span>
        <span className="font-semibold">
          Bloqueado {block.startTime}–{block.endTime}
        </span>{" "}
        · {block.serviceTitle ?? "Todos los servicios"}
        {covered > 0 ? (
          <span className="block font-semibold text-amber-800">{describeCoveredBookings(covered)}</span>
        ) : null}
      </span>
    </li>
  );
}

function WeekDay({
  day,
  blocks,
  today,
  isHidingCancelled,
}: {
  day: AgendaWeekDay;
  blocks: readonly AgendaBlock[];
  today: string;
  isHidingCancelled: boolean;
}) {
  const dayBlocks = blocks.filter((block) => block.date === day.date);
  const summary = countByService(day.bookings);
  const isToday = day.date === today;
  return (
    <li
      className={cn(
        "grid gap-3 rounded-xl border p-3 shadow-sm md:grid-cols-[11rem_minmax(0,1fr)]",
        isToday ? "border-primary bg-primary-soft" : "bg-white",
      )}
      aria-label={formatWeekday(day.date)}
    >
      <div>
        <h3 className="font-bold first-letter:uppercase">
          <Link
            to={`${href("/admin/reservas")}${agendaSearch({ view: "day", date: day.date, isHidingCancelled })}`}
            className="underline-offset-4 hover:underline"
          >
            {formatWeekday(day.date)}
          </Link>
          {isToday ? <span className="ml-2 text-xs font-semibold text-primary-strong">Hoy</span> : null}
        </h3>
        {summary ? <p className="text-xs text-muted">{summary}</p> : null}
      </div>
      <div className="flex flex-col gap-2">
        {dayBlocks.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label="Horarios bloqueados">
            {dayBlocks.map((block) => (
              <WeekBlock key={block.id} block={block} bookings={day.bookings} />
            ))}
          </ul>
        ) : null}
        {day.bookings.length === 0 ? (
          <p className="text-sm text-muted">Sin reservas.</p>
        ) : (
          <ul className="grid grid-cols-[repeat(auto-fill,minmax(10.5rem,1fr))] gap-1.5">
            {day.bookings.map((booking) => (
              <li key={booking.id}>
                <AgendaBookingLine booking={booking} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}

export function AgendaWeek({
  days,
  blocks,
  today,
  isHidingCancelled,
}: {
  days: readonly AgendaWeekDay[];
  blocks: readonly AgendaBlock[];
  today: string;
  isHidingCancelled: boolean;
}) {
  return (
    <ol className="flex flex-col gap-3">
      {days.map((day) => (
        <WeekDay key={day.date} day={day} blocks={blocks} today={today} isHidingCancelled={isHidingCancelled} />
      ))}
    </ol>
  );
}
