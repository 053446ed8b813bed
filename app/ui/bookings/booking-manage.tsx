import { Form, useNavigate } from "react-router";

import { LATE_CHANGE_MESSAGE } from "~/domain/bookings/booking-labels";
import { FieldError } from "~/ui/form/field";
import { Button, buttonVariants } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";

import { BookingCalendar, type CalendarDay } from "./booking-calendar";

// 'Cancelar reserva' and 'Cambiar horario' on the shopper's booking page, until 'Horas para
// cancelar' before the appointment; after that, WhatsApp. The server checks the deadline again.

type Move = { days: CalendarDay[]; date: string | null; slots: string[] } | null;

/** The visit the cancellation question names. */
type Visit = { code: string; day: string; time: string };

export function BookingManage({
  canChange,
  cancelHours,
  token,
  pagePath,
  whatsappUrl,
  move,
  errors,
  visit,
}: {
  canChange: boolean;
  cancelHours: number;
  token: string | null;
  pagePath: string;
  whatsappUrl: string;
  move: Move;
  errors: Record<string, string | undefined | null>;
  visit: Visit;
}) {
  if (!canChange) {
    return (
      <p className="rounded-2xl bg-primary-soft p-4">
        {LATE_CHANGE_MESSAGE}:{" "}
        <a href={whatsappUrl} target="_blank" rel="noopener noreferrer" className="font-semibold underline">
          abrir WhatsApp
        </a>
      </p>
    );
  }
  const separator = pagePath.includes("?") ? "&" : "?";
  return (
    <section aria-labelledby="reserva-cambios" className="flex flex-col gap-4 rounded-3xl border bg-white p-5 sm:p-7">
      <h2 id="reserva-cambios" className="text-xl font-bold">
        ¿Necesitas cambiarla?
      </h2>
      <p className="text-sm text-muted">
        Puedes cancelar o cambiar el horario hasta {cancelHours} horas antes de la cita.
      </p>
      <FieldError id="form-error" message={errors.form ?? undefined} />
      {move ? (
        <MovePicker move={move} token={token} errors={errors} />
      ) : (
        <Button asChild variant="outline" className="self-start">
          <Link to={`${pagePath}${separator}cambiar=1`} preventScrollReset>
            Cambiar horario
          </Link>
        </Button>
      )}
      <CancelQuestion visit={visit} />
    </section>
  );
}

/**
 * 'Cancelar reserva' only opens the question; the cancellation is its 'Sí, cancelar reserva'.
 * A <details>, as the back office's confirmations are without JavaScript, so it asks the same
 * with or without scripts. It sits below the date picker, away from the taps that choose a day.
 */
function CancelQuestion({ visit }: { visit: Visit }) {
  return (
    <details className="rounded-2xl open:border-2 open:border-red-200 open:p-4">
      <summary
        className={`${buttonVariants({ variant: "outlineDestructive" })} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}
      >
        Cancelar reserva
      </summary>
      <p className="mt-3 font-semibold">¿Cancelar la reserva {visit.code}?</p>
      <p className="mt-1 text-sm text-muted">
        Tu cita del {visit.day} de {visit.time} se cancelará y su horario quedará libre para otra persona. Si luego
        quieres venir, tendrás que reservar de nuevo.
      </p>
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="cancel" />
        <Button type="submit" variant="destructive">
          Sí, cancelar reserva
        </Button>
      </Form>
    </details>
  );
}

function MovePicker({
  move,
  token,
  errors,
}: {
  move: NonNullable<Move>;
  token: string | null;
  errors: Record<string, string | undefined | null>;
}) {
  const navigate = useNavigate();
  const choose = (date: string) => {
    const params = new URLSearchParams({ ...(token ? { t: token } : {}), cambiar: "1", fecha: date });
    void navigate(`?${params.toString()}`, { replace: true, preventScrollReset: true });
  };
  return (
    <div className="flex flex-col gap-4">
      <h3 className="font-semibold">Elige el nuevo día y la hora</h3>
      {/* A GET form, so the calendar's days work without JavaScript. */}
      <Form method="get">
        {token ? <input type="hidden" name="t" value={token} /> : null}
        <input type="hidden" name="cambiar" value="1" />
        <BookingCalendar days={move.days} chosen={move.date} onChoose={choose} />
      </Form>
      {move.date ? (
        <Form method="post" className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="date" value={move.date} />
          {move.slots.length === 0 ? (
            <p className="text-muted">Ese día ya no tiene horarios libres. Elige otro.</p>
          ) : (
            <fieldset className="grid grid-cols-3 gap-2 sm:grid-cols-5">
              <legend className="sr-only">Horarios libres</legend>
              {move.slots.map((time) => (
                <label
                  key={`${move.date}-${time}`}
                  className="flex h-11 cursor-pointer items-center justify-center rounded-xl border-2 border-gray-200 font-semibold has-[:checked]:border-primary-strong has-[:checked]:bg-primary-strong has-[:checked]:text-white has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-primary-strong"
                >
                  <input type="radio" name="time" value={time} required className="sr-only" />
                  {time}
                </label>
              ))}
            </fieldset>
          )}
          <FieldError id="time-error" message={errors.time ?? undefined} />
          <Button type="submit" className="self-start">
            Guardar nuevo horario
          </Button>
        </Form>
      ) : null}
    </div>
  );
}
