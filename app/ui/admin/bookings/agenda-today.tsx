import { href } from "react-router";

import type { AgendaBooking } from "~/domain/bookings/agenda";
import { petSizeLabels } from "~/domain/bookings/booking-labels";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { Link } from "~/ui/primitives/link";

// The dashboard's 'Citas de hoy': today's bookings in Lima that still hold time, in order.

export function TodaysBookingsCard({ bookings }: { bookings: readonly AgendaBooking[] }) {
  return (
    <section aria-labelledby="citas-de-hoy" className="rounded-xl border bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="citas-de-hoy" className="flex items-center gap-2 text-lg font-bold">
          <AdminIcon name="calendar-clock" className="size-5 text-primary-strong" /> Citas de hoy
          {bookings.length > 0 ? <span className="text-base font-normal text-muted">({bookings.length})</span> : null}
        </h2>
        <Link to={href("/admin/reservas")} className="text-sm font-semibold text-primary-strong underline">
          Ver agenda
        </Link>
      </div>
      {bookings.length === 0 ? (
        <p className="mt-3 text-muted">No hay citas hoy.</p>
      ) : (
        <ul className="mt-3 divide-y">
          {bookings.map((booking) => (
            <li key={booking.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 py-2 text-sm">
              <span className="w-12 font-bold">{booking.startTime}</span>
              <span className="min-w-0 flex-1">
                <Link
                  to={href("/admin/reservas/:bookingId", { bookingId: String(booking.id) })}
                  className="font-semibold text-ink underline-offset-4 hover:underline"
                >
                  {booking.petName} ({petSizeLabels[booking.size]})
                </Link>
                <span className="text-muted"> · {booking.serviceTitle}</span>
              </span>
              <span className="text-muted">{booking.customerName}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
