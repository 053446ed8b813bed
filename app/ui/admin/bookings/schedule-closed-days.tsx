import { Form } from "react-router";

import { MAX_CLOSED_DAY_REASON_LENGTH } from "~/domain/bookings/booking-settings";
import type { ClosedDay } from "~/domain/bookings/booking-settings.server";
import { formatLongDate } from "~/domain/calendar/lima-time";
import { AdminCard } from "~/ui/admin/admin-page";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { DateField } from "~/ui/form/date-field";
import { Field } from "~/ui/form/field";
import type { FormFields } from "~/ui/form/form-fields";
import { SubmitButton } from "~/ui/form/submit-button";

// 'Días cerrados': the owner's own dates without bookings (beside the holidays), each added
// and removed by its own small form.

function ClosedDayRow({ closedDay }: { closedDay: ClosedDay }) {
  const date = formatLongDate(closedDay.day);
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-3">
      <span className="flex items-center gap-3">
        <AdminIcon name="calendar-x" className="size-5 shrink-0 text-muted" />
        <span className="flex flex-col">
          <span className="font-semibold first-letter:uppercase">{date}</span>
          {closedDay.reason ? <span className="text-sm text-muted">{closedDay.reason}</span> : null}
        </span>
      </span>
      <Form method="post">
        <input type="hidden" name="day" value={closedDay.day} />
        <SubmitButton
          intent="remove-closed-day"
          pendingFields={{ day: closedDay.day }}
          pendingLabel="Quitando…"
          variant="ghostDestructive"
          size="sm"
          aria-label={`Quitar el día cerrado ${date}`}
        >
          Quitar
        </SubmitButton>
      </Form>
    </li>
  );
}

export function ClosedDaysCard({
  closedDays,
  today,
  form,
}: {
  closedDays: ClosedDay[];
  today: string;
  form: FormFields;
}) {
  return (
    <AdminCard title="Días cerrados">
      <p className="mb-4 text-sm text-muted">
        Fechas en que no se atienden citas, además de los feriados: por ejemplo por inventario o vacaciones.
      </p>
      <Form method="post" className="grid gap-4 sm:grid-cols-[12rem_1fr_auto] sm:items-start" noValidate>
        <DateField label="Fecha" field={form.field("day")} inputProps={{ min: today, required: true }} />
        <Field
          label="Motivo (opcional)"
          field={form.field("reason")}
          inputProps={{ maxLength: MAX_CLOSED_DAY_REASON_LENGTH, placeholder: "Inventario, Vacaciones…" }}
        />
        <SubmitButton intent="add-closed-day" pendingLabel="Añadiendo…" variant="outline" className="sm:mt-7">
          Añadir día cerrado
        </SubmitButton>
      </Form>
      <h3 className="mt-6 font-semibold">Próximos días cerrados</h3>
      {closedDays.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No hay días cerrados próximos.</p>
      ) : (
        <ul className="mt-2 divide-y">
          {closedDays.map((closedDay) => (
            <ClosedDayRow key={closedDay.day} closedDay={closedDay} />
          ))}
        </ul>
      )}
    </AdminCard>
  );
}
