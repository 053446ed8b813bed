import { useState } from "react";

import {
  countFilledRanges,
  dayErrorKey,
  MAX_RANGES_PER_DAY,
  rangeFieldName,
  scheduleWeekdays,
} from "~/domain/bookings/booking-settings";
import { readClockInput } from "~/lib/date-input";
import { useIsHydrated } from "~/lib/use-hydrated";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { ClockInput } from "~/ui/form/date-field";
import { FieldError } from "~/ui/form/field";
import type { FormFields } from "~/ui/form/form-fields";
import { Button } from "~/ui/primitives/button";

// The opening hours of each weekday: up to three ranges a day. Without JavaScript every day
// shows its three pairs of time boxes (a blank pair is no range); with it, only the ranges in
// use, with 'Añadir horario' and a button to remove each.

type Range = { from: string; to: string };
type Weekday = (typeof scheduleWeekdays)[number];

function readRanges(form: FormFields, day: string): Range[] {
  return Array.from({ length: MAX_RANGES_PER_DAY }, (_, index) => ({
    from: form.value(rangeFieldName(day, index, "from")),
    to: form.value(rangeFieldName(day, index, "to")),
  }));
}

function TimeBox({
  name,
  label,
  value,
  errorId,
  onChange,
}: {
  name: string;
  label: string;
  value: string;
  errorId: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <div className="w-32">
      <ClockInput
        name={name}
        id={name}
        aria-label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={(event) => onChange(readClockInput(event.target.value) ?? event.target.value)}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
      />
    </div>
  );
}

function DayHours({ day, form }: { day: Weekday; form: FormFields }) {
  const isHydrated = useIsHydrated();
  const [ranges, setRanges] = useState(() => readRanges(form, day.key));
  const [count, setCount] = useState(() => countFilledRanges(form.values, day.key));
  const shown = isHydrated ? ranges.slice(0, count) : ranges;
  const isClosed = isHydrated ? count === 0 : countFilledRanges(form.values, day.key) === 0;
  const error = form.error(dayErrorKey(day.key));
  const errorId = error ? `horario-${day.key}-error` : undefined;

  const update = (index: number, end: keyof Range, value: string) =>
    setRanges((current) => current.map((range, at) => (at === index ? { ...range, [end]: value } : range)));
  const remove = (index: number) => {
    setRanges((current) => [...current.slice(0, index), ...current.slice(index + 1), { from: "", to: "" }]);
    setCount((current) => current - 1);
  };

  return (
    <div
      role="group"
      aria-labelledby={`horario-${day.key}`}
      className="grid gap-2 border-b py-4 last:border-b-0 md:grid-cols-[9rem_1fr] md:gap-4"
    >
      <p id={`horario-${day.key}`} className="flex items-center gap-2 font-semibold md:h-10">
        {day.label}
        {isClosed ? <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs text-muted">Cerrado</span> : null}
      </p>
      <div className="flex flex-col gap-2">
        <div className="flex flex-col gap-2 lg:flex-row lg:flex-wrap lg:items-center lg:gap-x-6">
          <ul className="flex flex-col gap-2 lg:flex-row lg:flex-wrap lg:gap-x-6">
            {shown.map((range, index) => (
              <li key={index} className="flex items-center gap-2">
                <TimeBox
                  name={rangeFieldName(day.key, index, "from")}
                  label={`${day.label}, horario ${index + 1}: desde`}
                  value={range.from}
                  errorId={errorId}
                  onChange={(value) => update(index, "from", value)}
                />
                <span aria-hidden>a</span>
                <TimeBox
                  name={rangeFieldName(day.key, index, "to")}
                  label={`${day.label}, horario ${index + 1}: hasta`}
                  value={range.to}
                  errorId={errorId}
                  onChange={(value) => update(index, "to", value)}
                />
                {isHydrated ? (
                  <Button
                    type="button"
                    variant="ghostDestructive"
                    size="iconSm"
                    aria-label={`Quitar el horario ${index + 1} del ${day.label.toLowerCase()}`}
                    onClick={() => remove(index)}
                  >
                    <AdminIcon name="x" />
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
          {isHydrated && count < MAX_RANGES_PER_DAY ? (
            <div>
              <Button type="button" variant="ghostPrimary" size="sm" onClick={() => setCount((current) => current + 1)}>
                <AdminIcon name="plus" /> Añadir horario
              </Button>
            </div>
          ) : null}
        </div>
        {errorId ? <FieldError id={errorId} message={error} /> : null}
      </div>
    </div>
  );
}

/** The seven days, Monday first. */
export function WeeklyHoursFields({ form }: { form: FormFields }) {
  return (
    <div>
      {scheduleWeekdays.map((day) => (
        <DayHours key={day.key} day={day} form={form} />
      ))}
    </div>
  );
}
