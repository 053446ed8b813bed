import { FieldError } from "~/ui/form/field";

// The free times of one day as a group of radio buttons, for the move and the booking taken by
// phone: one form post chooses the time, with or without JavaScript.

export function BookingSlotPicker({
  idPrefix,
  times,
  defaultTime,
  error,
  emptyMessage,
}: {
  idPrefix: string;
  times: string[];
  defaultTime?: string;
  error?: string;
  emptyMessage: string | null;
}) {
  const errorId = `${idPrefix}time-error`;
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm font-semibold">Hora (Lima)</legend>
      {times.length === 0 ? (
        <p className="text-sm text-muted">{emptyMessage ?? "No quedan horarios libres ese día. Elige otro."}</p>
      ) : (
        <div className="grid grid-cols-4 gap-2 sm:grid-cols-6">
          {times.map((time) => (
            <label
              key={time}
              className="flex h-10 cursor-pointer items-center justify-center rounded-lg border border-gray-300 bg-white text-sm font-semibold has-checked:border-primary-strong has-checked:bg-primary-strong has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-primary-strong"
            >
              <input
                type="radio"
                name="time"
                value={time}
                defaultChecked={time === defaultTime}
                aria-invalid={error ? true : undefined}
                className="sr-only"
              />
              {time}
            </label>
          ))}
        </div>
      )}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
