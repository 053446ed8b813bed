import { data, redirect } from "react-router";

import { bookingStatusLabels } from "~/domain/bookings/booking-labels";
import { findViewableBooking, loadBookingView } from "~/domain/bookings/booking-view.server";
import { cancelBookingAsCustomer, moveBookingAsCustomer } from "~/domain/bookings/customer-bookings.server";
import { isIsoDate, parseClock } from "~/domain/bookings/slots";
import { pageTitle } from "~/domain/content/seo";
import { formFailure } from "~/lib/form.server";
import { readFormValues } from "~/lib/form-data";
import { formatMoney } from "~/lib/money";
import { redirectWithToast } from "~/lib/toast.server";
import { BookingManageSlot } from "~/ui/bookings/booking-manage-slot";
import { Icon } from "~/ui/icons/icon";
import { Button } from "~/ui/primitives/button";
import { useToastFrom } from "~/ui/toaster";

import type { Route } from "./+types/booking-page";

// /reserva/{code}: the booking's confirmation and the shopper's page to cancel or move it
// (issue 28). Personal data behind a secret link: never cached, 404 to anyone but its owner.

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: pageTitle(data?.booking ? `Reserva ${data.booking.code}` : "Página no encontrada", matches) },
  { name: "robots", content: "noindex" },
];

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

const notFound = () => data(null, { status: 404 });

export async function loader({ request, params }: Route.LoaderArgs) {
  const booking = await findViewableBooking(request, params.code);
  if (!booking) throw notFound();
  return loadBookingView(request, booking);
}

export async function action({ request, params }: Route.ActionArgs) {
  const booking = await findViewableBooking(request, params.code);
  if (!booking) throw notFound();
  const values = readFormValues(await request.formData());
  const url = new URL(request.url);
  const back = `${url.pathname}${url.searchParams.get("t") ? `?t=${encodeURIComponent(url.searchParams.get("t")!)}` : ""}`;
  if (values.intent === "cancel") {
    const result = await cancelBookingAsCustomer(booking.id);
    if (!result.ok) return formFailure({ form: result.refusal.message }, values, {}, 409);
    return redirectWithToast(back, {
      title: "Reserva cancelada",
      description: `Cancelamos la reserva ${booking.code}.`,
    });
  }
  if (values.intent === "move") {
    const date = values.date ?? "";
    const time = values.time ?? "";
    if (!isIsoDate(date) || parseClock(time) === null) {
      return formFailure({ time: "Elige un horario de la lista." }, values);
    }
    const result = await moveBookingAsCustomer(booking.id, { date, time });
    if (!result.ok) {
      const field = result.refusal.field === "time" ? "time" : "form";
      return formFailure({ [field]: result.refusal.message }, values, {}, 409);
    }
    return redirectWithToast(back, {
      title: "Horario cambiado",
      description: `Tu reserva ${booking.code} se actualizó.`,
    });
  }
  throw redirect(back);
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-3">
      <dt className="text-sm font-semibold text-muted sm:w-32 sm:shrink-0">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

export default function BookingPage({ loaderData: d, actionData }: Route.ComponentProps) {
  useToastFrom(actionData?.toast);
  const b = d.booking;
  const isCancelled = b.status === "cancelled";
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:py-12">
      <header className="flex flex-col gap-2">
        <p className="text-sm font-semibold text-muted">Reserva {b.code}</p>
        <h1 className="text-2xl font-bold text-primary-strong sm:text-3xl">
          {isCancelled ? "Reserva cancelada" : b.isPast ? "Cita pasada" : "¡Tu cita está reservada!"}
        </h1>
        <p className="text-lg">
          {b.serviceTitle} para <strong>{b.petName}</strong>, el {b.day}, {b.time}.
        </p>
      </header>
      <section aria-label="Detalle de la reserva" className="rounded-3xl border bg-white p-5 shadow-sm sm:p-7">
        <dl className="flex flex-col gap-3">
          <Detail label="Código">{b.code}</Detail>
          <Detail label="Estado">{bookingStatusLabels[b.status]}</Detail>
          <Detail label="Fecha">{b.day}</Detail>
          <Detail label="Hora">{b.time} (hora de Lima)</Detail>
          <Detail label="Servicio">{b.serviceTitle}</Detail>
          <Detail label="Mascota">
            {b.petName} ({b.pet})
          </Detail>
          {b.priceCents !== null ? <Detail label="Precio">{formatMoney(b.priceCents)}</Detail> : null}
          <Detail label="A nombre de">
            {b.customerName} · {b.customerPhone}
            {b.customerEmail ? ` · ${b.customerEmail}` : ""}
          </Detail>
          {b.notes ? <Detail label="Notas">{b.notes}</Detail> : null}
          <Detail label="Dirección">
            <span className="inline-flex items-start gap-1.5">
              <Icon name="map-pin" className="mt-0.5 size-4 shrink-0" />
              {d.shop.address || d.shop.name}
            </span>
          </Detail>
        </dl>
        {isCancelled ? null : (
          <div className="mt-6 flex flex-wrap gap-3">
            <Button asChild variant="outline">
              <a href={d.icsPath} download={`${b.code}.ics`}>
                <Icon name="calendar-plus" />
                Añadir a mi calendario
              </a>
            </Button>
            <Button asChild variant="whatsapp">
              <a href={d.whatsappUrl} target="_blank" rel="noopener noreferrer">
                Escribir por WhatsApp con mi código
              </a>
            </Button>
          </div>
        )}
      </section>
      {isCancelled || b.isPast ? null : (
        <BookingManageSlot
          canChange={d.canChange}
          cancelHours={d.cancelHours}
          token={d.token}
          pagePath={d.pagePath}
          whatsappUrl={d.whatsappUrl}
          move={d.move}
          errors={actionData?.errors ?? {}}
          visit={{ code: b.code, day: b.day, time: b.time }}
        />
      )}
      <p className="text-sm text-muted">Guarda este enlace: con él puedes ver, cambiar o cancelar tu reserva.</p>
    </div>
  );
}
