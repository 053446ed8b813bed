import { href } from "react-router";

import { type AgendaBooking, telHref } from "~/domain/bookings/agenda";
import { bookingStatusLabels, petSizeLabels, petSpeciesLabels } from "~/domain/bookings/booking-labels";
import { cn } from "~/lib/cn";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { Link } from "~/ui/primitives/link";

// One booking in the owner's agenda: a card in the day view, a line in the week view.

type BookingStatus = AgendaBooking["status"];

const statusClasses: Record<BookingStatus, string> = {
  confirmed: "bg-sky-100 text-sky-900",
  attended: "bg-green-100 text-green-900",
  no_show: "bg-amber-100 text-amber-900",
  cancelled: "bg-gray-200 text-gray-700",
};

function AgendaStatusBadge({ status }: { status: BookingStatus }) {
  return (
    <span
      className={cn(
        "inline-flex w-fit items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap",
        statusClasses[status],
      )}
    >
      {bookingStatusLabels[status]}
    </span>
  );
}

/** 'Firulais · Perro · Pequeño · Shih Tzu'. */
function describePet(booking: Pick<AgendaBooking, "petName" | "petSpecies" | "size" | "petBreed">): string {
  return [booking.petName, petSpeciesLabels[booking.petSpecies], petSizeLabels[booking.size], booking.petBreed]
    .filter(Boolean)
    .join(" · ");
}

function detailPath(booking: AgendaBooking): string {
  return href("/admin/reservas/:bookingId", { bookingId: String(booking.id) });
}

export function AgendaBookingCard({ booking }: { booking: AgendaBooking }) {
  const isCancelled = booking.status === "cancelled";
  return (
    <article
      className={cn(
        "flex h-full flex-col gap-1 rounded-lg border p-3 text-sm",
        isCancelled ? "bg-gray-50 opacity-70" : "bg-white",
      )}
      aria-label={`${booking.code}, ${booking.petName}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className={cn("font-bold", isCancelled && "line-through")}>
          {booking.startTime}–{booking.endTime}
        </span>
        <AgendaStatusBadge status={booking.status} />
      </div>
      <p className="font-semibold text-ink">{describePet(booking)}</p>
      <p className="flex flex-wrap items-center gap-x-2">
        <span>{booking.customerName}</span>
        <a
          href={telHref(booking.customerPhone)}
          className="inline-flex items-center gap-1 text-primary-strong underline"
        >
          <AdminIcon name="phone" className="size-3.5" />
          {booking.customerPhone}
        </a>
      </p>
      {booking.notes ? (
        <p className="break-words whitespace-pre-line text-muted">
          <span className="font-semibold text-ink">Notas:</span> {booking.notes}
        </p>
      ) : null}
      <p className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-1 text-xs text-muted">
        <span>{booking.code}</span>
        <Link to={detailPath(booking)} className="font-semibold text-primary-strong underline">
          Ver reserva<span className="sr-only"> {booking.code}</span>
        </Link>
      </p>
    </article>
  );
}

/** The week view's short form: time, service, pet and customer, linked to the booking. */
export function AgendaBookingLine({ booking }: { booking: AgendaBooking }) {
  const isCancelled = booking.status === "cancelled";
  return (
    <Link
      to={detailPath(booking)}
      className={cn(
        "block rounded-md border px-2 py-1.5 text-xs transition hover:border-primary",
        isCancelled ? "bg-gray-50 opacity-70" : "bg-white",
      )}
    >
      <span className={cn("block font-bold", isCancelled && "line-through")}>
        {booking.startTime}–{booking.endTime}
      </span>
      <span className="block text-muted">{booking.serviceTitle}</span>
      <span className="block font-semibold text-ink">
        {booking.petName} · {petSizeLabels[booking.size]}
      </span>
      <span className="block">{booking.customerName}</span>
      {booking.status === "confirmed" ? null : <AgendaStatusBadge status={booking.status} />}
    </Link>
  );
}
