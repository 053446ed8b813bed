import { href } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import {
  agendaSearch,
  type AgendaServiceGroup,
  describeCapacity,
  groupByService,
  readAgendaQuery,
} from "~/domain/bookings/agenda";
import { readDaySheet } from "~/domain/bookings/agenda.server";
import { petSizeLabels, petSpeciesLabels } from "~/domain/bookings/booking-labels";
import { formatLongDate } from "~/domain/calendar/lima-time";
import { PrintSheetControls } from "~/ui/admin/print-sheet-controls";

import type { Route } from "./+types/day-sheet";

// /admin/reservas/dia?fecha=YYYY-MM-DD: the day's agenda the owner prints for the groomers and
// the vet, outside the back office's chrome, in black on white: the bookings that still hold
// time, by service and time, with a column to tick each visit off.

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Agenda del día ${loaderData.date} | Gestión` : "Agenda del día | Gestión" },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { date } = readAgendaQuery(new URL(request.url).searchParams, new Date());
  const sheet = await readDaySheet(date);
  return { date, count: sheet.bookings.length, groups: groupByService(sheet.bookings, sheet.services) };
}

const PRINT_CSS = `
@page { size: A4 portrait; margin: 10mm; }
@media print {
  html, body { background: #fff !important; }
  [data-toast] { display: none !important; }
  tr { break-inside: avoid; }
}
`;

const cell = "border border-gray-500 px-2 py-1.5 align-top";
// Fixed widths, so that every service's table lines up with the others on the page.
const HEADERS: [string, string][] = [
  ["Hora", "w-[5.5rem]"],
  ["Mascota", "w-28"],
  ["Tamaño", "w-[4.5rem]"],
  ["Cliente", "w-28"],
  ["Celular", "w-24"],
  ["Notas", ""],
  ["✓", "w-10"],
];

function ServiceTable({ group }: { group: AgendaServiceGroup }) {
  const rows = group.times.flatMap((row) => row.bookings);
  return (
    <section className="mt-5 break-inside-avoid-page" aria-label={group.title}>
      <h2 className="text-base font-bold">
        {group.title} <span className="font-normal">· {describeCapacity(group.capacity)}</span>
      </h2>
      {/* On a phone the table scrolls sideways; on paper it fits the page. */}
      <div className="mt-2 overflow-x-auto print:overflow-visible">
        <table className="w-full min-w-[40rem] table-fixed border-collapse text-sm print:min-w-0">
          <thead>
            <tr className="bg-gray-100 text-left print:bg-transparent">
              {HEADERS.map(([header, width]) => (
                <th key={header} scope="col" className={`${cell} ${width}`}>
                  {header === "✓" ? <span aria-label="Atendida">✓</span> : header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((booking) => (
              <tr key={booking.id}>
                <td className={cell}>
                  <span className="font-semibold whitespace-nowrap">
                    {booking.startTime}–{booking.endTime}
                  </span>
                  <span className="block text-xs">{booking.code}</span>
                </td>
                <td className={cell}>
                  <span className="font-semibold">{booking.petName}</span>
                  <span className="block text-xs">
                    {[petSpeciesLabels[booking.petSpecies], booking.petBreed].filter(Boolean).join(" · ")}
                  </span>
                </td>
                <td className={cell}>{petSizeLabels[booking.size]}</td>
                <td className={cell}>{booking.customerName}</td>
                <td className={`${cell} whitespace-nowrap`}>{booking.customerPhone}</td>
                <td className={`${cell} break-words whitespace-pre-line`}>{booking.notes}</td>
                <td className={cell} aria-label="Casilla para marcar" />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function SheetControls({ date }: { date: string }) {
  const agenda = `${href("/admin/reservas")}${agendaSearch({ view: "day", date })}`;
  return (
    <PrintSheetControls
      day={date}
      back={{ to: agenda, label: "Volver a la agenda" }}
      isDayRequired
      className="max-w-4xl"
    />
  );
}

export default function DaySheet({ loaderData }: Route.ComponentProps) {
  const { date, count, groups } = loaderData;
  return (
    <div className="min-h-dvh bg-gray-100 py-6 print:bg-white print:py-0">
      <style>{PRINT_CSS}</style>
      <SheetControls date={date} />
      <main className="mx-auto max-w-4xl bg-white p-6 text-black shadow-sm sm:p-8 print:max-w-none print:p-0 print:shadow-none">
        <h1 className="text-xl font-bold">Agenda del día</h1>
        <p className="text-sm first-letter:uppercase">
          {formatLongDate(date)} · {count === 1 ? "1 cita" : `${count} citas`}
        </p>
        {groups.length === 0 ? (
          <p className="mt-4 text-sm">No hay citas para este día.</p>
        ) : (
          groups.map((group) => <ServiceTable key={group.serviceId} group={group} />)
        )}
      </main>
    </div>
  );
}
