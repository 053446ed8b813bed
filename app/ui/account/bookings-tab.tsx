import { href } from "react-router";

import { type BookingStatus, bookingStatusLabels } from "~/domain/bookings/booking-labels";
import { cn } from "~/lib/cn";
import { formatMoney } from "~/lib/money";
import { Link } from "~/ui/primitives/link";

// 'Mis Reservas' (issue 28), a tab of /perfil: the account's upcoming and past bookings, each
// leading to its own page, where it is cancelled or moved until 'Horas para cancelar' before.

export type BookingListItem = {
  code: string;
  status: BookingStatus;
  serviceTitle: string;
  petName: string;
  day: string;
  time: string;
  priceCents: number | null;
  canChange: boolean;
};

const statusClasses: Record<BookingStatus, string> = {
  confirmed: "bg-primary-soft text-primary-strong",
  attended: "bg-green-100 text-green-800",
  no_show: "bg-amber-100 text-amber-900",
  cancelled: "bg-gray-100 text-gray-700",
};

function BookingRow({ booking }: { booking: BookingListItem }) {
  return (
    <li className="flex flex-col gap-2 rounded-2xl border bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-semibold">
          {booking.serviceTitle} · {booking.petName}
        </p>
        <p className="text-sm text-muted">
          {booking.day}, {booking.time} · {booking.code}
          {booking.priceCents !== null ? ` · ${formatMoney(booking.priceCents)}` : ""}
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-3">
        <span className={cn("rounded-full px-3 py-1 text-xs font-semibold", statusClasses[booking.status])}>
          {bookingStatusLabels[booking.status]}
        </span>
        <Link
          to={href("/reserva/:code", { code: booking.code })}
          className="text-sm font-semibold text-primary-strong underline-offset-4 hover:underline"
        >
          {booking.canChange ? "Ver, cambiar o cancelar" : "Ver reserva"}
        </Link>
      </div>
    </li>
  );
}

export function BookingsTab({ upcoming, past }: { upcoming: BookingListItem[]; past: BookingListItem[] }) {
  return (
    <div className="mt-6 flex flex-col gap-8">
      <section aria-labelledby="reservas-proximas">
        <h2 id="reservas-proximas" className="mb-3 text-xl font-bold">
          Próximas
        </h2>
        {upcoming.length === 0 ? (
          <p className="text-muted">
            No tienes reservas próximas.{" "}
            <Link
              to={href("/servicios/:familySlug?/:categorySlug?/:subcategorySlug?")}
              className="font-semibold text-primary-strong underline"
            >
              Ver servicios
            </Link>
          </p>
        ) : (
          <ul className="flex flex-col gap-3">
            {upcoming.map((booking) => (
              <BookingRow key={booking.code} booking={booking} />
            ))}
          </ul>
        )}
      </section>
      {past.length > 0 ? (
        <section aria-labelledby="reservas-pasadas">
          <h2 id="reservas-pasadas" className="mb-3 text-xl font-bold">
            Pasadas y canceladas
          </h2>
          <ul className="flex flex-col gap-3">
            {past.map((booking) => (
              <BookingRow key={booking.code} booking={booking} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
