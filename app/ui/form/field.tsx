import type { ComponentProps, HTMLInputTypeAttribute, ReactNode } from "react";

import { cn } from "~/lib/cn";
import { Input } from "~/ui/primitives/input";

import type { CheckboxBinding, FieldBinding } from "./form-fields";

// The one form-field kit: every form (storefront and back office) builds on these, so
// labels, Spanish errors and their aria wiring look and behave the same everywhere. Each
// takes a `field` from formFields()/useFormFields() (form-fields.ts): id, name, starting
// value and error come from there; the element's other attributes go in its props object.

/** The ids an element's aria-describedby lists: its hint, its error, and any the caller adds. */
function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(" ") || undefined;
}

/** The value props of a control: a controlled one (`value`) gets no defaultValue. */
function startingValue(field: FieldBinding, props: { value?: unknown; defaultValue?: unknown; type?: string }) {
  // A file input cannot start with a value.
  if ("value" in props || "defaultValue" in props || props.type === "file") return {};
  return { defaultValue: field.defaultValue ?? "" };
}

function FieldHint({ id, hint }: { id: string; hint: ReactNode | undefined }) {
  if (!hint) return null;
  return (
    <p id={id} className="text-sm text-muted">
      {hint}
    </p>
  );
}

function FieldLabel({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="text-sm font-semibold">
      {children}
    </label>
  );
}

type FieldProps<Props> = {
  label: ReactNode;
  field: FieldBinding;
  /** A note under the label, read with the field (aria-describedby). */
  hint?: ReactNode;
  className?: string;
} & Props;

/**
 * The input types a browser draws in the phone's language ('mm/dd/yyyy', AM/PM): never used;
 * dates and times are DateField and ClockField (date-field.tsx, ADR 034).
 */
type BrowserLocaleType = "date" | "time" | "datetime-local" | "month" | "week";

/** An input's props without the browser-drawn date and time types. */
export type TextInputProps = Omit<ComponentProps<"input">, "type"> & {
  type?: Exclude<HTMLInputTypeAttribute, BrowserLocaleType>;
};

/** A labelled input with its Spanish error message underneath. */
export function Field({
  label,
  field,
  hint,
  className,
  inputProps = {},
  control: Control = Input,
}: FieldProps<{
  inputProps?: TextInputProps;
  /** The box itself, when it is not a plain Input (DateField, ClockField). */
  control?: (props: ComponentProps<"input">) => ReactNode;
}>) {
  const { id, name, error } = field;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <FieldHint id={`${id}-hint`} hint={hint} />
      <Control
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        {...startingValue(field, inputProps)}
        {...inputProps}
        aria-describedby={describedBy(
          hint ? `${id}-hint` : null,
          error && `${id}-error`,
          inputProps["aria-describedby"],
        )}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The Spanish message under a field; its id is what the field's aria-describedby names. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-red-700">
      {message}
    </p>
  );
}

const controlClass =
  "w-full rounded-lg border border-gray-300 bg-white px-3 text-base text-ink placeholder:text-muted focus-visible:border-primary-strong aria-[invalid=true]:border-red-600 disabled:cursor-not-allowed disabled:bg-gray-100 disabled:text-muted";

/** A labelled multi-line text box with its error. */
export function TextAreaField({
  label,
  field,
  hint,
  className,
  textareaProps = {},
}: FieldProps<{ textareaProps?: ComponentProps<"textarea"> }>) {
  const { id, name, error } = field;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <FieldHint id={`${id}-hint`} hint={hint} />
      <textarea
        id={id}
        name={name}
        rows={5}
        aria-invalid={error ? true : undefined}
        className={cn(controlClass, "min-h-28 py-2")}
        {...startingValue(field, textareaProps)}
        {...textareaProps}
        aria-describedby={describedBy(
          hint ? `${id}-hint` : null,
          error && `${id}-error`,
          textareaProps["aria-describedby"],
        )}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A labelled drop-down with its error. */
export function SelectField({
  label,
  field,
  hint,
  className,
  selectProps = {},
  children,
}: FieldProps<{ selectProps?: ComponentProps<"select">; children: ReactNode }>) {
  const { id, name, error } = field;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <FieldHint id={`${id}-hint`} hint={hint} />
      <select
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        className={cn(controlClass, "h-10")}
        {...startingValue(field, selectProps)}
        {...selectProps}
        aria-describedby={describedBy(
          hint ? `${id}-hint` : null,
          error && `${id}-error`,
          selectProps["aria-describedby"],
        )}
      >
        {children}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A check box with its label beside it and its error underneath. */
export function CheckboxField({
  label,
  field,
  className,
  inputProps = {},
}: {
  label: ReactNode;
  field: CheckboxBinding;
  className?: string;
  inputProps?: ComponentProps<"input">;
}) {
  const { id, name, error } = field;
  const isControlled = "checked" in inputProps || "defaultChecked" in inputProps;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <div className="flex items-start gap-3">
        <input
          id={id}
          name={name}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          className="mt-0.5 size-5 shrink-0 accent-primary-strong"
          {...(isControlled ? {} : { defaultChecked: field.defaultChecked })}
          {...inputProps}
          aria-describedby={describedBy(error && `${id}-error`, inputProps["aria-describedby"])}
        />
        <label htmlFor={id} className="text-sm">
          {label}
        </label>
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
