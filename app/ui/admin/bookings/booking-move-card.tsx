import { Form } from "react-router";

import type { AdminBooking } from "~/domain/bookings/booking-admin.server";
import { AdminCard } from "~/ui/admin/admin-page";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { DateField } from "~/ui/form/date-field";
import { FieldError } from "~/ui/form/field";
import type { FormFields } from "~/ui/form/form-fields";
import { SubmitButton } from "~/ui/form/submit-button";
import { Button, buttonVariants } from "~/ui/primitives/button";

import { BookingSlotPicker } from "./booking-slot-picker";

// 'Cambiar horario': a plain GET of the day shows its free times for the same service and
// size; posting one moves the booking (checked again on the server, under the agenda's lock).

export type MoveChoice = {
  date: string;
  times: string[];
  message: string | null;
  range: { today: string; lastDay: string };
  /** The owner asked for a day (`?fecha=`): the card opens on it. */
  isAsked: boolean;
};

export function BookingMoveCard({
  booking,
  move,
  form,
  dayPath,
}: {
  booking: AdminBooking;
  move: MoveChoice;
  form: FormFields;
  /** Where the day's GET goes and the move posts: this page with `?fecha=`. */
  dayPath: string;
}) {
  return (
    <AdminCard title="Cambiar horario" id="cambiar-horario">
      {/* Closed until asked for, so that a phone shows the customer first; opens by itself without JavaScript. */}
      <details open={move.isAsked || Object.keys(form.errors).length > 0}>
        <summary className={buttonVariants({ variant: "outline" })}>
          <AdminIcon name="calendar-clock" /> Elegir otro día y hora
        </summary>
        <Form method="get" className="mt-5 flex flex-wrap items-end gap-3" preventScrollReset>
          <DateField
            label="Día"
            className="min-w-44 flex-1"
            field={{ id: "move-date", name: "fecha", defaultValue: move.date, error: form.error("date") }}
            inputProps={{ min: move.range.today, max: move.range.lastDay, required: true }}
          />
          <Button type="submit" variant="outline">
            <AdminIcon name="search" /> Ver horarios
          </Button>
        </Form>
        {/* Keyed on the start: after a move the choice starts afresh. */}
        <Form
          key={booking.startsAt}
          method="post"
          action={`${dayPath}?fecha=${move.date}`}
          preventScrollReset
          className="mt-5 flex flex-col gap-4"
        >
          <input type="hidden" name="date" value={move.date} />
          <input type="hidden" name="seen" value={booking.startsAt} />
          <BookingSlotPicker
            idPrefix="move-"
            times={move.times}
            defaultTime={form.value("time")}
            error={form.error("time")}
            emptyMessage={move.message}
          />
          <FieldError id="move-form-error" message={form.error("form") ?? form.error("seen")} />
          {move.times.length > 0 ? (
            <SubmitButton intent="move" className="self-start" pendingLabel="Cambiando…">
              <AdminIcon name="calendar-clock" /> Mover a este horario
            </SubmitButton>
          ) : null}
        </Form>
      </details>
    </AdminCard>
  );
}
