import { Form, href } from "react-router";

import { MAX_RANGES_PER_DAY, type ScheduleNumberField, scheduleNumberFields } from "~/domain/bookings/booking-settings";
import type { ClosedDay } from "~/domain/bookings/booking-settings.server";
import { formatLongDate } from "~/domain/calendar/lima-time";
import type { Holiday } from "~/domain/calendar/peru-holidays";
import { AdminCard, AdminPageHeader } from "~/ui/admin/admin-page";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { CheckboxField, Field } from "~/ui/form/field";
import { type FormActionData, type FormFields, formFields } from "~/ui/form/form-fields";
import { SubmitButton } from "~/ui/form/submit-button";
import { useResetKey } from "~/ui/form/use-reset-key";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";
import { useToastFrom } from "~/ui/toaster";

import { ClosedDaysCard } from "./schedule-closed-days";
import { WeeklyHoursFields } from "./schedule-hours";

// /admin/reservas/horario: the weekly hours and the booking rules in one form, the closed
// days in their own forms. A refused form comes back to the form it came from, as typed.

export type ScheduleScreenData = {
  values: Record<string, string>;
  version: string;
  closedDays: ClosedDay[];
  holidays: Holiday[];
  today: string;
};

const numberHints: Record<ScheduleNumberField, string> = {
  slotMinutes: "Cada cuántos minutos empieza un horario: con 30, las 09:00, las 09:30…",
  horizonDays: "Hasta cuántos días desde hoy muestra el calendario de reservas.",
  minNoticeHours: "Una reserva en línea se hace al menos con estas horas de anticipación.",
  cancelHours: "El cliente puede cancelar o cambiar su cita en línea hasta estas horas antes.",
};

function NumberField({ name, form }: { name: ScheduleNumberField; form: FormFields }) {
  const { label, min, max } = scheduleNumberFields[name];
  return (
    <Field
      label={label}
      field={form.field(name)}
      hint={numberHints[name]}
      inputProps={{ type: "number", inputMode: "numeric", min, max, step: 1, required: true }}
    />
  );
}

function HolidaysField({ form, holidays }: { form: FormFields; holidays: Holiday[] }) {
  return (
    <div className="flex flex-col gap-2 sm:col-span-2">
      <CheckboxField label="Cerrar en feriados nacionales" field={form.checkbox("closedOnHolidays")} />
      {holidays.length > 0 ? (
        <div className="ml-8 text-sm text-muted">
          <p>Próximos feriados:</p>
          <ul className="mt-1 list-disc pl-5">
            {holidays.map((holiday) => (
              <li key={holiday.date}>
                <span className="first-letter:uppercase">{formatLongDate(holiday.date)}</span>: {holiday.name}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

function ScheduleForm({ data, form }: { data: ScheduleScreenData; form: FormFields }) {
  return (
    <Form method="post" key={data.version} className="flex flex-col gap-6" noValidate>
      <AdminCard title="Días y horas de atención">
        <p className="text-sm text-muted">
          Hasta {MAX_RANGES_PER_DAY} horarios por día, por ejemplo de 09:00 a 13:00 y de 15:00 a 19:00. Un día sin
          horarios queda cerrado.
        </p>
        <WeeklyHoursFields form={form} />
      </AdminCard>
      <AdminCard title="Reglas de reserva">
        <div className="grid gap-5 sm:grid-cols-2">
          <NumberField name="slotMinutes" form={form} />
          <NumberField name="horizonDays" form={form} />
          <NumberField name="minNoticeHours" form={form} />
          <NumberField name="cancelHours" form={form} />
          <HolidaysField form={form} holidays={data.holidays} />
        </div>
      </AdminCard>
      <div className="flex justify-end">
        <SubmitButton intent="save" size="lg">
          Guardar horario
        </SubmitButton>
      </div>
    </Form>
  );
}

/** The action's answer, for the form that sent it (its intent) only. */
function answerOf(actionData: FormActionData, intent: string): FormActionData {
  return actionData?.values?.intent === intent ? actionData : undefined;
}

export function ScheduleScreen({ data, actionData }: { data: ScheduleScreenData; actionData: FormActionData }) {
  useToastFrom(actionData?.toast);
  const scheduleAnswer = answerOf(actionData, "save");
  const closedDayAnswer = answerOf(actionData, "add-closed-day");
  const scheduleForm = formFields(scheduleAnswer?.values ?? data.values, scheduleAnswer?.errors ?? {});
  const closedDayForm = formFields(closedDayAnswer?.values ?? {}, closedDayAnswer?.errors ?? {}, "dia-cerrado-");
  // After a day is added the add form starts empty; after a refusal it keeps what was typed.
  const closedDayFormKey = useResetKey(data);
  return (
    <div className="max-w-4xl">
      <AdminPageHeader
        title="Horario de atención para citas"
        description="Cuándo se pueden reservar los servicios en línea: los días y horas de atención, las reglas de reserva y los días cerrados."
        actions={
          <Button asChild variant="ghost">
            <Link to={href("/admin/reservas")}>
              <AdminIcon name="arrow-left" /> Volver a la agenda
            </Link>
          </Button>
        }
      />
      <div className="flex flex-col gap-6">
        <ScheduleForm data={data} form={scheduleForm} />
        <ClosedDaysCard key={closedDayFormKey} closedDays={data.closedDays} today={data.today} form={closedDayForm} />
      </div>
    </div>
  );
}
