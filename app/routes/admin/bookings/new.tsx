import { href } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import { bookingFormSchema, petSizeLabels, SIZE_UNAVAILABLE_MESSAGE } from "~/domain/bookings/booking";
import {
  createBookingByPhone,
  getOwnerDateRange,
  listBookableServices,
  listOwnerSlots,
} from "~/domain/bookings/booking-admin.server";
import { isIsoDate } from "~/domain/bookings/slots";
import { formatLongDate } from "~/domain/calendar/lima-time";
import { toIsoDate } from "~/lib/date-input";
import { formFailure, VALIDATION_TOAST_TITLE } from "~/lib/form.server";
import { parseWithSchema, readFormValues } from "~/lib/form-data";
import { parseRecordId } from "~/lib/parse";
import { redirectWithToast } from "~/lib/toast.server";
import { AdminPageHeader } from "~/ui/admin/admin-page";
import { NewBookingDayStep, NewBookingDetailsStep } from "~/ui/admin/bookings/booking-new-form";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { useFormFields } from "~/ui/form/form-fields";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";

import type { Route } from "./+types/new";

// A booking taken by phone (issue 28): the same createBooking as the shop's form, so the same
// guarantee against double booking, with source 'admin' and the admin's name in its history.

export const meta: Route.MetaFunction = () => [{ title: "Nueva reserva | Gestión" }];

const CHOOSE_SERVICE_MESSAGE = "Elige un servicio de la lista.";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const now = new Date();
  const [services, range] = await Promise.all([listBookableServices(), getOwnerDateRange(now)]);
  const params = new URL(request.url).searchParams;
  const choice = {
    serviceId: params.get("servicio") ?? "",
    size: params.get("tamano") ?? "",
    date: toIsoDate(params.get("fecha") ?? range.today),
  };
  const errors: Record<string, string> = {};
  const service = services.find((candidate) => String(candidate.id) === choice.serviceId);
  if (choice.serviceId && !service) errors.serviceId = CHOOSE_SERVICE_MESSAGE;
  const size = service?.sizes.find((candidate) => candidate.size === choice.size);
  if (service && choice.size && !size) errors.size = SIZE_UNAVAILABLE_MESSAGE;
  if (!isIsoDate(choice.date)) errors.date = "Elige un día del calendario.";
  const day =
    service && size && !errors.date
      ? await listOwnerSlots({ serviceId: service.id, size: size.size, date: choice.date, now })
      : null;
  return {
    services: services.map(({ id, title, sizes }) => ({ id, title, sizes })),
    choice,
    errors,
    range,
    day: day && { times: day.slots.map((slot) => slot.time), message: day.message },
    summary:
      service && size && day
        ? `${service.title} · ${petSizeLabels[size.size]} (${size.durationMinutes} min) · ${formatLongDate(choice.date)}`
        : "",
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const values = readFormValues(await request.formData());
  const serviceId = parseRecordId(values.serviceId);
  const parsed = parseWithSchema(bookingFormSchema, values);
  if (!parsed.success || serviceId === null) {
    const errors = parsed.success ? {} : parsed.errors;
    if (serviceId === null) errors.serviceId = CHOOSE_SERVICE_MESSAGE;
    return formFailure(errors, values, { title: VALIDATION_TOAST_TITLE }, 400);
  }
  const result = await createBookingByPhone({ serviceId, form: parsed.data, actor: admin.name });
  if (result.ok) {
    const { id, code } = result.booking;
    return redirectWithToast(href("/admin/reservas/:bookingId", { bookingId: String(id) }), {
      title: `Reserva ${code} creada`,
    });
  }
  const { field, message } = result.refusal;
  const at = field === "form" || field === "petId" ? "serviceId" : field;
  return formFailure({ [at]: message }, values, { title: "Error", description: message }, 409);
}

export default function NewBookingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { services, choice, errors, range, day, summary } = loaderData;
  const form = useFormFields({ petSpecies: "dog" }, actionData);
  return (
    <>
      <AdminPageHeader
        title="Nueva reserva"
        description="Para una cita pedida por teléfono o en la tienda: elige el servicio y el día, luego la hora."
        actions={
          <Button asChild variant="outline">
            <Link to={href("/admin/reservas")}>
              <AdminIcon name="arrow-left" /> Volver a la agenda
            </Link>
          </Button>
        }
      />
      <div className="flex flex-col gap-6">
        <NewBookingDayStep services={services} choice={choice} errors={errors} range={range} />
        {day ? <NewBookingDetailsStep summary={summary} choice={choice} day={day} form={form} /> : null}
      </div>
    </>
  );
}
