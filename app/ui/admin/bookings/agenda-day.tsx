import { type AgendaServiceGroup, describeCapacity } from "~/domain/bookings/agenda";
import { cn } from "~/lib/cn";

import { AgendaBookingCard } from "./agenda-booking";

// The day view: one section per service, its bookings by start time, and at each time how many
// of the service's places are taken (visits that started earlier and still run count too).

function ServiceGroup({ group }: { group: AgendaServiceGroup }) {
  const headingId = `servicio-${group.serviceId}`;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border bg-white p-4 shadow-sm sm:p-5">
      <h2 id={headingId} className="text-lg font-bold">
        {group.title} <span className="font-normal text-muted">· {describeCapacity(group.capacity)}</span>
      </h2>
      <ol className="mt-3 flex flex-col gap-4">
        {group.times.map((row) => {
          const isFull = row.used >= group.capacity;
          return (
            <li key={row.time} className="flex flex-col gap-2 border-t pt-3 first:border-t-0 first:pt-0">
              <p className="flex flex-wrap items-baseline gap-x-3">
                <span className="text-xl font-bold">{row.time}</span>
                <span className={cn("text-sm", isFull ? "font-semibold text-ink" : "text-muted")}>
                  ocupado {row.used} de {group.capacity}
                  {isFull ? " · completo" : ""}
                </span>
              </p>
              <ul className="grid gap-2 sm:grid-cols-2">
                {row.bookings.map((booking) => (
                  <li key={booking.id}>
                    <AgendaBookingCard booking={booking} />
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

export function AgendaDay({ groups }: { groups: readonly AgendaServiceGroup[] }) {
  if (groups.length === 0) {
    return (
      <p className="rounded-xl border bg-white p-6 text-center text-muted shadow-sm">No hay reservas para este día.</p>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {groups.map((group) => (
        <ServiceGroup key={group.serviceId} group={group} />
      ))}
    </div>
  );
}
