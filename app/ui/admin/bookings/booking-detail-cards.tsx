import type { ReactNode } from "react";
import { href } from "react-router";

import { telHref } from "~/domain/bookings/agenda";
import { bookingSourceLabels } from "~/domain/bookings/booking-admin";
import type { AdminBooking } from "~/domain/bookings/booking-admin.server";
import { petSizeLabels } from "~/domain/bookings/booking-labels";
import { formatMoney } from "~/lib/money";
import { AdminCard } from "~/ui/admin/admin-page";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";

import { BookingStatusBadge } from "./booking-status-badge";

// The booking detail's read-only cards: the appointment, the customer (with the WhatsApp
// reminder) and the pet's other visits.

export function BookingDetail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="font-semibold">{term}</dt>
      <dd className="break-words whitespace-pre-line">{children}</dd>
    </div>
  );
}

export function BookingSummaryCard({ booking }: { booking: AdminBooking }) {
  return (
    <AdminCard title="Cita">
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <BookingDetail term="Servicio">{booking.serviceTitle}</BookingDetail>
        <BookingDetail term="Estado">
          <BookingStatusBadge status={booking.status} />
        </BookingDetail>
        <div className="sm:col-span-2">
          <BookingDetail term="Fecha y hora">{booking.when}</BookingDetail>
        </div>
        <BookingDetail term="Tamaño">{petSizeLabels[booking.size]}</BookingDetail>
        <BookingDetail term="Precio">
          {booking.priceCents === null ? "—" : formatMoney(booking.priceCents)}
        </BookingDetail>
        <BookingDetail term="Origen">{bookingSourceLabels[booking.source]}</BookingDetail>
        <BookingDetail term="Código">{booking.code}</BookingDetail>
        <div className="sm:col-span-2">
          <BookingDetail term="Notas">{booking.notes || <span className="text-muted">Sin notas.</span>}</BookingDetail>
        </div>
      </dl>
    </AdminCard>
  );
}

export function BookingCustomerCard({ booking }: { booking: AdminBooking }) {
  const { customer } = booking;
  return (
    <AdminCard title="Cliente">
      <dl className="flex flex-col gap-3 text-sm">
        <BookingDetail term="Nombre">{customer.name}</BookingDetail>
        <BookingDetail term="Celular">
          <a
            href={telHref(customer.phone)}
            className="inline-flex items-center gap-1 text-primary-strong hover:underline"
          >
            <AdminIcon name="phone" className="size-4 shrink-0" /> {customer.phone}
          </a>
        </BookingDetail>
        <BookingDetail term="Correo">
          {customer.email ? (
            <a
              href={`mailto:${customer.email}`}
              className="inline-flex items-center gap-1 break-all text-primary-strong hover:underline"
            >
              <AdminIcon name="mail" className="size-4 shrink-0" /> {customer.email}
            </a>
          ) : (
            <span className="text-muted">Sin correo: recuérdale la cita por WhatsApp.</span>
          )}
        </BookingDetail>
      </dl>
      {booking.status === "confirmed" ? (
        <Button asChild variant="whatsapp" className="mt-4">
          <a href={booking.reminderUrl} target="_blank" rel="noopener noreferrer">
            <AdminIcon name="message-circle" /> Recordar por WhatsApp
          </a>
        </Button>
      ) : null}
    </AdminCard>
  );
}

export function BookingVisitsCard({ booking }: { booking: AdminBooking }) {
  return (
    <AdminCard title={`Otras visitas de ${booking.pet.name}`}>
      {booking.visits.length === 0 ? (
        <p className="text-sm text-muted">Es la primera reserva de {booking.pet.name}.</p>
      ) : (
        <ul className="divide-y text-sm" aria-label="Visitas anteriores">
          {booking.visits.map((visit) => (
            <li key={visit.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
              <div className="min-w-0">
                <Link
                  to={href("/admin/reservas/:bookingId", { bookingId: String(visit.id) })}
                  className="font-semibold text-primary-strong hover:underline"
                >
                  {visit.when}
                </Link>
                <p className="text-muted">{visit.serviceTitle}</p>
              </div>
              <BookingStatusBadge status={visit.status} />
            </li>
          ))}
        </ul>
      )}
    </AdminCard>
  );
}
