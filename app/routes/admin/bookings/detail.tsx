import { href } from "react-router";

import { requireAdmin, type SessionUser } from "~/auth/guards.server";
import { bookingStatusLabels } from "~/domain/bookings/booking";
import {
  bookingMoveFormSchema,
  bookingStatusFormSchema,
  healthRecordFormSchema,
  healthRecordKindLabels,
  NOT_REGISTERED_PET_MESSAGE,
  REOPEN_TAKEN_MESSAGE,
  STALE_BOOKING_MESSAGE,
} from "~/domain/bookings/booking-admin";
import {
  addHealthRecord,
  type AdminBooking,
  changeBookingStatus,
  getAdminBooking,
  getOwnerDateRange,
  listOwnerSlots,
  moveBooking,
} from "~/domain/bookings/booking-admin.server";
import { readDateInput } from "~/lib/date-input";
import { formFailure, parseForm } from "~/lib/form.server";
import { type FormValues, readFormValues } from "~/lib/form-data";
import { parseRecordId } from "~/lib/parse";
import { redirectWithToast } from "~/lib/toast.server";
import { AdminPageHeader } from "~/ui/admin/admin-page";
import { BookingCustomerCard, BookingSummaryCard, BookingVisitsCard } from "~/ui/admin/bookings/booking-detail-cards";
import { BookingMoveCard } from "~/ui/admin/bookings/booking-move-card";
import { BookingPetCard } from "~/ui/admin/bookings/booking-pet-card";
import { BookingStatusCard } from "~/ui/admin/bookings/booking-status-card";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { formFields } from "~/ui/form/form-fields";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";
import { useToastFrom } from "~/ui/toaster";

import type { Route } from "./+types/detail";

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  { title: loaderData ? `Reserva ${loaderData.booking.code} | Gestión` : "Reserva | Gestión" },
];

/** An unknown booking goes back to the agenda with a toast, as every back-office detail does. */
async function notFound(): Promise<never> {
  throw await redirectWithToast(href("/admin/reservas"), {
    title: "Reserva no encontrada",
    description: "La reserva que buscas no existe. Revisa la agenda.",
    variant: "destructive",
  });
}

/** The day 'Cambiar horario' shows: the one asked for, else the booking's own (or today, if it passed). */
async function readMoveChoice(booking: AdminBooking, request: Request) {
  if (booking.status !== "confirmed") return null;
  const now = new Date();
  const range = await getOwnerDateRange(now);
  const asked = readDateInput(new URL(request.url).searchParams.get("fecha"));
  const date = asked ?? (booking.date < range.today ? range.today : booking.date);
  const { slots, message } = await listOwnerSlots({
    serviceId: booking.serviceId,
    size: booking.size,
    date,
    now,
    exceptBookingId: booking.id,
  });
  // Its own start is free for itself, but moving there changes nothing.
  const times = slots.filter((slot) => slot.startsAt.toISOString() !== booking.startsAt).map((slot) => slot.time);
  return { date, times, message, range, isAsked: asked !== null };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = parseRecordId(params.bookingId);
  const booking = id === null ? null : await getAdminBooking(id);
  if (!booking) return notFound();
  return { booking, move: await readMoveChoice(booking, request) };
}

function backToBooking(bookingId: number, title: string, description?: string) {
  return redirectWithToast(href("/admin/reservas/:bookingId", { bookingId: String(bookingId) }), {
    title,
    description,
  });
}

function refuse(message: string, values: FormValues, status = 409) {
  return formFailure({ form: message }, values, { title: "Error", description: message }, status);
}

async function changeStatus(admin: SessionUser, bookingId: number, formData: FormData) {
  const form = await parseForm(formData, bookingStatusFormSchema);
  if (!form.ok) return form.failure;
  const { status: to, from, note } = form.data;
  const result = await changeBookingStatus({ bookingId, from, to, actor: admin.name, note });
  if (result.status === "not-found") return notFound();
  if (result.status === "stale") return refuse(STALE_BOOKING_MESSAGE, form.values);
  if (result.status === "taken") return refuse(REOPEN_TAKEN_MESSAGE, form.values);
  return backToBooking(bookingId, "Reserva Actualizada", `${result.code} está ${bookingStatusLabels[result.to]}.`);
}

async function move(admin: SessionUser, bookingId: number, formData: FormData) {
  const form = await parseForm(formData, bookingMoveFormSchema);
  if (!form.ok) return form.failure;
  const { date, time, seen } = form.data;
  const result = await moveBooking({ bookingId, date, time, seenStartsAt: seen, actor: admin.name });
  if (result.status === "not-found") return notFound();
  if (result.status === "stale") return refuse(STALE_BOOKING_MESSAGE, form.values);
  if (result.status === "refused") {
    const { field, message } = result.refusal;
    return formFailure({ [field]: message }, form.values, { title: "Error", description: message }, 409);
  }
  return backToBooking(bookingId, "Horario Cambiado", `${result.code}: ${result.when}.`);
}

async function addRecord(bookingId: number, formData: FormData) {
  const form = await parseForm(formData, healthRecordFormSchema);
  if (!form.ok) return form.failure;
  const result = await addHealthRecord(bookingId, form.data);
  if (result.status === "not-found") return notFound();
  if (result.status === "not-registered") return refuse(NOT_REGISTERED_PET_MESSAGE, form.values);
  if (result.status === "invalid") {
    return formFailure({ [result.field]: result.message }, form.values, { title: "Error" }, 400);
  }
  return backToBooking(bookingId, "Registro Guardado", `${healthRecordKindLabels[form.data.kind]} ${form.data.name}.`);
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const id = parseRecordId(params.bookingId);
  if (id === null) return notFound();
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "status") return changeStatus(admin, id, formData);
  if (intent === "move") return move(admin, id, formData);
  if (intent === "health") return addRecord(id, formData);
  return refuse("Acción no válida. Recarga la página.", readFormValues(formData), 400);
}

/** A refused form's values and errors go back to the form that was sent; the others start afresh. */
function formsOf(booking: AdminBooking, actionData: Route.ComponentProps["actionData"]) {
  const refused = actionData && "values" in actionData ? actionData : null;
  const formOf = (intent: string, initial: Record<string, string> = {}) =>
    refused?.values.intent === intent
      ? formFields(refused.values, refused.errors, `${intent}-`)
      : formFields(initial, {}, `${intent}-`);
  return {
    status: formOf("status"),
    move: formOf("move"),
    health: formOf("health", { kind: "vaccination", givenOn: booking.date }),
  };
}

export default function BookingDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  useToastFrom(actionData?.toast);
  const { booking, move } = loaderData;
  const forms = formsOf(booking, actionData);
  const detailPath = href("/admin/reservas/:bookingId", { bookingId: String(booking.id) });
  return (
    <>
      <AdminPageHeader
        title={`Reserva ${booking.code}`}
        description={`${booking.serviceTitle} · ${booking.when}`}
        actions={
          <Button asChild variant="outline">
            <Link to={href("/admin/reservas")}>
              <AdminIcon name="arrow-left" /> Volver a la agenda
            </Link>
          </Button>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          <BookingSummaryCard booking={booking} />
          <BookingStatusCard booking={booking} form={forms.status} />
          {move ? <BookingMoveCard booking={booking} move={move} form={forms.move} dayPath={detailPath} /> : null}
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <BookingCustomerCard booking={booking} />
          <BookingPetCard booking={booking} form={forms.health} />
          <BookingVisitsCard booking={booking} />
        </div>
      </div>
    </>
  );
}
