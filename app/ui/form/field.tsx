import { type ComponentProps, type ReactNode, useId } from "react";

import { cn } from "~/lib/cn";
import { Input } from "~/ui/primitives/input";

// The one form-field kit: every form (storefront and back office) builds on these, so
// labels, Spanish errors and their aria wiring look and behave the same everywhere.

/** A labelled input with its Spanish error message underneath. */
export function Field({
  label,
  error,
  className,
  inputProps,
}: {
  label: string;
  error?: string | undefined;
  className?: string;
  inputProps: ComponentProps<"input">;
}) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const errorId = `${id}-error`;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...inputProps}
      />
      <FieldError id={errorId} message={error} />
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
  id,
  label,
  hint,
  error,
  className,
  textareaProps,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string | undefined;
  className?: string;
  textareaProps: ComponentProps<"textarea">;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <textarea
        id={id}
        rows={5}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={cn(controlClass, "min-h-28 py-2")}
        {...textareaProps}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** A labelled drop-down with its error. */
export function SelectField({
  id,
  label,
  error,
  className,
  selectProps,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  className?: string;
  selectProps: ComponentProps<"select">;
  children: ReactNode;
}) {
  const errorId = `${id}-error`;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cn(controlClass, "h-10")}
        {...selectProps}
      >
        {children}
      </select>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** A check box with its label beside it and its error underneath. */
export function CheckboxField({
  id,
  label,
  error,
  className,
  inputProps,
}: {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  className?: string;
  inputProps: ComponentProps<"input">;
}) {
  const errorId = `${id}-error`;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-0.5 size-5 shrink-0 accent-primary-strong"
          {...inputProps}
        />
        <label htmlFor={id} className="text-sm">
          {label}
        </label>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
