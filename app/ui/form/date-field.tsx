import { type ComponentProps, useRef } from "react";

import { cn } from "~/lib/cn";
import { CLOCK_PLACEHOLDER, DATE_PLACEHOLDER, isoOfShownDate, showDateInput } from "~/lib/date-display";
import { useIsHydrated } from "~/lib/use-hydrated";
import { Icon } from "~/ui/icons/icon";
import { Input } from "~/ui/primitives/input";

import { Field } from "./field";

// The shop's own date and time boxes (issue 40, ADR 034): a browser draws type="date" and
// type="time" in the phone's language ('mm/dd/yyyy', '09:30 AM' on an English phone), so these
// are text boxes that show and take 'dd/mm/aaaa' and 24-hour 'hh:mm', and the server reads what
// was typed (lib/date-input.ts; only the display helpers of lib/date-display.ts come to the browser). With scripts, a button beside the date opens the phone's own
// calendar, and its choice is written back the Peruvian way. `Field` refuses the
// types "date" and "time" (a type error; ESLint refuses them in raw JSX), so no form can show
// the browser's format by mistake. Its own module, so pages without a date do not carry it.

type InputProps = ComponentProps<"input">;

/** A date box: shows '05/01/2027' for the ISO default '2027-01-05'; min/max (ISO) bound the calendar. */
export function DateInput({ defaultValue, min, max, className, type: _type, ...props }: InputProps) {
  const isHydrated = useIsHydrated();
  const textRef = useRef<HTMLInputElement>(null);
  const pickerRef = useRef<HTMLInputElement>(null);

  const openCalendar = () => {
    const text = textRef.current;
    const picker = pickerRef.current;
    if (!text || !picker) return;
    picker.value = isoOfShownDate(text.value);
    try {
      picker.showPicker();
    } catch {
      text.focus();
    }
  };
  const chooseFromCalendar = (iso: string) => {
    const text = textRef.current;
    if (!text || !iso) return;
    text.value = showDateInput(iso);
    text.dispatchEvent(new Event("input", { bubbles: true }));
    text.dispatchEvent(new Event("change", { bubbles: true }));
  };

  return (
    <div className="relative font-normal">
      <Input
        {...props}
        ref={textRef}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={DATE_PLACEHOLDER}
        maxLength={10}
        defaultValue={showDateInput(String(defaultValue ?? ""))}
        className={cn(isHydrated && "pr-11", className)}
      />
      {isHydrated ? (
        <>
          <input
            ref={pickerRef}
            type="date"
            tabIndex={-1}
            aria-hidden
            min={typeof min === "string" ? min : undefined}
            max={typeof max === "string" ? max : undefined}
            className="pointer-events-none absolute right-0 bottom-0 size-px opacity-0"
            onChange={(event) => chooseFromCalendar(event.target.value)}
          />
          <button
            type="button"
            onClick={openCalendar}
            disabled={props.disabled}
            aria-label="Elegir en el calendario"
            className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-muted hover:text-primary-strong focus-visible:text-primary-strong"
          >
            <Icon name="calendar-days" className="size-5" />
          </button>
        </>
      ) : null}
    </div>
  );
}

/** A 24-hour time box: the owner types '09:30' (or '930', '9.30'; the server reads them all). */
export function ClockInput({ type: _type, step: _step, ...props }: InputProps) {
  return (
    <Input
      {...props}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={CLOCK_PLACEHOLDER}
      maxLength={5}
    />
  );
}

type FieldProps = Omit<ComponentProps<typeof Field>, "control">;

/** A labelled date box ('dd/mm/aaaa') with its Spanish error: Field with a DateInput. */
export function DateField(props: FieldProps) {
  return <Field {...props} control={DateInput} />;
}

/** A labelled 24-hour time box with its Spanish error: Field with a ClockInput. */
export function ClockField(props: FieldProps) {
  return <Field {...props} control={ClockInput} />;
}
