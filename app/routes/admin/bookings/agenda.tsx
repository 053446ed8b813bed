// /admin/reservas: the owner's agenda (issue 28). A day (?fecha=, today in Lima by default)
// or its week (?vista=semana), the bookings by service with the capacity used, the blocked time
// ranges and the form that blocks one; above them, the phones holding many bookings ahead, each
// with 'Cancelar todas' (issue 41).
import { href } from "react-router";

import { requireAdmin, type SessionUser } from "~/auth/guards.server";
import {
  type AgendaQuery,
  agendaSearch,
  blockFormSchema,
  describeCoveredBookings,
  formatWeekRange,
  groupByDate,
  groupByService,
  readAgendaQuery,
  weekOf,
} from "~/domain/bookings/agenda";
import {
  addBookingBlock,
  listBlockableServices,
  readAgenda,
  removeBookingBlock,
} from "~/domain/bookings/agenda.server";
import { describeCancelledRun, formatPhoneKey, readPhoneKey } from "~/domain/bookings/booking-limits";
import { cancelPhoneRun, listPhoneRuns } from "~/domain/bookings/booking-phone-runs.server";
import { limaDateOf } from "~/domain/bookings/slots";
import { formatLongDate } from "~/domain/calendar/lima-time";
import { formFailure, parseForm } from "~/lib/form.server";
import { parseRecordId } from "~/lib/parse";
import { redirectWithToast, UNKNOWN_ACTION_TOAST } from "~/lib/toast.server";
import { AdminPageHeader } from "~/ui/admin/admin-page";
import { AgendaBlocksCard } from "~/ui/admin/bookings/agenda-blocks";
import { AgendaDay } from "~/ui/admin/bookings/agenda-day";
import { AgendaPhoneRuns } from "~/ui/admin/bookings/agenda-phone-runs";
import { AgendaToolbar } from "~/ui/admin/bookings/agenda-toolbar";
import { AgendaWeek } from "~/ui/admin/bookings/agenda-week";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { useResetKey } from "~/ui/form/use-reset-key";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";
import { useToastFrom } from "~/ui/toaster";

import type { Route } from "./+types/agenda";

export const meta: Route.MetaFunction = () => [{ title: "Agenda de reservas | Gestión" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const now = new Date();
  const query = readAgendaQuery(new URL(request.url).searchParams, now);
  const dates = query.view === "week" ? weekOf(query.date) : [query.date];
  const [agenda, blockServices, phoneRuns] = await Promise.all([
    readAgenda(dates[0]!, dates.at(-1)!),
    listBlockableServices(),
    listPhoneRuns(now),
  ]);
  const shown = query.isHidingCancelled
    ? agenda.bookings.filter((booking) => booking.status !== "cancelled")
    : agenda.bookings;
  return {
    query,
    today: limaDateOf(now),
    dates,
    bookings: shown,
    blocks: agenda.blocks,
    blockServices,
    phoneRuns,
    groups: query.view === "day" ? groupByService(shown, agenda.services) : [],
    days: query.view === "week" ? groupByDate(shown, dates) : [],
  };
}

function agendaPath(query: Pick<AgendaQuery, "view" | "date">): string {
  return `${href("/admin/reservas")}${agendaSearch(query)}`;
}

const BLOCK_GONE_TOAST = {
  title: "Error",
  description: "Ese bloqueo ya no existe. Recarga la página.",
  variant: "destructive",
} as const;

async function blockRange(formData: FormData) {
  const form = await parseForm(formData, blockFormSchema);
  if (!form.ok) return form.failure;
  const result = await addBookingBlock(form.data);
  if (!result.ok) return formFailure({ [result.field]: result.message }, form.values);
  const where = `${formatLongDate(form.data.date)}, de ${form.data.from} a ${form.data.to}`;
  return redirectWithToast(
    agendaPath({ view: "day", date: form.data.date }),
    result.coveredBookingCount > 0
      ? {
          title: "Horario Bloqueado",
          description: `${where}. ${describeCoveredBookings(result.coveredBookingCount)}`,
          variant: "warning",
          duration: 12_000,
        }
      : { title: "Horario Bloqueado", description: `Nadie podrá reservar el ${where}.` },
  );
}

/** 'Cancelar todas': back to the agenda the owner was looking at, saying how many were cancelled. */
async function cancelRun(admin: SessionUser, request: Request, formData: FormData) {
  const back = agendaPath(readAgendaQuery(new URL(request.url).searchParams, new Date()));
  const phoneKey = readPhoneKey(formData.get("phone"));
  if (phoneKey === null) return redirectWithToast(back, UNKNOWN_ACTION_TOAST);
  const cancelled = await cancelPhoneRun({ phoneKey, actor: admin.name });
  return redirectWithToast(back, {
    title: cancelled > 0 ? "Citas Canceladas" : "Nada que Cancelar",
    description: describeCancelledRun(cancelled, formatPhoneKey(phoneKey)),
  });
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "block") return blockRange(formData);
  if (intent === "cancel-phone") return cancelRun(admin, request, formData);
  if (intent === "unblock") {
    const id = parseRecordId(formData.get("id"));
    const removed = id === null ? null : await removeBookingBlock(id);
    if (!removed) return redirectWithToast(href("/admin/reservas"), BLOCK_GONE_TOAST);
    return redirectWithToast(agendaPath({ view: "day", date: removed.date }), {
      title: "Bloqueo Quitado",
      description: "Ese horario vuelve a aceptar reservas.",
    });
  }
  return redirectWithToast(href("/admin/reservas"), UNKNOWN_ACTION_TOAST);
}

function HeaderActions({ date }: { date: string }) {
  return (
    <>
      <Button asChild>
        <Link to={href("/admin/reservas/nueva")}>
          <AdminIcon name="calendar-plus" /> Nueva reserva
        </Link>
      </Button>
      <Button asChild variant="outline">
        <Link to={href("/admin/reservas/horario")}>
          <AdminIcon name="calendar-clock" /> Horario
        </Link>
      </Button>
      <Button asChild variant="outline">
        <Link to={`${href("/admin/reservas/dia")}?fecha=${date}`}>
          <AdminIcon name="printer" /> Imprimir agenda del día
        </Link>
      </Button>
    </>
  );
}

export default function Agenda({ loaderData, actionData }: Route.ComponentProps) {
  const { query, today, dates } = loaderData;
  useToastFrom(actionData?.toast);
  const formKey = useResetKey(loaderData);
  const isDay = query.view === "day";
  return (
    <>
      <AdminPageHeader
        title="Agenda"
        description="Las citas de baño, corte y veterinaria por servicio, con los cupos ocupados."
        actions={<HeaderActions date={query.date} />}
      />
      <AgendaPhoneRuns runs={loaderData.phoneRuns} />
      <AgendaToolbar query={query} today={today} />
      <h2 className="mt-6 mb-3 text-xl font-bold first-letter:uppercase">
        {isDay ? formatLongDate(query.date) : formatWeekRange(dates)}
      </h2>
      {isDay ? (
        <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <AgendaDay groups={loaderData.groups} />
          <AgendaBlocksCard
            date={query.date}
            blocks={loaderData.blocks}
            bookings={loaderData.bookings}
            services={loaderData.blockServices}
            actionData={actionData}
            formKey={formKey}
          />
        </div>
      ) : (
        <AgendaWeek
          days={loaderData.days}
          blocks={loaderData.blocks}
          today={today}
          isHidingCancelled={query.isHidingCancelled}
        />
      )}
    </>
  );
}
