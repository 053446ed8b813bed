// /admin/reservas/horario: 'Horario de atención para citas' (issue 28): the weekly opening
// ranges, the booking rules and the owner's closed days.
import { href } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import {
  bookingScheduleFormSchema,
  closedDayFormSchema,
  listUpcomingHolidays,
  toScheduleFormValues,
} from "~/domain/bookings/booking-settings";
import {
  addClosedDay,
  getScheduleForEditor,
  removeClosedDay,
  saveBookingSchedule,
} from "~/domain/bookings/booking-settings.server";
import { limaDateOf } from "~/domain/bookings/slots";
import { formatLongDate } from "~/domain/calendar/lima-time";
import { parseForm } from "~/lib/form.server";
import { redirectWithToast, UNKNOWN_ACTION_TOAST } from "~/lib/toast.server";
import { ScheduleScreen } from "~/ui/admin/bookings/schedule-form";

import type { Route } from "./+types/schedule";

export const meta: Route.MetaFunction = () => [{ title: "Horario de atención para citas | Gestión" }];

const SCHEDULE_PATH = href("/admin/reservas/horario");
const UPCOMING_HOLIDAYS = 5;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const today = limaDateOf(new Date());
  const { schedule, closedDays, updatedAt } = await getScheduleForEditor(today);
  return {
    values: toScheduleFormValues(schedule),
    version: updatedAt.toISOString(),
    closedDays,
    holidays: listUpcomingHolidays(today, UPCOMING_HOLIDAYS),
    today,
  };
}

async function saveSchedule(admin: { id: string }, formData: FormData) {
  const form = await parseForm(formData, bookingScheduleFormSchema);
  if (!form.ok) return form.failure;
  await saveBookingSchedule(admin, form.data);
  return redirectWithToast(SCHEDULE_PATH, {
    title: "Horario guardado",
    description: "Las reservas en línea siguen el nuevo horario desde ahora.",
  });
}

async function closeDay(admin: { id: string }, formData: FormData) {
  const form = await parseForm(formData, closedDayFormSchema(limaDateOf(new Date())));
  if (!form.ok) return form.failure;
  const outcome = await addClosedDay(admin, form.data);
  const date = formatLongDate(form.data.day);
  return redirectWithToast(SCHEDULE_PATH, {
    title: outcome === "added" ? "Día cerrado añadido" : "Día cerrado actualizado",
    description: `El ${date} no se reciben reservas en línea.`,
  });
}

async function openDay(admin: { id: string }, formData: FormData) {
  const day = String(formData.get("day") ?? "");
  if (!(await removeClosedDay(admin, day))) {
    return redirectWithToast(SCHEDULE_PATH, {
      title: "Error",
      description: "Ese día ya no está en la lista. Recarga la página.",
      variant: "destructive",
    });
  }
  return redirectWithToast(SCHEDULE_PATH, {
    title: "Día cerrado quitado",
    description: `El ${formatLongDate(day)} vuelve a recibir reservas según el horario.`,
  });
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "save") return saveSchedule(admin, formData);
  if (intent === "add-closed-day") return closeDay(admin, formData);
  if (intent === "remove-closed-day") return openDay(admin, formData);
  return redirectWithToast(SCHEDULE_PATH, UNKNOWN_ACTION_TOAST);
}

export default function BookingSchedule({ loaderData, actionData }: Route.ComponentProps) {
  return <ScheduleScreen data={loaderData} actionData={actionData} />;
}
